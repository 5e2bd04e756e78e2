import type { Context } from "../../types/context";
import type { Coin } from "../../types/coins";

// The narrow interfaces this module needs from others; src/app/modules.ts passes their keepers.

/** What paymsg needs from bank: the one path for moving coins, with its refusals. */
export interface BankKeeper {
  sendCoins(ctx: Context, from: string, to: string, coins: readonly Coin[]): void;
  checkSendEnabled(ctx: Context, coins: readonly Coin[]): void;
  isBlocked(address: string): boolean;
}
