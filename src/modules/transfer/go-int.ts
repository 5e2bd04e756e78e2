/*
 * sdkmath.NewIntFromString as ibc-go calls it on packet amounts: math/big's SetString(s, 0),
 * then refused beyond 256 bits. Base 0 means Go literal syntax, so "0x10", "0b11", "0o17",
 * "017" (octal!), "1_000" and "+5" are all amounts ibc-go accepts and mints by their value.
 * The packet keeps the sender's spelling; every place that reads an amount must parse it here.
 */

const BOUND = 1n << 256n;

function digitValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x7a) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x5a) return c - 0x41 + 10;
  return 99;
}

/** The integer `s` denotes, or undefined where NewIntFromString fails (syntax or > 256 bits). */
export function parseGoInt(s: string): bigint | undefined {
  let i = 0;
  let neg = false;
  if (s[0] === "+" || s[0] === "-") {
    neg = s[0] === "-";
    i = 1;
  }
  let base = 10n;
  let baseNum = 10;
  let prefix = "";
  let prev = ".";
  let count = 0;
  if (s[i] === "0") {
    prev = "0";
    count = 1;
    i++;
    if (i < s.length) {
      const p = s[i]!.toLowerCase();
      if (p === "b" || p === "o" || p === "x") {
        prefix = p;
        i++;
      } else prefix = "0";
      baseNum = p === "b" ? 2 : p === "x" ? 16 : 8;
      base = BigInt(baseNum);
      count = 0;
    }
  }
  let invalidSeparator = false;
  let value = 0n;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x5f) {
      // '_' only between digits or right after the base prefix.
      if (prev !== "0") invalidSeparator = true;
      prev = "_";
      continue;
    }
    const d = digitValue(c);
    if (d >= baseNum) return undefined; // a character outside the number: not all consumed
    prev = "0";
    count++;
    value = value * base + BigInt(d);
    // Past 256 bits it fails whatever follows; stopping here bounds the work on long input.
    if (value >= BOUND) return undefined;
  }
  if (invalidSeparator || prev === "_") return undefined;
  if (count === 0 && prefix !== "0") return undefined;
  return neg ? -value : value;
}
