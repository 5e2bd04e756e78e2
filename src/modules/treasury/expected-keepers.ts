import type { Context } from "../../types/context";
import type { Coin } from "../../types/coins";

// The narrow interfaces this module needs from others; src/app/modules.ts passes their keepers.

/** What treasury needs from bank: moving coins into and out of its module account, and the fee collector's balance. */
export interface BankKeeper {
  getAllBalances(ctx: Context, address: string): Coin[];
  /** Read by the simulation's invalid-amount operation. */
  getSupply(ctx: Context, denom: string): bigint;
  sendCoinsFromModuleToAccount(ctx: Context, module: string, to: string, coins: readonly Coin[]): void;
  sendCoinsFromAccountToModule(ctx: Context, from: string, module: string, coins: readonly Coin[]): void;
  sendCoinsFromModuleToModule(ctx: Context, fromModule: string, toModule: string, coins: readonly Coin[]): void;
  /** Bank refuses to credit a blocked address from a module account. */
  isBlocked(address: string): boolean;
  /** Every registered module account, blocked or not. */
  isModuleAccount(address: string): boolean;
}
