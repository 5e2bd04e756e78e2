import type { Event } from "cosmjs-types/tendermint/abci/types";
import type { Condition } from "../node/tx-query";

/** What CometBFT's pubsub matches a query against: `type.key` -> every value, plus its own tm.* keys. */
export type EventMap = Map<string, string[]>;

export function eventMap(events: readonly Event[], own: Record<string, string>): EventMap {
  const out: EventMap = new Map();
  const add = (k: string, v: string) => {
    const list = out.get(k);
    if (list) list.push(v);
    else out.set(k, [v]);
  };
  for (const [k, v] of Object.entries(own)) add(k, v);
  for (const ev of events) for (const a of ev.attributes) add(`${ev.type}.${a.key}`, a.value);
  return out;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** Compares as CometBFT does: numerically when the query's operand is a number, else as strings. */
function compare(actual: string, c: Condition): boolean {
  if (c.op === "CONTAINS") return actual.includes(c.value);
  if (c.op === "=" && !NUMBER.test(c.value)) return actual === c.value;
  if (!NUMBER.test(c.value) || !NUMBER.test(actual)) return false;
  const d = scaled(actual) - scaled(c.value);
  switch (c.op) {
    case "=":
      return d === 0n;
    case "<":
      return d < 0n;
    case "<=":
      return d <= 0n;
    case ">":
      return d > 0n;
    case ">=":
      return d >= 0n;
    default:
      return false;
  }
}

/** A decimal string as an integer with 18 fraction digits (exact; no floats). */
function scaled(s: string): bigint {
  const [int, frac = ""] = s.split(".");
  return BigInt(int!) * 10n ** 18n + (int!.startsWith("-") ? -1n : 1n) * BigInt((frac + "0".repeat(18)).slice(0, 18));
}

/** True when every condition holds for some value of its key (CometBFT's AND semantics). */
export function matches(conditions: readonly Condition[], events: EventMap): boolean {
  return conditions.every((c) => {
    const values = events.get(c.key);
    if (!values) return false;
    return c.op === "EXISTS" || values.some((v) => compare(v, c));
  });
}
