import { Delegation, DVPair, DVVTriplet, Params, Redelegation, UnbondingDelegation, Validator, BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { Schema } from "../../store/collections";
import { bytesKey, bytesValue, int64Key, pairKey, protoValue, stringValue, tripleKey, uint32Key, uint64Key, uint64Value } from "../../store/codecs";
import { accAddress, moduleAddress, valAddress } from "../../types/address";
import type { Coin } from "../../types/coins";
import type { Timestamp } from "../../types/codec";
import type { Context } from "../../types/context";
import { decFromWire, decTruncate, type Dec } from "../../types/dec";
import type { StakingHooks } from "../../types/hooks";
import { stakingErrors } from "./errors";
import { stakingEvents } from "./events";
import { slash } from "./slash";
import { BONDED_POOL, NOT_BONDED_POOL, defaultStakingParams } from "./params";
import { consensusAddressOf, consensusKeyBytes, consensusPower, potentialPower, sharesOf, tokensFromShares, tokensOf } from "./validator";
import type { AccountKeeper, BankKeeper } from "./expected-keepers";


/** The read/jail surface other modules (gov, validatorgov, slashing) are given. */
export interface StakingView {
  bondDenom(ctx: Context): string;
  bondedValidators(ctx: Context): Array<{ operator: string; accountAddress: string; tokens: bigint; delegatorShares: bigint; power: bigint }>;
  delegationsOf(ctx: Context, delegator: string): Array<{ validator: string; shares: bigint }>;
  totalBondedTokens(ctx: Context): bigint;
  powerOf(ctx: Context, operator: string): bigint;
  jail(ctx: Context, operator: string): void;
  unjail(ctx: Context, operator: string): void;
  addHooks(h: StakingHooks): void;
}

const MAX_U64 = (1n << 64n) - 1n;

const bigintValue = {
  name: "bigint",
  encode: (v: bigint) => stringValue.encode(v.toString()),
  decode: (b: Uint8Array) => BigInt(stringValue.decode(b)),
};

/**
 * Validators, delegations, unbondings and redelegations, with the indexes and maturity
 * queues the end blocker walks. Queues are keyed by (completion seconds, nanos, sequence)
 * so entries maturing together complete in the order they were created.
 */
export class StakingKeeper implements StakingView {
  private readonly schema = new Schema("staking/");
  readonly params = this.schema.item(1, "params", protoValue(Params, "Params"), defaultStakingParams());
  readonly validators = this.schema.map(2, "validators", bytesKey, protoValue(Validator, "Validator"));
  readonly validatorsByConsAddr = this.schema.map(3, "validators_by_cons_addr", bytesKey, bytesValue);
  readonly powerKey = pairKey(uint64Key, bytesKey);
  /** (MAX_U64 - power, operator): ascending iteration is power descending, ties by operator bytes. */
  readonly validatorsByPower = this.schema.keySet(4, "validators_by_power", this.powerKey);
  readonly lastValidatorPowers = this.schema.map(5, "last_validator_powers", bytesKey, uint64Value);
  readonly lastTotalPower = this.schema.item(6, "last_total_power", bigintValue, 0n);
  readonly pairOfAddrs = pairKey(bytesKey, bytesKey);
  /** (delegator, validator). */
  readonly delegations = this.schema.map(7, "delegations", this.pairOfAddrs, protoValue(Delegation, "Delegation"));
  /** (validator, delegator). */
  readonly delegationsByValidator = this.schema.keySet(8, "delegations_by_validator", this.pairOfAddrs);
  readonly unbondings = this.schema.map(9, "unbonding_delegations", this.pairOfAddrs, protoValue(UnbondingDelegation, "UnbondingDelegation"));
  readonly unbondingsByValidator = this.schema.keySet(10, "unbonding_delegations_by_validator", this.pairOfAddrs);
  readonly tripleOfAddrs = tripleKey(bytesKey, bytesKey, bytesKey);
  /** (delegator, src, dst). */
  readonly redelegations = this.schema.map(11, "redelegations", this.tripleOfAddrs, protoValue(Redelegation, "Redelegation"));
  /** (src, delegator, dst). */
  readonly redelegationsBySrc = this.schema.keySet(12, "redelegations_by_src", this.tripleOfAddrs);
  /** (dst, delegator, src): answers "is a redelegation into this validator still maturing?". */
  readonly redelegationsByDst = this.schema.keySet(13, "redelegations_by_dst", this.tripleOfAddrs);
  readonly queueKey = tripleKey(int64Key, uint32Key, uint64Key);
  readonly unbondingQueue = this.schema.map(14, "unbonding_queue", this.queueKey, protoValue(DVPair, "DVPair"));
  readonly redelegationQueue = this.schema.map(15, "redelegation_queue", this.queueKey, protoValue(DVVTriplet, "DVVTriplet"));
  /** (unbonding seconds, nanos, operator) of validators in UNBONDING. */
  readonly validatorQueue = this.schema.keySet(16, "validator_queue", tripleKey(int64Key, uint32Key, bytesKey));
  // Prefix 17 held a global queue sequence; ids are now per completion time (nextEntryId), so
  // the state has no counter an export would have to carry.

  readonly hooks: StakingHooks[] = [];

  constructor(
    readonly bank: BankKeeper,
    readonly auth: AccountKeeper,
  ) {}

  addHooks(h: StakingHooks): void {
    this.hooks.push(h);
  }

  getParams(ctx: Context): Params {
    return this.params.get(ctx);
  }

  bondDenom(ctx: Context): string {
    return this.params.get(ctx).bondDenom;
  }

  bondCoins(ctx: Context, amount: bigint): Coin[] {
    return [{ denom: this.bondDenom(ctx), amount }];
  }

  getValidator(ctx: Context, operator: string): Validator | undefined {
    return this.validators.get(ctx, valAddress.decode(operator));
  }

  mustValidator(ctx: Context, operator: string): Validator {
    const v = this.getValidator(ctx, operator);
    if (!v) throw stakingErrors.ErrNoValidatorFound.wrap(operator);
    return v;
  }

  getDelegation(ctx: Context, delegator: string, operator: string): Delegation | undefined {
    return this.delegations.get(ctx, [accAddress.decode(delegator), valAddress.decode(operator)]);
  }

  /** The tokens a delegation's shares are worth now (truncated), or undefined without the delegation. */
  delegationTokens(ctx: Context, delegator: string, operator: string): bigint | undefined {
    const validator = this.getValidator(ctx, operator);
    const d = this.getDelegation(ctx, delegator, operator);
    return validator && d ? decTruncate(tokensFromShares(validator, decFromWire(d.shares))) : undefined;
  }

  setDelegation(ctx: Context, d: Delegation): void {
    const del = accAddress.decode(d.delegatorAddress);
    const val = valAddress.decode(d.validatorAddress);
    this.delegations.set(ctx, [del, val], d);
    this.delegationsByValidator.set(ctx, [val, del]);
  }

  removeDelegation(ctx: Context, d: Delegation): void {
    const del = accAddress.decode(d.delegatorAddress);
    const val = valAddress.decode(d.validatorAddress);
    this.delegations.remove(ctx, [del, val]);
    this.delegationsByValidator.remove(ctx, [val, del]);
  }

  getUnbonding(ctx: Context, delegator: string, operator: string): UnbondingDelegation | undefined {
    return this.unbondings.get(ctx, [accAddress.decode(delegator), valAddress.decode(operator)]);
  }

  setUnbonding(ctx: Context, u: UnbondingDelegation): void {
    const del = accAddress.decode(u.delegatorAddress);
    const val = valAddress.decode(u.validatorAddress);
    if (u.entries.length === 0) {
      this.unbondings.remove(ctx, [del, val]);
      this.unbondingsByValidator.remove(ctx, [val, del]);
      return;
    }
    this.unbondings.set(ctx, [del, val], u);
    this.unbondingsByValidator.set(ctx, [val, del]);
  }

  getRedelegation(ctx: Context, delegator: string, src: string, dst: string): Redelegation | undefined {
    return this.redelegations.get(ctx, [accAddress.decode(delegator), valAddress.decode(src), valAddress.decode(dst)]);
  }

  setRedelegation(ctx: Context, r: Redelegation): void {
    const del = accAddress.decode(r.delegatorAddress);
    const src = valAddress.decode(r.validatorSrcAddress);
    const dst = valAddress.decode(r.validatorDstAddress);
    if (r.entries.length === 0) {
      this.redelegations.remove(ctx, [del, src, dst]);
      this.redelegationsBySrc.remove(ctx, [src, del, dst]);
      this.redelegationsByDst.remove(ctx, [dst, del, src]);
      return;
    }
    this.redelegations.set(ctx, [del, src, dst], r);
    this.redelegationsBySrc.set(ctx, [src, del, dst]);
    this.redelegationsByDst.set(ctx, [dst, del, src]);
  }

  hasReceivingRedelegation(ctx: Context, delegator: string, dst: string): boolean {
    const prefix = this.tripleOfAddrs.prefix2(valAddress.decode(dst), accAddress.decode(delegator));
    for (const _ of this.redelegationsByDst.iterate(ctx, { prefix })) return true;
    return false;
  }

  private powerIndexKey(v: Validator): [bigint, Uint8Array] {
    const power = potentialPower(v);
    return [MAX_U64 - (power > MAX_U64 ? MAX_U64 : power), valAddress.decode(v.operatorAddress)];
  }

  /** Writes a validator and keeps the power index in step (jailed validators are not in it). */
  setValidator(ctx: Context, v: Validator): void {
    const op = valAddress.decode(v.operatorAddress);
    const old = this.validators.get(ctx, op);
    if (old) this.validatorsByPower.remove(ctx, this.powerIndexKey(old));
    this.validators.set(ctx, op, v);
    if (!v.jailed) this.validatorsByPower.set(ctx, this.powerIndexKey(v));
  }

  /** Drops an unbonded validator left with no shares (RemoveValidator), and tells the hooks. */
  removeValidator(ctx: Context, v: Validator): void {
    const consAddr = this.deleteValidatorRecord(ctx, v);
    for (const h of this.hooks) h.afterValidatorRemoved?.(ctx, consAddr, v.operatorAddress);
  }

  /** Deletes the validator's record and indexes only (an operator rotation re-adds them); returns its consensus address. */
  deleteValidatorRecord(ctx: Context, v: Validator): Uint8Array {
    const op = valAddress.decode(v.operatorAddress);
    const consAddr = consensusAddressOf(consensusKeyBytes(v.consensusPubkey));
    this.validatorsByPower.remove(ctx, this.powerIndexKey(v));
    this.validators.remove(ctx, op);
    this.validatorsByConsAddr.remove(ctx, consAddr);
    return consAddr;
  }

  moveBondedToNotBonded(ctx: Context, amount: bigint): void {
    if (amount > 0n) this.bank.sendCoinsFromModuleToModule(ctx, BONDED_POOL, NOT_BONDED_POOL, this.bondCoins(ctx, amount));
  }

  moveNotBondedToBonded(ctx: Context, amount: bigint): void {
    if (amount > 0n) this.bank.sendCoinsFromModuleToModule(ctx, NOT_BONDED_POOL, BONDED_POOL, this.bondCoins(ctx, amount));
  }

  /**
   * The id of a new unbonding or redelegation entry maturing at `t`: one more than the highest
   * id in that queue at the same completion time. Queue keys and entries correspond one to
   * one, so the id is derived from exported state alone and an imported chain numbers new
   * entries exactly as the exporting chain does (a global counter would not be exported).
   */
  nextEntryId(ctx: Context, queue: "unbonding" | "redelegation", t: Timestamp): bigint {
    const map = queue === "unbonding" ? this.unbondingQueue : this.redelegationQueue;
    for (const [[, , id]] of map.iterate(ctx, { prefix: this.queueKey.prefix2(t.seconds, t.nanos), reverse: true })) return id + 1n;
    return 1n;
  }

  validatorByConsAddr(ctx: Context, consAddr: Uint8Array): Validator | undefined {
    const op = this.validatorsByConsAddr.get(ctx, consAddr);
    return op ? this.validators.get(ctx, op) : undefined;
  }

  /** The validator's CometBFT address (20 bytes). */
  consAddrOf(v: Validator): Uint8Array {
    return consensusAddressOf(consensusKeyBytes(v.consensusPubkey));
  }

  consensusAddresses(ctx: Context): Uint8Array[] {
    return [...this.validatorsByConsAddr.keys(ctx)];
  }

  // ---- StakingView ----

  bondedValidators(ctx: Context): Array<{ operator: string; accountAddress: string; tokens: bigint; delegatorShares: Dec; power: bigint }> {
    const out: Array<{ operator: string; accountAddress: string; tokens: bigint; delegatorShares: Dec; power: bigint }> = [];
    for (const [, op] of this.validatorsByPower.iterate(ctx)) {
      const v = this.validators.get(ctx, op)!;
      if (v.status !== BondStatus.BOND_STATUS_BONDED) continue;
      out.push({ operator: v.operatorAddress, accountAddress: accAddress.encode(op), tokens: tokensOf(v), delegatorShares: sharesOf(v), power: consensusPower(v) });
    }
    return out;
  }

  delegationsOf(ctx: Context, delegator: string): Array<{ validator: string; shares: Dec }> {
    const prefix = this.pairOfAddrs.prefix(accAddress.decode(delegator));
    return [...this.delegations.iterate(ctx, { prefix })].map(([, d]) => ({ validator: d.validatorAddress, shares: decFromWire(d.shares) }));
  }

  totalBondedTokens(ctx: Context): bigint {
    return this.bank.getBalance(ctx, moduleAddress(BONDED_POOL), this.bondDenom(ctx));
  }

  totalNotBondedTokens(ctx: Context): bigint {
    return this.bank.getBalance(ctx, moduleAddress(NOT_BONDED_POOL), this.bondDenom(ctx));
  }

  powerOf(ctx: Context, operator: string): bigint {
    const v = this.getValidator(ctx, operator);
    return v ? consensusPower(v) : 0n;
  }

  /** Takes the validator out of the power index; the next end block unbonds it (power 0 update). */
  jail(ctx: Context, operator: string): void {
    const v = this.mustValidator(ctx, operator);
    if (v.jailed) throw stakingErrors.ErrValidatorJailed.wrap(`cannot jail already jailed validator ${operator}`);
    this.setValidator(ctx, { ...v, jailed: true });
    stakingEvents.jail(ctx, operator);
  }

  unjail(ctx: Context, operator: string): void {
    const v = this.mustValidator(ctx, operator);
    if (!v.jailed) throw stakingErrors.ErrValidatorJailed.wrap(`cannot unjail already unjailed validator ${operator}`);
    this.setValidator(ctx, { ...v, jailed: false });
  }

  /** Slashes for an infraction (slash.ts); returns the tokens burned from the validator. */
  slash(ctx: Context, consAddr: Uint8Array, infractionHeight: bigint, power: bigint, fraction: Dec): bigint {
    return slash(this, ctx, consAddr, infractionHeight, power, fraction);
  }
}
