import {
  Delegation,
  DVPair,
  DVVTriplet,
  Params,
  Redelegation,
  UnbondingDelegation,
  Validator,
  BondStatus,
} from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { Schema, type TypedMap } from "../../store/collections";
import { keyIndex, multiIndex } from "../../store/indexed-map";
import { bytesKey, bytesValue, int64Key, pairKey, protoValue, tripleKey, uint32Key, uint64Key, uint64Value } from "../../store/codecs";
import { accAddress, moduleAddress, valAddress } from "../../types/address";
import type { Coin } from "../../types/coins";
import type { Timestamp } from "../../types/codec";
import type { Context } from "../../types/context";
import { decFromWire, decTruncate, type Dec } from "../../types/dec";
import type { StakingHooks } from "../../types/hooks";
import { stakingErrors } from "./errors";
import { stakingEvents } from "./events";
import { DelegationFlows } from "./delegation";
import { OperatorRotation } from "./rotation";
import { Slasher } from "./slash";
import { ValidatorSet } from "./valset";
import type { ValidatorUpdate } from "../../types/module";
import { BONDED_POOL, NOT_BONDED_POOL, defaultStakingParams } from "./params";
import {
  consensusAddressOf,
  consensusKeyBytes,
  consensusPower,
  potentialPower,
  sharesOf,
  timeCmp,
  tokensFromShares,
  tokensOf,
} from "./validator";
import type { AccountKeeper, BankKeeper } from "./expected-keepers";

/** The read/jail surface other modules (gov, validatorgov, slashing) are given. */
export interface StakingView {
  bondDenom(ctx: Context): string;
  bondedValidators(
    ctx: Context,
  ): Array<{ operator: string; accountAddress: string; tokens: bigint; delegatorShares: bigint; power: bigint }>;
  delegationsOf(ctx: Context, delegator: string): Array<{ validator: string; shares: bigint }>;
  totalBondedTokens(ctx: Context): bigint;
  powerOf(ctx: Context, operator: string): bigint;
  jail(ctx: Context, operator: string): void;
  unjail(ctx: Context, operator: string): void;
  addHooks(h: StakingHooks): void;
}

const MAX_U64 = (1n << 64n) - 1n;

type AddrPair = [Uint8Array, Uint8Array];
type AddrTriple = [Uint8Array, Uint8Array, Uint8Array];
const swapPair = ([a, b]: AddrPair): AddrPair => [b, a];

/** The power index's rank: MAX_U64 - potential power (capped), ascending is power descending. */
const powerRank = (v: Validator): bigint => {
  const power = potentialPower(v);
  return MAX_U64 - (power > MAX_U64 ? MAX_U64 : power);
};

/**
 * Validators, delegations, unbondings and redelegations, with the indexes and maturity
 * queues the end blocker walks. Queues are keyed by (completion seconds, nanos, sequence)
 * so entries maturing together complete in the order they were created.
 */
