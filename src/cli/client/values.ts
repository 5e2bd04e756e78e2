import { readFileSync } from "node:fs";
import { parseCoins } from "../../types/coins";
import { UsageError } from "./output";
import type { CliField } from "./schema";

/** All occurrences of a flag, comma lists split for repeated scalars. */
function occurrences(field: CliField, raw: string[]): string[] {
  if (!field.repeated && field.kind !== "coins") {
    if (raw.length > 1) throw new UsageError(`--${field.flag} given ${raw.length} times; it takes one value`);
    return raw;
  }
  return raw
    .flatMap((r) => r.split(","))
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/**
 * A CLI string → the field's value in proto JSON form (64-bit integers as strings, bytes as
 * base64, enums by name, coins as {denom, amount}). Throws UsageError naming the flag.
 */
export function parseField(field: CliField, raw: string[]): unknown {
  const values = occurrences(field, raw);
  try {
    switch (field.kind) {
      case "coins":
        // Sorted and merged across all occurrences, the canonical form ValidateBasic requires.
        return parseCoins(values.join(",")).map((c) => ({ denom: c.denom, amount: c.amount.toString() }));
      case "coin": {
        const coins = parseCoins(values[0]);
        if (coins.length !== 1) throw new Error("expected one coin, e.g. 100uyml");
        return { denom: coins[0].denom, amount: coins[0].amount.toString() };
      }
      case "json":
        return parseJsonArg(values[0]);
      default: {
        const parsed = values.map((v) => parseScalar(field, v));
        return field.repeated ? parsed : parsed[0];
      }
    }
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`--${field.flag}: ${(e as Error).message}`);
  }
}

function parseScalar(field: CliField, v: string): unknown {
  switch (field.kind) {
    case "string":
      return v;
    case "int64":
      if (!/^-?[0-9]+$/.test(v)) throw new Error(`expected an integer, got ${JSON.stringify(v)}`);
      return BigInt(v).toString();
    case "int":
      if (/^-?[0-9]+$/.test(v)) return Number(v);
      // Codec-only fields may be enums the descriptor set does not name; their reader takes names.
      if (field.source === "codec" && /^[A-Z][A-Z0-9_]*$/.test(v)) return v;
      throw new Error(`expected an integer, got ${JSON.stringify(v)}`);
    case "bool":
      if (v === "true" || v === "false") return v === "true";
      throw new Error(`expected true or false, got ${JSON.stringify(v)}`);
    case "bytes":
      return parseBytes(v);
    case "enum":
      return parseEnum(field, v);
    default:
      throw new Error(`unsupported field kind ${field.kind}`);
  }
}

/** Enum by full name, by its suffix ("yes" for VOTE_OPTION_YES), or by number. */
export function parseEnum(field: CliField, v: string): string | number {
  if (/^[0-9]+$/.test(v)) return Number(v);
  const names = field.enumValues ?? [];
  const upper = v.toUpperCase().replace(/-/g, "_");
  const match = names.find((n) => n === upper) ?? names.find((n) => n.endsWith(`_${upper}`));
  if (!match) throw new Error(`expected one of ${names.join("|")}, got ${JSON.stringify(v)}`);
  return match;
}

/** "0x…" or plain hex → bytes; "b64:…" or anything else base64. Answered as base64 (proto JSON). */
export function parseBytes(v: string): string {
  const hex = v.startsWith("0x") ? v.slice(2) : v;
  if (/^([0-9a-fA-F]{2})*$/.test(hex) && (v.startsWith("0x") || hex.length > 0)) return Buffer.from(hex, "hex").toString("base64");
  const b64 = v.startsWith("b64:") ? v.slice(4) : v;
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(b64)) throw new Error(`expected hex or base64 bytes, got ${JSON.stringify(v.slice(0, 40))}`);
  return Buffer.from(b64, b64.includes("-") || b64.includes("_") ? "base64url" : "base64").toString("base64");
}

/**
 * JSON from the argument, or from a file with "@path". A value that is not JSON stays a string,
 * which is the JSON form of Timestamp ("2025-01-01T00:00:00Z"), Duration ("10s") and decimals.
 */
export function parseJsonArg(v: string): unknown {
  const text = v.startsWith("@") ? readFileSync(v.slice(1), "utf8") : v;
  try {
    return JSON.parse(text);
  } catch {
    if (v.startsWith("@") || /^\s*[[{]/.test(text))
      throw new UsageError(`invalid JSON${v.startsWith("@") ? ` in ${v.slice(1)}` : ""}: ${text.slice(0, 80)}`);
    return text;
  }
}

/** "0.025uyml" → price per gas unit as a fraction; fees = ceil(gas × price). */
export function feesFromGasPrices(gasPrices: string, gas: bigint): Array<{ denom: string; amount: string }> {
  return gasPrices
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "")
    .map((p) => {
      const m = /^([0-9]+)(?:\.([0-9]+))?([a-zA-Z][a-zA-Z0-9/:._-]{2,127})$/.exec(p);
      if (!m) throw new UsageError(`--gas-prices: invalid price ${JSON.stringify(p)}, e.g. 0.025uyml`);
      const frac = m[2] ?? "";
      const scale = 10n ** BigInt(frac.length);
      const num = BigInt(m[1] + frac) * gas;
      return { denom: m[3], amount: ((num + scale - 1n) / scale).toString() };
    });
}

/** ceil(gas × adjustment), the adjustment a decimal string like "1.4". */
export function adjustGas(gas: bigint, adjustment: string): bigint {
  const m = /^([0-9]+)(?:\.([0-9]+))?$/.exec(adjustment);
  if (!m) throw new UsageError(`--gas-adjustment: expected a decimal like 1.4, got ${JSON.stringify(adjustment)}`);
  const frac = m[2] ?? "";
  const scale = 10n ** BigInt(frac.length);
  return (gas * BigInt(m[1] + frac) + scale - 1n) / scale;
}
