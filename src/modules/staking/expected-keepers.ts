import type { Context } from "../../types/context";
import type { Coin } from "../../types/coins";

// The narrow interfaces this module needs from others; src/app/modules.ts passes their keepers.

/** What staking needs from bank: every token movement goes through it. */
export interface BankKeeper {
  getBalance(ctx: Context, address: string, denom: string): bigint;
  sendCoinsFromAccountToModule(ctx: Context, from: string, module: string, coins: readonly Coin[]): void;
  sendCoinsFromModuleToAccount(ctx: Context, module: string, to: string, coins: readonly Coin[]): void;
  sendCoinsFromModuleToModule(ctx: Context, fromModule: string, toModule: string, coins: readonly Coin[]): void;
  /** Slashed stake leaves the supply from the pool it sits in. */
  burnCoins(ctx: Context, module: string, coins: readonly Coin[]): void;
}

/** What staking needs from auth: its pool accounts exist from genesis on. */
export interface AccountKeeper {
  getModuleAccount(ctx: Context, name: string): unknown;
}
