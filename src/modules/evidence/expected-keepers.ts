import type { Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import type { ValidatorSigningInfo } from "cosmjs-types/cosmos/slashing/v1beta1/slashing";
import type { ConsensusParams } from "cosmjs-types/tendermint/types/params";
import type { Context } from "../../types/context";

// The narrow interfaces this module needs from others; src/app/modules.ts passes their keepers.

/** What evidence needs from staking. */
export interface StakingKeeper {
  validatorByConsAddr(ctx: Context, consAddr: Uint8Array): Validator | undefined;
  /** Every validator's consensus address (the simulation picks equivocators among them). */
  consensusAddresses(ctx: Context): Uint8Array[];
}

/** What evidence needs from slashing: the double-sign punishment. */
export interface SlashingKeeper {
  getSigningInfo(ctx: Context, consAddr: Uint8Array): ValidatorSigningInfo | undefined;
  isTombstoned(ctx: Context, consAddr: Uint8Array): boolean;
  /** Burns slash_fraction_double_sign of the stake at the distribution height; emits the slash event. */
  slashForDoubleSign(ctx: Context, consAddr: Uint8Array, power: bigint, distributionHeight: bigint): bigint;
  jail(ctx: Context, consAddr: Uint8Array): void;
  /** Jailed until the end of time and never allowed back. */
  tombstone(ctx: Context, consAddr: Uint8Array): void;
}

/** What evidence needs from consensus: the evidence max age. */
export interface ConsensusKeeper {
  getParams(ctx: Context): ConsensusParams | undefined;
}
