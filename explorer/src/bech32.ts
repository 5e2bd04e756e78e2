/** Bech32 re-prefixing (valoper → account address): same data, new checksum. */

const CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >> i) & 1) chk ^= GEN[i];
  }
  return chk;
}

function expand(prefix: string): number[] {
  return [...[...prefix].map((c) => c.charCodeAt(0) >> 5), 0, ...[...prefix].map((c) => c.charCodeAt(0) & 31)];
}

/** The same key under another prefix; undefined for a string that is not valid bech32. */
export function rePrefix(address: string, prefix: string): string | undefined {
  const at = address.lastIndexOf("1");
  if (at < 1) return undefined;
  const words = [...address.slice(at + 1)].map((c) => CHARSET.indexOf(c));
  if (words.length < 6 || words.some((w) => w < 0)) return undefined;
  if (polymod([...expand(address.slice(0, at)), ...words]) !== 1) return undefined;
  const data = words.slice(0, -6);
  const mod = polymod([...expand(prefix), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >> (5 * (5 - i))) & 31);
  return `${prefix}1${[...data, ...checksum].map((w) => CHARSET[w]).join("")}`;
}
