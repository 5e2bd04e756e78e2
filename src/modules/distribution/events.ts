import type { Coin } from "../../types/coins";
import { formatCoins } from "../../types/coins";
import type { Context } from "../../types/context";
import { formatDecCoins, type DecCoins } from "./dec-coins";

/** The SDK v0.50 x/distribution events (types/events.go), with its attribute names and amount forms. */
export const distributionEvents = {
  commission(ctx: Context, validator: string, amount: DecCoins): void {
    ctx.events.emit("commission", { amount: formatDecCoins(amount), validator });
  },
  rewards(ctx: Context, validator: string, amount: DecCoins): void {
    ctx.events.emit("rewards", { amount: formatDecCoins(amount), validator });
  },
  withdrawRewards(ctx: Context, validator: string, delegator: string, amount: readonly Coin[]): void {
    ctx.events.emit("withdraw_rewards", { amount: formatCoins(amount), validator, delegator });
  },
  withdrawCommission(ctx: Context, amount: readonly Coin[]): void {
    ctx.events.emit("withdraw_commission", { amount: formatCoins(amount) });
  },
  setWithdrawAddress(ctx: Context, withdrawAddress: string): void {
    ctx.events.emit("set_withdraw_address", { withdraw_address: withdrawAddress });
  },
};
