import type { DecCoin as ProtoDecCoin } from "cosmjs-types/cosmos/base/v1beta1/coin";
import type { Coin } from "../../types/coins";
import {
  decFromInt,
  decFromWire,
  decMul,
  decMulTruncate,
  decQuoTruncate,
  decToString,
  decToWire,
  DEC_ONE,
  type Dec,
} from "../../types/dec";

/**
 * The SDK's sdk.DecCoins on bigint fixed point: amounts are LegacyDec (value × 10^18), lists are
 * kept canonical (sorted by denom, no zero amounts) so equal amounts always encode equally.
 */
export interface DecCoin {
  denom: string;
  amount: Dec;
}

export type DecCoins = readonly DecCoin[];

function canonical(byDenom: Map<string, Dec>): DecCoin[] {
  return [...byDenom.entries()]
    .filter(([, amount]) => amount !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([denom, amount]) => ({ denom, amount }));
}

function combine(a: DecCoins, b: DecCoins, sign: 1n | -1n): DecCoin[] {
  const byDenom = new Map<string, Dec>();
  for (const c of a) byDenom.set(c.denom, (byDenom.get(c.denom) ?? 0n) + c.amount);
  for (const c of b) byDenom.set(c.denom, (byDenom.get(c.denom) ?? 0n) + sign * c.amount);
  return canonical(byDenom);
}

export const addDecCoins = (a: DecCoins, b: DecCoins): DecCoin[] => combine(a, b, 1n);
/** a - b; the result may hold negative amounts (callers check with `isAnyNegative` where the SDK panics). */
export const subDecCoins = (a: DecCoins, b: DecCoins): DecCoin[] => combine(a, b, -1n);
export const isAnyNegative = (a: DecCoins): boolean => a.some((c) => c.amount < 0n);

function mapAmounts(a: DecCoins, f: (amount: Dec) => Dec): DecCoin[] {
  return canonical(new Map(a.map((c) => [c.denom, f(c.amount)])));
}

/** DecCoins.MulDec: each amount × d, rounded half to even. */
export const mulDec = (a: DecCoins, d: Dec): DecCoin[] => mapAmounts(a, (x) => decMul(x, d));
/** DecCoins.MulDecTruncate. */
export const mulDecTruncate = (a: DecCoins, d: Dec): DecCoin[] => mapAmounts(a, (x) => decMulTruncate(x, d));
/** DecCoins.QuoDecTruncate. */
export const quoDecTruncate = (a: DecCoins, d: Dec): DecCoin[] => mapAmounts(a, (x) => decQuoTruncate(x, d));

/** DecCoins.Intersect: the smaller amount of each denom both hold. */
export function intersect(a: DecCoins, b: DecCoins): DecCoin[] {
  const other = new Map(b.map((c) => [c.denom, c.amount]));
  return canonical(
    new Map(a.map((c) => [c.denom, other.has(c.denom) ? (c.amount < other.get(c.denom)! ? c.amount : other.get(c.denom)!) : 0n])),
  );
}

/** DecCoins.TruncateDecimal: the whole coins, and the fractional change left over. */
export function truncateDecimal(a: DecCoins): { coins: Coin[]; change: DecCoin[] } {
  const coins: Coin[] = [];
  const change: DecCoin[] = [];
  for (const c of a) {
    const whole = c.amount / DEC_ONE;
    if (whole !== 0n) coins.push({ denom: c.denom, amount: whole });
    if (c.amount % DEC_ONE !== 0n) change.push({ denom: c.denom, amount: c.amount % DEC_ONE });
  }
  return { coins, change };
}

export const decCoinsFromCoins = (coins: readonly Coin[]): DecCoin[] =>
  canonical(new Map(coins.map((c) => [c.denom, decFromInt(c.amount)])));
export const decCoinsFromProto = (list: readonly ProtoDecCoin[]): DecCoin[] =>
  canonical(new Map(list.map((c) => [c.denom, decFromWire(c.amount)])));
export const decCoinsToProto = (a: DecCoins): ProtoDecCoin[] => a.map((c) => ({ denom: c.denom, amount: decToWire(c.amount) }));
/** sdk.DecCoins.String(): "1.500000000000000000uyml,2.000000000000000000ustake". */
export const formatDecCoins = (a: DecCoins): string => a.map((c) => `${decToString(c.amount)}${c.denom}`).join(",");
