import { sdkErrors } from "./errors";

/** A coin with a bigint amount; the proto form (cosmos.base.v1beta1.Coin) carries a decimal string. */
export interface Coin {
  denom: string;
  amount: bigint;
}

/** Proto-shaped coin as cosmjs-types and ts-proto generate it. */
export interface ProtoCoin {
  denom: string;
  amount: string;
}

/** The SDK's denom rule (types/coin.go): letter first, 3–128 chars of [a-zA-Z0-9/:._-]. */
const DENOM_RE = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/;
/** Int amounts are bounded at 256 bits like sdk.Int, so nobody can build a number that bloats state. */
const MAX_INT = (1n << 256n) - 1n;
const UINT_RE = /^[0-9]+$/;

export function isValidDenom(denom: string): boolean {
  return DENOM_RE.test(denom);
}

export function validateDenom(denom: string): void {
  if (!isValidDenom(denom)) throw sdkErrors.ErrInvalidCoins.wrap(`invalid denom: ${JSON.stringify(denom.slice(0, 140))}`);
}

/** Parses a non-negative decimal integer string (sdk.Int form); throws `kind` on anything else. */
export function parseAmount(amount: string, what = "amount"): bigint {
  if (typeof amount !== "string" || !UINT_RE.test(amount) || amount.length > 78) {
    throw sdkErrors.ErrInvalidCoins.wrap(`invalid ${what}: ${JSON.stringify(String(amount).slice(0, 100))}`);
  }
  const value = BigInt(amount);
  if (value > MAX_INT) throw sdkErrors.ErrInvalidCoins.wrap(`${what} out of range`);
  return value;
}

export function coinFromProto(c: ProtoCoin): Coin {
  validateDenom(c.denom);
  return { denom: c.denom, amount: parseAmount(c.amount) };
}

export function coinToProto(c: Coin): ProtoCoin {
  return { denom: c.denom, amount: c.amount.toString() };
}

/**
 * Parses a proto coin list the way the SDK validates sdk.Coins: sorted by denom, no
 * duplicates, every amount positive. `allowZero` admits zero amounts (a tx's fee: the SDK
 * refuses only nil or negative fee amounts; limits compared against).
 */
export function coinsFromProto(list: readonly ProtoCoin[], allowZero = false): Coin[] {
  const coins = list.map(coinFromProto);
  for (let i = 0; i < coins.length; i++) {
    if (!allowZero && coins[i].amount === 0n) throw sdkErrors.ErrInvalidCoins.wrap(`coin ${coins[i].denom} amount is not positive`);
    if (i > 0 && coins[i - 1].denom >= coins[i].denom) {
      throw sdkErrors.ErrInvalidCoins.wrap(
        coins[i - 1].denom === coins[i].denom ? `duplicate denomination ${coins[i].denom}` : "coins are not sorted by denom",
      );
    }
  }
  return coins;
}

export function coinsToProto(coins: readonly Coin[]): ProtoCoin[] {
  return coins.map(coinToProto);
}

/** Canonical form: sorted by denom, duplicates merged, zero amounts dropped. */
export function normalizeCoins(coins: readonly Coin[]): Coin[] {
  const byDenom = new Map<string, bigint>();
  for (const c of coins) byDenom.set(c.denom, (byDenom.get(c.denom) ?? 0n) + c.amount);
  return [...byDenom.entries()]
    .filter(([, amount]) => amount !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([denom, amount]) => ({ denom, amount }));
}

export function addCoins(a: readonly Coin[], b: readonly Coin[]): Coin[] {
  return normalizeCoins([...a, ...b]);
}

export function amountOf(coins: readonly Coin[], denom: string): bigint {
  return coins.find((c) => c.denom === denom)?.amount ?? 0n;
}

/** True when every coin of `want` is covered by `have`. */
export function coinsCover(have: readonly Coin[], want: readonly Coin[]): boolean {
  return want.every((w) => amountOf(have, w.denom) >= w.amount);
}

export function formatCoins(coins: readonly Coin[]): string {
  return coins.map((c) => `${c.amount}${c.denom}`).join(",");
}

/** Parses "100uyml,5ustake" (CLI and config form). */
export function parseCoins(text: string): Coin[] {
  const trimmed = text.trim();
  if (trimmed === "") return [];
  const coins = trimmed.split(",").map((part) => {
    const m = /^([0-9]+)([a-zA-Z][a-zA-Z0-9/:._-]{2,127})$/.exec(part.trim());
    if (!m) throw sdkErrors.ErrInvalidCoins.wrap(`invalid coin expression: ${JSON.stringify(part.slice(0, 100))}`);
    return { denom: m[2], amount: parseAmount(m[1]) };
  });
  // Repeated denoms are summed, and the sum is held to the same 256-bit bound as each amount.
  const merged = normalizeCoins(coins);
  for (const c of merged) if (c.amount > MAX_INT) throw sdkErrors.ErrInvalidCoins.wrap(`${c.denom} amount out of range`);
  return merged;
}

/** `have - spend` when every coin of `spend` is covered, else undefined (sdk.Coins.SafeSub). */
export function safeSubCoins(have: readonly Coin[], spend: readonly Coin[]): Coin[] | undefined {
  const left = normalizeCoins([...have, ...spend.map((c) => ({ denom: c.denom, amount: -c.amount }))]);
  return left.some((c) => c.amount < 0n) ? undefined : left;
}
