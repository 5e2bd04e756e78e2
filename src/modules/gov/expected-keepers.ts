import type { Context } from "../../types/context";
import type { Coin } from "../../types/coins";

// The narrow interfaces this module needs from others; src/app/modules.ts passes their keepers.

/** What gov needs from bank: deposits in, refunds out, burns. */
export interface BankKeeper {
  sendCoinsFromAccountToModule(ctx: Context, from: string, module: string, coins: readonly Coin[]): void;
  sendCoinsFromModuleToAccount(ctx: Context, module: string, to: string, coins: readonly Coin[]): void;
  burnCoins(ctx: Context, module: string, coins: readonly Coin[]): void;
  getAllBalances(ctx: Context, address: string): Coin[];
}

/** What gov needs from auth: its own module account to exist. */
export interface AccountKeeper {
  getModuleAccount(ctx: Context, name: string): unknown;
}

/** The slice of staking's view the tally reads (bonded stake, delegations). */
export interface StakingKeeper {
  bondedValidators(ctx: Context): Array<{ operator: string; accountAddress: string; tokens: bigint; delegatorShares: bigint }>;
  delegationsOf(ctx: Context, delegator: string): Array<{ validator: string; shares: bigint }>;
  totalBondedTokens(ctx: Context): bigint;
}
