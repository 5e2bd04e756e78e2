import type { Context } from "../../types/context";

/** A staking validator as validatorgov sees it. */
export interface StakingValidatorView {
  /** ymlvaloper operator address. */
  operator: string;
  jailed: boolean;
  bonded: boolean;
  /** Consensus power its tokens are worth, bonded or not (tokens / power reduction). */
  potentialPower: bigint;
}

/** What validatorgov needs from staking (the real keeper is adapted in src/app/modules.ts). */
export interface StakingKeeper {
  bondDenom(ctx: Context): string;
  getValidator(ctx: Context, operator: string): StakingValidatorView | undefined;
  /** Bonded, unjailed validators with their consensus power (the active set after staking's end block). */
  bondedValidators(ctx: Context): Array<{ operator: string; power: bigint }>;
  /** Tokens the delegator has delegated to the validator (0 when none). */
  delegatedTokens(ctx: Context, delegator: string, operator: string): bigint;
  /** Delegates `amount` bond-denom tokens from the delegator's account. */
  delegate(ctx: Context, delegator: string, operator: string, amount: bigint): void;
  /** Starts unbonding `amount` tokens of the delegator's delegation (at most all of it). */
  undelegate(ctx: Context, delegator: string, operator: string, amount: bigint): void;
  jail(ctx: Context, operator: string): void;
  unjail(ctx: Context, operator: string): void;
  /** Moves the validator (record, indexes, delegations, queues) to a new operator address. */
  rotateOperator(ctx: Context, oldOperator: string, newOperator: string): void;
}

/**
 * What validatorgov needs from slashing: whether slashing holds a validator jailed for its own
 * reason (tombstoned, or jailed until a time still ahead), so validatorgov never releases it.
 */
export interface SlashingKeeper {
  /** The reason slashing keeps the validator (ymlvaloper) jailed now, or undefined when it holds nothing. */
  unjailHold(ctx: Context, operator: string): string | undefined;
}

export interface BankKeeper {
  getBalance(ctx: Context, address: string, denom: string): bigint;
}

/** The constitution's values validatorgov reads (the generated Invariants type is a superset). */
export interface ConcentrationInvariants {
  maxEntityPowerBps: bigint;
  maxBeneficialOwnerPowerBps: bigint;
  maxJurisdictionPowerBps: bigint;
  concentrationEpochBlocks: bigint;
  minActiveValidators: number;
}

export interface ConstitutionKeeper {
  /** The invariants in force; undefined when the chain has none. */
  findInvariants(ctx: Context): ConcentrationInvariants | undefined;
  /** A completed rotation: the validator's ratifications of pending amendments follow it (operators in account form). */
  operatorRotated(ctx: Context, oldOperator: string, newOperator: string): void;
}

export interface AliasKeeper {
  getJurisdiction(
    ctx: Context,
    address: string,
  ): { address: string; country: string; recordedBy: string; recordedAtHeight: bigint } | undefined;
}
