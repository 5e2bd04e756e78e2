import type { Metadata } from "cosmjs-types/cosmos/bank/v1beta1/bank";
import type { Context } from "../../types/context";
import type { Coin } from "../../types/coins";

// The narrow interfaces this module needs from others; src/app/modules.ts passes their keepers.

/** What stablecoin needs from bank: minting through its module account and denom metadata. */
export interface BankKeeper {
  mintCoins(ctx: Context, module: string, coins: readonly Coin[]): void;
  burnCoins(ctx: Context, module: string, coins: readonly Coin[]): void;
  sendCoinsFromModuleToAccount(ctx: Context, module: string, to: string, coins: readonly Coin[]): void;
  sendCoinsFromAccountToModule(ctx: Context, from: string, module: string, coins: readonly Coin[]): void;
  getSupply(ctx: Context, denom: string): bigint;
  /** Read by the simulation's operations and invariants. */
  getBalance(ctx: Context, address: string, denom: string): bigint;
  getAllBalances(ctx: Context, address: string): Coin[];
  getDenomMetadata(ctx: Context, denom: string): Metadata | undefined;
  setDenomMetadata(ctx: Context, metadata: Metadata): void;
}