export class StakingKeeper implements StakingView {
  private readonly schema = new Schema("staking/");
  readonly params = this.schema.item(1, "params", protoValue(Params, "Params"), defaultStakingParams());
  /**
   * Validators by operator; byPower lists unjailed ones as (MAX_U64 - power, operator), so
   * ascending iteration is power descending, ties by operator bytes.
   */
  readonly validators = this.schema.indexedMap(2, "validators", bytesKey, protoValue(Validator, "Validator"), {
    byPower: multiIndex(4, uint64Key, (_op: Uint8Array, v: Validator) => (v.jailed ? undefined : powerRank(v))),
  });
  readonly validatorsByConsAddr = this.schema.map(3, "validators_by_cons_addr", bytesKey, bytesValue);
  readonly lastValidatorPowers = this.schema.map(5, "last_validator_powers", bytesKey, uint64Value);
  /** Total consensus power of the last validator set (held as decimal text before consensus version 2). */
  readonly lastTotalPower = this.schema.item(6, "last_total_power", uint64Value, 0n);
  readonly pairOfAddrs = pairKey(bytesKey, bytesKey);
  readonly tripleOfAddrs = tripleKey(bytesKey, bytesKey, bytesKey);
  /** (delegator, validator); byValidator lists them as (validator, delegator). */
  readonly delegations = this.schema.indexedMap(7, "delegations", this.pairOfAddrs, protoValue(Delegation, "Delegation"), {
    byValidator: keyIndex<AddrPair, AddrPair, Delegation>(8, this.pairOfAddrs, swapPair, swapPair),
  });
  readonly unbondings = this.schema.indexedMap(
    9,
    "unbonding_delegations",
    this.pairOfAddrs,
    protoValue(UnbondingDelegation, "UnbondingDelegation"),
    {
      byValidator: keyIndex<AddrPair, AddrPair, UnbondingDelegation>(10, this.pairOfAddrs, swapPair, swapPair),
    },
  );
  /**
   * (delegator, src, dst); bySrc lists them as (src, delegator, dst), byDst as (dst, delegator,
   * src): "is a redelegation into this validator still maturing?".
   */
  readonly redelegations = this.schema.indexedMap(11, "redelegations", this.tripleOfAddrs, protoValue(Redelegation, "Redelegation"), {
    bySrc: keyIndex<AddrTriple, AddrTriple, Redelegation>(
      12,
      this.tripleOfAddrs,
      ([d, s, t]) => [s, d, t],
      ([s, d, t]) => [d, s, t],
    ),
    byDst: keyIndex<AddrTriple, AddrTriple, Redelegation>(
      13,
      this.tripleOfAddrs,
      ([d, s, t]) => [t, d, s],
      ([t, d, s]) => [d, s, t],
    ),
  });
  readonly queueKey = tripleKey(int64Key, uint32Key, uint64Key);
  readonly unbondingQueue = this.schema.map(14, "unbonding_queue", this.queueKey, protoValue(DVPair, "DVPair"));
  readonly redelegationQueue = this.schema.map(15, "redelegation_queue", this.queueKey, protoValue(DVVTriplet, "DVVTriplet"));
  /** (unbonding seconds, nanos, operator) of validators in UNBONDING. */
  readonly validatorQueue = this.schema.keySet(16, "validator_queue", tripleKey(int64Key, uint32Key, bytesKey));
  // Prefix 17 held a global queue sequence; ids are now per completion time (nextEntryId), so
  // the state has no counter an export would have to carry.

