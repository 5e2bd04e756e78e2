import { Role } from "../../gen/blockchain/alias/v1/alias";
import type { Coin } from "../../types/coins";
import type { Context } from "../../types/context";

/** What enforcement needs from bank: balances, the seizure's own movement, which addresses are module accounts. */
export interface BankKeeper {
  getAllBalances(ctx: Context, address: string): Coin[];
  sendCoins(ctx: Context, from: string, to: string, coins: readonly Coin[]): void;
  /**
   * Every registered module account, blocked or not: they cannot be frozen or seized. Some hold
   * others' funds and take plain sends (validatorgov's seat reserve), so bank's blocked set
   * does not name them all.
   */
  isModuleAccount(address: string): boolean;
}

/** A bonded validator as enforcement sees it: its operator, its account form, its consensus power. */
export interface BondedValidator {
  operator: string;
  accountAddress: string;
  power: bigint;
}

/** What enforcement needs from staking: who is bonded with what power, and the target's stake. */
export interface StakingKeeper {
  bondDenom(ctx: Context): string;
  bondedValidators(ctx: Context): BondedValidator[];
  /** Tokens the delegator has bonded and unbonding (not yet matured), in the bond denom. */
  stakeOf(ctx: Context, delegator: string): { bonded: bigint; unbonding: bigint };
  /** Begins unbonding every delegation of the delegator; the tokens mature into its account. */
  undelegateAll(ctx: Context, delegator: string): void;
}

/** The enforcement part of the constitution's invariants (generated Invariants fits it). */
export interface EnforcementInvariants {
  enforcementThresholdBps: bigint;
  enforcementRecoveryDestination: string;
  enforcementVotingPeriodBlocks: bigint;
  enforcementProvisionalFreezeBlocks: bigint;
}

/** The transfer module's escrow accounts: funds held for other chains, paid out by packets. */
export interface EscrowAccounts {
  isEscrowAccount(ctx: Context, address: string): boolean;
}

export interface ConstitutionKeeper {
  /** The invariants in force; undefined on a chain without a constitution. */
  findInvariants(ctx: Context): EnforcementInvariants | undefined;
}

export const ROLE_ENFORCEMENT_AUTHORITY = Role.ROLE_ENFORCEMENT_AUTHORITY;

export interface AliasKeeper {
  /** The jurisdiction recorded against the address, if any. */
  getJurisdiction(ctx: Context, address: string): { country: string } | undefined;
  /** True when the address holds the role over the country (chain-wide grants included). */
  hasRole(ctx: Context, address: string, role: Role, country: string): boolean;
  /** hasRole as a refusal in alias's codespace (ErrOutOfScope when the role is held only over other countries). */
  requireRole(ctx: Context, address: string, role: Role, country: string): void;
  /** Every grant the address holds, whatever its scope. */
  grantsOf(ctx: Context, holder: string): ReadonlyArray<{ role: Role }>;
}
