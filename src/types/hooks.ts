import type { MsgCreateValidator } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import type { Coin } from "./coins";
import type { Context } from "./context";
import type { Dec } from "./dec";

/**
 * The contracts by which one module reacts to another's state changes. A module offers the
 * hooks it installs through `Module.hooks`; the app wiring installs them into the keeper that
 * calls them, so registering the module is all a new module needs.
 */

/** A check on every coin transfer (enforcement's freeze); throwing refuses the transfer. */
export type SendRestriction = (ctx: Context, from: string, to: string, coins: readonly Coin[]) => void;

/** The SDK's StakingHooks, as far as this chain's modules use them; staking calls each at the SDK's point. */
export interface StakingHooks {
  /** Throw to refuse the validator (the validator admission gate). */
  beforeCreateValidator?(ctx: Context, msg: MsgCreateValidator): void;
  afterValidatorCreated?(ctx: Context, operator: string): void;
  /** The validator record is gone (no shares left, unbonded); `consAddr` is its 20-byte consensus address. */
  afterValidatorRemoved?(ctx: Context, consAddr: Uint8Array, operator: string): void;
  /** Before a delegation that does not exist yet is written. */
  beforeDelegationCreated?(ctx: Context, delegator: string, operator: string): void;
  /** Before an existing delegation's shares change (added, unbonded, redelegated away). */
  beforeDelegationSharesModified?(ctx: Context, delegator: string, operator: string): void;
  /** After a delegation was written with its new shares (not called when it was removed). */
  afterDelegationModified?(ctx: Context, delegator: string, operator: string): void;
  /** A validator entered the bonded set (slashing starts its signing window here). */
  afterValidatorBonded?(ctx: Context, consAddr: Uint8Array, operator: string): void;
  /** Before staking's Slash takes `fraction` (a Dec in (0, 1]) of the validator's tokens. */
  beforeValidatorSlashed?(ctx: Context, operator: string, fraction: Dec): void;
  /**
   * The chain's operator rotation (validatorgov) moved the validator, with its delegations and
   * unbondings, from one operator address to another; modules keyed by operator move their records.
   */
  afterValidatorOperatorChanged?(ctx: Context, oldOperator: string, newOperator: string): void;
}

export interface SlashingHooks {
  /** Throw to refuse MsgUnjail (validatorgov's holds); runs at delivery, also inside authz and group execution. */
  beforeUnjail?(ctx: Context, operator: string): void;
}

export interface WeightedMember {
  address: string;
  /** 1e18 fixed-point. */
  weight: bigint;
}

/** A group decision rule; threshold and percentage are 1e18 fixed-point. */
export type Decision = { kind: "threshold"; threshold: bigint } | { kind: "percentage"; percentage: bigint };

/** A membership or decision-policy change about to be written; a guard throws to refuse it. */
export interface GroupChange {
  kind: "members" | "policy";
  groupId: bigint;
  policyAddress?: string;
  /** The complete membership after the change (kind "members"). */
  newMembers?: WeightedMember[];
  /** The decision rule after the change (kind "policy"). */
  newDecision?: Decision;
}

export type GroupGuard = (ctx: Context, change: GroupChange) => void;

/**
 * The freeze as seen by modules that move value outside bank's sends: title and NFT transfers,
 * internal ledgers (netting), actions by a frozen actor (treasury, stablecoin), payouts a
 * module redirects to another address (distribution's withdraw address). Offered by
 * enforcement; every module that declares `bindFreezeGuard` receives it at wiring.
 */
export interface FreezeGuard {
  /** True while a case freezes `address` at this height. */
  isFrozen(ctx: Context, address: string): boolean;
  /** Throws enforcement's ErrFrozen while a case freezes `address`. */
  assertNotFrozen(ctx: Context, address: string): void;
}

/** The guard before wiring (and on a chain without enforcement): nothing is frozen. */
export const noFreeze: FreezeGuard = { isFrozen: () => false, assertNotFrozen: () => {} };

/** What a module installs into others when the app is wired. */
export interface ModuleHooks {
  /** Installed in bank: runs before every transfer, in registration order. */
  sendRestriction?: SendRestriction;
  /** Installed in staking. */
  staking?: StakingHooks;
  /** Installed in slashing. */
  slashing?: SlashingHooks;
  /** Installed in group: runs before every membership or decision-policy change. */
  groupGuard?: GroupGuard;
  /** Given to every module's `bindFreezeGuard` (enforcement's; at most one module offers it). */
  freezeGuard?: FreezeGuard;
}
