/*
 * Go's text semantics where ICS-20 bytes depend on them: ibc-go builds packet bytes with
 * encoding/json, decodes them with encoding/json into a struct of strings, and blank-checks
 * with strings.TrimSpace. Packet bytes and the denoms derived from them are consensus data, so
 * these follow Go byte for byte rather than JavaScript's JSON and String.trim.
 */

const HEX = "0123456789abcdef";

/**
 * encoding/json's string encoding (HTML-safe, as json.Marshal does): `"` `\` and control bytes
 * escaped (\b \f \n \r \t short forms, others \u00XX), `<` `>` `&` and U+2028/U+2029 as \uXXXX,
 * everything else raw UTF-8. A lone surrogate, which has no UTF-8 form, is written as Go
 * writes a byte that is not UTF-8: the six characters `\ufffd`.
 */
export function goJsonQuote(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      if (c === 0x22 || c === 0x5c) out += "\\" + s[i];
      else if (c === 0x08) out += "\\b";
      else if (c === 0x0c) out += "\\f";
      else if (c === 0x0a) out += "\\n";
      else if (c === 0x0d) out += "\\r";
      else if (c === 0x09) out += "\\t";
      else if (c < 0x20 || c === 0x3c || c === 0x3e || c === 0x26) out += "\\u00" + HEX[c >> 4] + HEX[c & 0xf];
      else out += s[i];
    } else if (c === 0x2028 || c === 0x2029) {
      out += c === 0x2028 ? "\\u2028" : "\\u2029";
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && isLowSurrogate(s.charCodeAt(i + 1))) {
      out += s[i]! + s[i + 1]!;
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += "\\ufffd";
    } else {
      out += s[i];
    }
  }
  return out + '"';
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** unicode.IsSpace: the characters strings.TrimSpace removes (not String.trim's set: NEL yes, BOM no). */
function isGoSpace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x20 ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** strings.TrimSpace(s) == "" */
export function goIsBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isGoSpace(s.charCodeAt(i))) return false;
  return true;
}

/** len(s) in Go: the UTF-8 byte length (a lone surrogate counts as the 3 bytes of U+FFFD). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && isLowSurrogate(s.charCodeAt(i + 1))) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
