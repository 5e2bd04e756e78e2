/** Cosmos LegacyDec: on the wire the integer scaled by 10^18, in JSON the decimal with 18 places. */
const PRECISION = 18;

export function formatLegacyDec(wire: string): string {
  const text = wire.trim();
  if (text === "") return `0.${"0".repeat(PRECISION)}`;
  if (!/^-?\d+$/.test(text)) return text;
  const negative = text.startsWith("-");
  const digits = (negative ? text.slice(1) : text).replace(/^0+(?=\d)/, "").padStart(PRECISION + 1, "0");
  const whole = digits.slice(0, digits.length - PRECISION);
  const frac = digits.slice(digits.length - PRECISION);
  return `${negative && /[1-9]/.test(digits) ? "-" : ""}${whole}.${frac}`;
}

/**
 * JSON text of a LegacyDec → its wire form. As the SDK's LegacyNewDecFromStr: "1" is one,
 * "0.05" five hundredths; at most 18 decimals. Anything else is left for the parser to refuse.
 */
export function parseLegacyDecText(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d{1,18}))?$/.exec(text.trim());
  if (!m) return text;
  const atomics = BigInt(m[2]) * 10n ** BigInt(PRECISION) + BigInt((m[3] ?? "").padEnd(PRECISION, "0"));
  return `${m[1] === "-" && atomics !== 0n ? "-" : ""}${atomics}`;
}
