import type { Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import type { Context } from "../../types/context";

// The narrow interfaces this module needs from others; src/app/modules.ts passes their keepers.

/** What slashing needs from staking. */
export interface StakingKeeper {
  getValidator(ctx: Context, operator: string): Validator | undefined;
  /** The tokens a delegation is worth now, or undefined without the delegation. */
  delegationTokens(ctx: Context, delegator: string, operator: string): bigint | undefined;
  jail(ctx: Context, operator: string): void;
  unjail(ctx: Context, operator: string): void;
  /** Consensus address (20 bytes) → validator. */
  validatorByConsAddr(ctx: Context, consAddr: Uint8Array): Validator | undefined;
  /** The validator's CometBFT address (20 bytes). */
  consAddrOf(v: Validator): Uint8Array;
  /** Every validator's consensus address, in address order. */
  consensusAddresses(ctx: Context): Uint8Array[];
  /** Burns `fraction` (1e18 fixed point) of the stake of power `power` at `infractionHeight`; returns what the validator lost. */
  slash(ctx: Context, consAddr: Uint8Array, infractionHeight: bigint, power: bigint, fraction: bigint): bigint;
}