  readonly hooks: StakingHooks[] = [];
  /** Delegate, unbond, redelegate and their maturity (delegation.ts). */
  readonly flows = new DelegationFlows(this);
  readonly slasher = new Slasher(this);
  /** The end blocker's validator-set step (valset.ts). */
  readonly valset = new ValidatorSet(this);
  readonly rotation = new OperatorRotation(this);

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
  }

  removeDelegation(ctx: Context, d: Delegation): void {
    const del = accAddress.decode(d.delegatorAddress);
    const val = valAddress.decode(d.validatorAddress);
    this.delegations.remove(ctx, [del, val]);
  }

  getUnbonding(ctx: Context, delegator: string, operator: string): UnbondingDelegation | undefined {
    return this.unbondings.get(ctx, [accAddress.decode(delegator), valAddress.decode(operator)]);
  }

  setUnbonding(ctx: Context, u: UnbondingDelegation): void {
    const del = accAddress.decode(u.delegatorAddress);
    const val = valAddress.decode(u.validatorAddress);
    if (u.entries.length === 0) this.unbondings.remove(ctx, [del, val]);
    else this.unbondings.set(ctx, [del, val], u);
  }

  getRedelegation(ctx: Context, delegator: string, src: string, dst: string): Redelegation | undefined {
    return this.redelegations.get(ctx, [accAddress.decode(delegator), valAddress.decode(src), valAddress.decode(dst)]);
  }

  setRedelegation(ctx: Context, r: Redelegation): void {
    const del = accAddress.decode(r.delegatorAddress);
    const src = valAddress.decode(r.validatorSrcAddress);
    const dst = valAddress.decode(r.validatorDstAddress);
    if (r.entries.length === 0) this.redelegations.remove(ctx, [del, src, dst]);
    else this.redelegations.set(ctx, [del, src, dst], r);
  }

  hasReceivingRedelegation(ctx: Context, delegator: string, dst: string): boolean {
    const prefix = this.tripleOfAddrs.prefix2(valAddress.decode(dst), accAddress.decode(delegator));
    for (const _ of this.redelegations.indexes.byDst.iterate(ctx, prefix)) return true;
    return false;
  }

  /** Writes a validator and keeps the power index in step (jailed validators are not in it). */
  setValidator(ctx: Context, v: Validator): void {
    this.validators.set(ctx, valAddress.decode(v.operatorAddress), v);
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
    for (const [, op] of this.validators.indexes.byPower.entries(ctx)) {
      const v = this.validators.get(ctx, op)!;
      if (v.status !== BondStatus.BOND_STATUS_BONDED) continue;
      out.push({
        operator: v.operatorAddress,
        accountAddress: accAddress.encode(op),
        tokens: tokensOf(v),
        delegatorShares: sharesOf(v),
        power: consensusPower(v),
      });
    }
    return out;
  }

  delegationsOf(ctx: Context, delegator: string): Array<{ validator: string; shares: Dec }> {
    const prefix = this.pairOfAddrs.prefix(accAddress.decode(delegator));
    return [...this.delegations.iterate(ctx, { prefix })].map(([, d]) => ({
      validator: d.validatorAddress,
      shares: decFromWire(d.shares),
    }));
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
    return this.slasher.slash(ctx, consAddr, infractionHeight, power, fraction);
  }

  /** Moves a validator and everything staking files under it to a new operator address (rotation.ts). */
  rotateOperator(ctx: Context, oldOperator: string, newOperator: string): void {
    this.rotation.rotate(ctx, oldOperator, newOperator);
  }

  /** Delegates `amount` bond tokens from the delegator's account to the validator. */
  delegateTokens(ctx: Context, delegator: string, operator: string, amount: bigint): void {
    this.flows.delegate(ctx, delegator, amount, BondStatus.BOND_STATUS_UNBONDED, this.mustValidator(ctx, operator), true);
  }

  /** Starts unbonding `amount` tokens of a delegation (all of it, without dust shares, when `amount` covers it); none is a no-op. */
  undelegateTokens(ctx: Context, delegator: string, operator: string, amount: bigint): void {
    const v = this.mustValidator(ctx, operator);
    const d = this.getDelegation(ctx, delegator, operator);
    if (!d) return;
    const held = decFromWire(d.shares);
    const all = amount >= decTruncate(tokensFromShares(v, held));
    this.flows.undelegate(ctx, delegator, operator, all ? held : this.flows.validateUnbondAmount(ctx, delegator, operator, amount));
  }

  /** Begins unbonding every delegation of the delegator; the tokens mature into its account. */
  undelegateAll(ctx: Context, delegator: string): void {
    for (const d of this.delegationsOf(ctx, delegator)) this.flows.undelegate(ctx, delegator, d.validator, d.shares);
  }

  /** The delegator's bonded tokens (its shares' worth now) and its unbonding balance not yet matured. */
  stakeOf(ctx: Context, delegator: string): { bonded: bigint; unbonding: bigint } {
    let bonded = 0n;
    for (const d of this.delegationsOf(ctx, delegator)) {
      const v = this.getValidator(ctx, d.validator);
      if (v) bonded += decTruncate(tokensFromShares(v, d.shares));
    }
    let unbonding = 0n;
    for (const [, u] of this.unbondings.iterate(ctx, { prefix: this.pairOfAddrs.prefix(accAddress.decode(delegator)) })) {
      for (const e of u.entries) unbonding += BigInt(e.balance);
    }
    return { bonded, unbonding };
  }

  /**
   * The SDK's staking end blocker: new validator set, then validators, unbondings and
   * redelegations whose completion time is at or before the block time, in queue order.
   */
  endBlock(ctx: Context): ValidatorUpdate[] {
    const updates = this.valset.applyUpdates(ctx);
    this.valset.unbondMatureValidators(ctx);
    for (const [key, pair] of dueEntries(this.unbondingQueue, ctx)) {
      this.unbondingQueue.remove(ctx, key);
      const paid = this.flows.completeUnbonding(ctx, pair.delegatorAddress, pair.validatorAddress);
      if (paid > 0n) stakingEvents.completeUnbonding(ctx, `${paid}${this.bondDenom(ctx)}`, pair.validatorAddress, pair.delegatorAddress);
    }
    for (const [key, t] of dueEntries(this.redelegationQueue, ctx)) {
      this.redelegationQueue.remove(ctx, key);
      const amount = this.flows.completeRedelegation(ctx, t.delegatorAddress, t.validatorSrcAddress, t.validatorDstAddress);
      if (amount > 0n)
        stakingEvents.completeRedelegation(
          ctx,
          `${amount}${this.bondDenom(ctx)}`,
          t.delegatorAddress,
          t.validatorSrcAddress,
          t.validatorDstAddress,
        );
    }
    return updates;
  }
}

type QueueKey = [bigint, number, bigint];

/** Queue entries due at the block time; the queue is time-ordered, so the walk stops at the first later one. */
function dueEntries<V>(queue: TypedMap<QueueKey, V>, ctx: Context): Array<[QueueKey, V]> {
  const out: Array<[QueueKey, V]> = [];
  for (const entry of queue.iterate(ctx)) {
    if (timeCmp({ seconds: entry[0][0], nanos: entry[0][1] }, ctx.time) > 0) break;
    out.push(entry);
  }
  return out;
}
