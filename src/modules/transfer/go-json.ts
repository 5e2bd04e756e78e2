/*
 * encoding/json's Unmarshal of a JSON object into a Go struct whose fields are all strings
 * (FungibleTokenPacketData, unknown fields disallowed), byte for byte:
 * - the whole input must be one JSON object (surrounding whitespace only), strings as Go's
 *   scanner checks them (no control bytes, known escapes) but not for UTF-8;
 * - a key names a field when it equals the field's name or folds to it (ASCII case-insensitive,
 *   plus U+017F 'ſ' ~ 's' and U+212A 'K' ~ 'k', Unicode's simple folds onto ASCII); the last
 *   occurrence wins; any other key is an error (ibc-go's FungibleTokenPacketData.UnmarshalJSON
 *   sets DisallowUnknownFields);
 * - a field's value must be a string, or null (which leaves the field as it was);
 * - strings are made well-formed: each byte that does not start a valid UTF-8 sequence, and each
 *   unpaired surrogate escape, becomes U+FFFD.
 * Any failure is a GoJsonError; ibc-go turns every one of them into the same error code.
 */

export class GoJsonError extends Error {}

const utf8Decoder = new TextDecoder("utf-8");

/** Length of the valid UTF-8 sequence at `i` (utf8.DecodeRune), or 0 when the byte starts none. */
function utf8SeqLength(b: Uint8Array, i: number): number {
  const c = b[i]!;
  if (c < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf): boolean => i + k < b.length && b[i + k]! >= lo && b[i + k]! <= hi;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if (c === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
  if (c >= 0xe1 && c <= 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (c === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (c >= 0xf1 && c <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (c === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

const REPLACEMENT = [0xef, 0xbf, 0xbd];

class Reader {
  i = 0;
  constructor(readonly b: Uint8Array) {}

  fail(what: string): never {
    throw new GoJsonError(`${what} at offset ${this.i}`);
  }

  skipWs(): void {
    const b = this.b;
    while (this.i < b.length) {
      const c = b[this.i]!;
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return;
      this.i++;
    }
  }

  peek(): number {
    return this.i < this.b.length ? this.b[this.i]! : -1;
  }

  expect(c: number): void {
    if (this.peek() !== c) this.fail(`expected '${String.fromCharCode(c)}'`);
    this.i++;
  }

  /** Reads a string token (at its opening quote) and returns its decoded, well-formed text. */
  string(): string {
    const b = this.b;
    this.expect(0x22);
    const out: number[] = [];
    for (;;) {
      if (this.i >= b.length) this.fail("unterminated string");
      const c = b[this.i]!;
      if (c === 0x22) {
        this.i++;
        return utf8Decoder.decode(Uint8Array.from(out));
      }
      if (c < 0x20) this.fail("control character in string");
      if (c === 0x5c) {
        this.i++;
        this.escape(out);
        continue;
      }
      if (c < 0x80) {
        out.push(c);
        this.i++;
        continue;
      }
      const n = utf8SeqLength(b, this.i);
      if (n === 0) {
        out.push(...REPLACEMENT);
        this.i++;
      } else {
        for (let k = 0; k < n; k++) out.push(b[this.i + k]!);
        this.i += n;
      }
    }
  }

  private u4(): number {
    const b = this.b;
    if (this.i + 4 > b.length) this.fail("short \\u escape");
    let v = 0;
    for (let k = 0; k < 4; k++) {
      const h = hexValue(b[this.i + k]!);
      if (h < 0) this.fail("bad \\u escape");
      v = v * 16 + h;
    }
    this.i += 4;
    return v;
  }

  /** After a backslash: one escape, appended as UTF-8 (Go's unquote, the scanner's escape set). */
  private escape(out: number[]): void {
    const c = this.peek();
    const simple: Record<number, number> = { 0x22: 0x22, 0x5c: 0x5c, 0x2f: 0x2f, 0x62: 8, 0x66: 12, 0x6e: 10, 0x72: 13, 0x74: 9 };
    if (c in simple) {
      out.push(simple[c]!);
      this.i++;
      return;
    }
    if (c !== 0x75) this.fail("bad escape");
    this.i++;
    let r = this.u4();
    if (r >= 0xd800 && r <= 0xdfff) {
      // A pair only when a high surrogate is followed directly by a low one; otherwise U+FFFD,
      // and whatever followed is read on its own.
      const b = this.b;
      const j = this.i;
      if (r <= 0xdbff && j + 6 <= b.length && b[j] === 0x5c && b[j + 1] === 0x75) {
        this.i += 2;
        const lo = this.u4();
        if (lo >= 0xdc00 && lo <= 0xdfff) r = 0x10000 + ((r - 0xd800) << 10) + (lo - 0xdc00);
        else {
          this.i = j;
          r = 0xfffd;
        }
      } else r = 0xfffd;
    }
    out.push(...new TextEncoder().encode(String.fromCodePoint(r)));
  }

  /** Reads the literal null (a field's other non-string values are type errors in Go). */
  null(): boolean {
    if (this.b[this.i] !== 0x6e || this.b[this.i + 1] !== 0x75 || this.b[this.i + 2] !== 0x6c || this.b[this.i + 3] !== 0x6c) return false;
    this.i += 4;
    return true;
  }
}

/** encoding/json's name folding, reduced to what can fold onto a lower-case ASCII name. */
function foldKey(key: string): string {
  let out = "";
  for (const ch of key) {
    if (ch === "\u017f") out += "S";
    else if (ch === "\u212a") out += "K";
    else out += ch >= "a" && ch <= "z" ? ch.toUpperCase() : ch;
  }
  return out;
}

/**
 * json.Unmarshal of `bytes` into a struct of the string fields `names` (lower-case ASCII JSON
 * names). Returns each field's value, "" when absent as in Go's zero value.
 */
export function goUnmarshalStringStruct<K extends string>(bytes: Uint8Array, names: readonly K[]): Record<K, string> {
  const result = {} as Record<K, string>;
  for (const n of names) result[n] = "";
  const byFold = new Map<string, K>(names.map((n) => [n.toUpperCase(), n]));
  const r = new Reader(bytes);
  r.skipWs();
  // Any other value (null included) is refused, as is any syntax error: one error code for all,
  // so the first failure found is as good as Go's.
  if (r.peek() !== 0x7b) r.fail("not a JSON object");
  r.i++;
  r.skipWs();
  if (r.peek() === 0x7d) r.i++;
  else {
    for (;;) {
      r.skipWs();
      const key = r.string();
      r.skipWs();
      r.expect(0x3a);
      r.skipWs();
      const field = byFold.get(foldKey(key));
      // ibc-go's UnmarshalJSON decodes with DisallowUnknownFields.
      if (field === undefined) throw new GoJsonError(`unknown field ${JSON.stringify(key)}`);
      if (r.peek() === 0x22) result[field] = r.string();
      else if (!r.null()) r.fail(`field ${field} is not a string`);
      r.skipWs();
      if (r.peek() === 0x2c) {
        r.i++;
        continue;
      }
      r.expect(0x7d);
      break;
    }
  }
  r.skipWs();
  if (r.peek() !== -1) r.fail("invalid character after top-level value");
  return result;
}
