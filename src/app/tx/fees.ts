import type { Coin } from "../../types/coins";
import { amountOf } from "../../types/coins";
import { sdkErrors } from "../../types/errors";

/** A decimal coin (min gas price) as a fixed-point amount scaled by 1e18. */
export interface DecCoin {
  denom: string;
  amount: bigint;
}

const SCALE = 10n ** 18n;

/** Parses "0.025uyml,1ustake" into fixed-point DecCoins; no floating point anywhere. */
export function parseDecCoins(text: string): DecCoin[] {
  if (text.trim() === "") return [];
  return text.split(",").map((part) => {
    const m = /^([0-9]+)(?:\.([0-9]{1,18}))?([a-zA-Z][a-zA-Z0-9/:._-]{2,127})$/.exec(part.trim());
    if (!m) throw sdkErrors.ErrInvalidCoins.wrap(`invalid decimal coin expression: ${part}`);
    const frac = (m[2] ?? "").padEnd(18, "0");
    return { denom: m[3], amount: BigInt(m[1]) * SCALE + BigInt(frac) };
  });
}

export function formatDecCoins(coins: DecCoin[]): string {
  return coins
    .map((c) => {
      const whole = c.amount / SCALE;
      const frac = (c.amount % SCALE).toString().padStart(18, "0");
      return `${whole}.${frac}${c.denom}`;
    })
    .join(",");
}

/**
 * CheckTx's node-local fee floor (SDK `checkTxFeeWithValidatorMinGasPrices`): the fee must reach
 * ceil(price × gas limit) in at least one of the configured denoms.
 */
export function checkMinGasPrices(fee: Coin[], gasLimit: bigint, minGasPrices: DecCoin[]): void {
  const required = minGasPrices
    .map((p) => ({ denom: p.denom, amount: (p.amount * gasLimit + SCALE - 1n) / SCALE }))
    .filter((c) => c.amount > 0n);
  if (required.length === 0) return;
  if (required.some((r) => amountOf(fee, r.denom) >= r.amount)) return;
  const got = fee.map((c) => `${c.amount}${c.denom}`).join(",") || "0";
  const want = required.map((c) => `${c.amount}${c.denom}`).join(",");
  throw sdkErrors.ErrInsufficientFee.wrap(`insufficient fees; got: ${got} required: ${want}`);
}
