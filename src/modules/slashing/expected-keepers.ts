import type { Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import type { Context } from "../../types/context";

// The narrow interfaces this module needs from others; src/app/modules.ts passes their keepers.

/** What slashing needs from staking. */
export interface StakingKeeper {
  getValidator(ctx: Context, operator: string): Validator | undefined;
  /** The tokens a delegation is worth now, or undefined without the delegation. */
  delegationTokens(ctx: Context, delegator: string, operator: string): bigint | undefined;
  unjail(ctx: Context, operator: string): void;
  /** Consensus address (20 bytes) → validator, for signing-info queries. */
  validatorByConsAddr(ctx: Context, consAddr: Uint8Array): Validator | undefined;
  consensusAddresses(ctx: Context): Uint8Array[];
}
