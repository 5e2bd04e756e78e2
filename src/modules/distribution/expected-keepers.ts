import type { Delegation, Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import type { Coin } from "../../types/coins";
import type { Context } from "../../types/context";
import type { Dec } from "../../types/dec";

// The narrow interfaces this module needs from others; src/app/modules.ts passes their keepers.

export interface BankKeeper {
  getAllBalances(ctx: Context, address: string): Coin[];
  isBlocked(address: string): boolean;
  sendCoinsFromModuleToAccount(ctx: Context, module: string, to: string, coins: readonly Coin[]): void;
  sendCoinsFromAccountToModule(ctx: Context, from: string, module: string, coins: readonly Coin[]): void;
  sendCoinsFromModuleToModule(ctx: Context, fromModule: string, toModule: string, coins: readonly Coin[]): void;
}

export interface AccountKeeper {
  /** Creates the module account on first use. */
  getModuleAccount(ctx: Context, name: string): unknown;
}

export interface StakingKeeper {
  bondDenom(ctx: Context): string;
  getValidator(ctx: Context, operator: string): Validator | undefined;
  validatorByConsAddr(ctx: Context, consAddr: Uint8Array): Validator | undefined;
  /** Every validator's consensus address (the simulation's invariants walk the validators). */
  consensusAddresses(ctx: Context): Uint8Array[];
  getDelegation(ctx: Context, delegator: string, operator: string): Delegation | undefined;
  delegationsOf(ctx: Context, delegator: string): Array<{ validator: string; shares: Dec }>;
}
