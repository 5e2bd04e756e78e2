import { BondStatus, type Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { accAddress, valAddress } from "../../types/address";
import type { Timestamp } from "../../types/codec";
import type { Context } from "../../types/context";
import { decFromWire, decToWire, decTruncate, type Dec } from "../../types/dec";
import { stakingErrors } from "./errors";
import { sdkErrors } from "../../types/errors";
import type { StakingKeeper } from "./keeper";
import { BONDED_POOL, NOT_BONDED_POOL } from "./params";
import {
  addTokensFromDel,
  removeDelShares,
  sharesFromTokens,
  sharesFromTokensTruncated,
  sharesOf,
  timeAdd,
  timeCmp,
  tokensFromShares,
  tokensOf,
} from "./validator";

const isBonded = (s: BondStatus) => s === BondStatus.BOND_STATUS_BONDED;

/**
 * Delegation flows of the SDK's x/staking keeper (delegation.go), on bigint fixed point:
 * delegate, unbond, undelegate, redelegate, cancel an unbonding, and the maturity steps. The
 * keeper holds one (`keeper.flows`); records and indexes are written through the keeper's setters.
 */
export class DelegationFlows {
  constructor(private readonly k: StakingKeeper) {}

  /**
   * Adds `amount` tokens of `delegator` to `validator`. With `fromAccount` the coins come from
   * the delegator's balance; otherwise they are already in a pool (`tokenSrc` says which).
   */
  delegate(ctx: Context, delegator: string, amount: bigint, tokenSrc: BondStatus, validator: Validator, fromAccount: boolean): Dec {
    if (tokensOf(validator) === 0n && sharesOf(validator) > 0n) throw stakingErrors.ErrDelegatorShareExRateInvalid.wrap("");
    const existing = this.k.getDelegation(ctx, delegator, validator.operatorAddress);
    for (const h of this.k.hooks) {
      if (existing) h.beforeDelegationSharesModified?.(ctx, delegator, validator.operatorAddress);
      else h.beforeDelegationCreated?.(ctx, delegator, validator.operatorAddress);
    }
    if (fromAccount) {
      this.k.bank.sendCoinsFromAccountToModule(
        ctx,
        delegator,
        isBonded(validator.status) ? BONDED_POOL : NOT_BONDED_POOL,
        this.k.bondCoins(ctx, amount),
      );
    } else if (isBonded(tokenSrc) && !isBonded(validator.status)) {
      this.k.moveBondedToNotBonded(ctx, amount);
    } else if (!isBonded(tokenSrc) && isBonded(validator.status)) {
      this.k.moveNotBondedToBonded(ctx, amount);
    }
    const { validator: updated, issued } = addTokensFromDel(validator, amount);
    this.k.setValidator(ctx, updated);
    const shares = (existing ? decFromWire(existing.shares) : 0n) + issued;
    this.k.setDelegation(ctx, { delegatorAddress: delegator, validatorAddress: validator.operatorAddress, shares: decToWire(shares) });
    for (const h of this.k.hooks) h.afterDelegationModified?.(ctx, delegator, validator.operatorAddress);
    return issued;
  }

  /** Shares to remove for `amount` tokens, refusing more than the delegation holds (ValidateUnbondAmount). */
  validateUnbondAmount(ctx: Context, delegator: string, operator: string, amount: bigint): Dec {
    const validator = this.k.mustValidator(ctx, operator);
    const delegation = this.k.getDelegation(ctx, delegator, operator);
    if (!delegation) throw stakingErrors.ErrNoDelegation.wrap(`delegation with delegator ${delegator} not found for validator ${operator}`);
    const held = decFromWire(delegation.shares);
    const shares = sharesFromTokens(validator, amount);
    if (sharesFromTokensTruncated(validator, amount) > held) throw sdkErrors.ErrInvalidRequest.wrap("invalid shares amount");
    // Rounding can make the exact share count exceed what is held by a hair; cap it.
    return shares > held ? held : shares;
  }

  /** Removes shares from a delegation and the validator; returns the tokens they were worth. */
  unbond(ctx: Context, delegator: string, operator: string, shares: Dec): bigint {
    const delegation = this.k.getDelegation(ctx, delegator, operator);
    if (!delegation) throw stakingErrors.ErrNoDelegation.wrap(`delegation with delegator ${delegator} not found for validator ${operator}`);
    let validator = this.k.mustValidator(ctx, operator);
    const held = decFromWire(delegation.shares);
    if (held < shares) throw stakingErrors.ErrNotEnoughDelegationShares.wrap(`${decToWire(held)} < ${decToWire(shares)}`);
    for (const h of this.k.hooks) h.beforeDelegationSharesModified?.(ctx, delegator, operator);
    const left = held - shares;
    const isSelf = Buffer.compare(accAddress.decode(delegator), valAddress.decode(operator)) === 0;
    if (isSelf && !validator.jailed && decTruncate(tokensFromShares(validator, left)) < BigInt(validator.minSelfDelegation || "0")) {
      // As in the SDK: an operator dropping below its own minimum is jailed, not refused.
      this.k.setValidator(ctx, { ...validator, jailed: true });
      validator = this.k.mustValidator(ctx, operator);
    }
    if (left === 0n) this.k.removeDelegation(ctx, delegation);
    else this.k.setDelegation(ctx, { ...delegation, shares: decToWire(left) });
    const { validator: updated, tokens } = removeDelShares(validator, shares);
    if (sharesOf(updated) === 0n && updated.status === BondStatus.BOND_STATUS_UNBONDED) this.k.removeValidator(ctx, updated);
    else this.k.setValidator(ctx, updated);
    if (left !== 0n) for (const h of this.k.hooks) h.afterDelegationModified?.(ctx, delegator, operator);
    return tokens;
  }

  /**
   * MsgUndelegate's cap on a (delegator, validator) pair's unbonding entries (max_entries). It
   * is the message's rule, not `undelegate`'s: a module's own unbonding (a seizure of the
   * delegator's stake, the seat reserve's) adds one entry and must not be refused because the
   * delegator filled its entries.
   */
  assertUnbondingEntryFree(ctx: Context, delegator: string, operator: string): void {
    const ubd = this.k.getUnbonding(ctx, delegator, operator);
    if (ubd && ubd.entries.length >= this.k.getParams(ctx).maxEntries) throw stakingErrors.ErrMaxUnbondingDelegationEntries.wrap("");
  }

  undelegate(ctx: Context, delegator: string, operator: string, shares: Dec): { completionTime: Timestamp; amount: bigint } {
    const validator = this.k.mustValidator(ctx, operator);
    const params = this.k.getParams(ctx);
    const ubd = this.k.getUnbonding(ctx, delegator, operator);
    const amount = this.unbond(ctx, delegator, operator, shares);
    if (isBonded(validator.status)) this.k.moveBondedToNotBonded(ctx, amount);
    const completionTime = timeAdd(ctx.time, params.unbondingTime);
    const entries = [...(ubd?.entries ?? [])];
    const same = entries.findIndex((e) => e.creationHeight === ctx.height && timeCmp(e.completionTime, completionTime) === 0);
    if (same >= 0) {
      // Merged into the entry of the same block: it already has its queue key.
      const e = entries[same];
      entries[same] = {
        ...e,
        initialBalance: (BigInt(e.initialBalance) + amount).toString(),
        balance: (BigInt(e.balance) + amount).toString(),
      };
    } else {
      const unbondingId = this.k.nextEntryId(ctx, "unbonding", completionTime);
      entries.push({
        creationHeight: ctx.height,
        completionTime,
        initialBalance: amount.toString(),
        balance: amount.toString(),
        unbondingId,
        unbondingOnHoldRefCount: 0n,
      });
      this.k.unbondingQueue.set(ctx, [completionTime.seconds, completionTime.nanos, unbondingId], {
        delegatorAddress: delegator,
        validatorAddress: operator,
      });
    }
    this.k.setUnbonding(ctx, { delegatorAddress: delegator, validatorAddress: operator, entries });
    return { completionTime, amount };
  }

  /** When a redelegation away from `src` completes, from the source's bonding state (getBeginInfo). */
  private beginInfo(ctx: Context, src: Validator | undefined): { completionTime: Timestamp; height: bigint; completeNow: boolean } {
    if (!src || src.status === BondStatus.BOND_STATUS_BONDED) {
      return { completionTime: timeAdd(ctx.time, this.k.getParams(ctx).unbondingTime), height: ctx.height, completeNow: false };
    }
    if (src.status === BondStatus.BOND_STATUS_UNBONDING)
      return { completionTime: src.unbondingTime, height: src.unbondingHeight, completeNow: false };
    return { completionTime: ctx.time, height: 0n, completeNow: true };
  }

  beginRedelegation(ctx: Context, delegator: string, srcOp: string, dstOp: string, shares: Dec): Timestamp {
    if (srcOp === dstOp) throw stakingErrors.ErrSelfRedelegation.wrap("");
    const dst = this.k.getValidator(ctx, dstOp);
    if (!dst) throw stakingErrors.ErrBadRedelegationDst.wrap("");
    const src = this.k.getValidator(ctx, srcOp);
    if (!src) throw stakingErrors.ErrBadRedelegationSrc.wrap("");
    // A delegation that arrived by redelegation may not hop again until that one matures.
    if (this.k.hasReceivingRedelegation(ctx, delegator, srcOp)) throw stakingErrors.ErrTransitiveRedelegation.wrap("");
    const existing = this.k.getRedelegation(ctx, delegator, srcOp, dstOp);
    if (existing && existing.entries.length >= this.k.getParams(ctx).maxEntries) throw stakingErrors.ErrMaxRedelegationEntries.wrap("");
    const amount = this.unbond(ctx, delegator, srcOp, shares);
    if (amount === 0n) throw stakingErrors.ErrTinyRedelegationAmount.wrap("");
    const sharesCreated = this.delegate(ctx, delegator, amount, src.status, this.k.mustValidator(ctx, dstOp), false);
    const info = this.beginInfo(ctx, this.k.getValidator(ctx, srcOp));
    if (info.completeNow) return info.completionTime;
    const unbondingId = this.k.nextEntryId(ctx, "redelegation", info.completionTime);
    const entry = {
      creationHeight: info.height,
      completionTime: info.completionTime,
      initialBalance: amount.toString(),
      sharesDst: decToWire(sharesCreated),
      unbondingId,
      unbondingOnHoldRefCount: 0n,
    };
    this.k.setRedelegation(ctx, {
      delegatorAddress: delegator,
      validatorSrcAddress: srcOp,
      validatorDstAddress: dstOp,
      entries: [...(existing?.entries ?? []), entry],
    });
    const t = info.completionTime;
    this.k.redelegationQueue.set(ctx, [t.seconds, t.nanos, unbondingId], {
      delegatorAddress: delegator,
      validatorSrcAddress: srcOp,
      validatorDstAddress: dstOp,
    });
    return t;
  }

  /** Puts `amount` of a still-maturing unbonding entry back into the delegation. */
  cancelUnbonding(ctx: Context, delegator: string, operator: string, amount: bigint, creationHeight: bigint): void {
    const validator = this.k.mustValidator(ctx, operator);
    if (validator.jailed) throw stakingErrors.ErrValidatorJailed.wrap("");
    const ubd = this.k.getUnbonding(ctx, delegator, operator);
    if (!ubd)
      throw stakingErrors.ErrNoUnbondingDelegation.wrap(
        `unbonding delegation with delegator ${delegator} not found for validator ${operator}`,
      );
    const index = ubd.entries.findIndex((e) => e.creationHeight === creationHeight);
    if (index < 0) throw sdkErrors.ErrInvalidRequest.wrap(`unbonding delegation entry is not found at block height ${creationHeight}`);
    const entry = ubd.entries[index];
    if (BigInt(entry.balance) < amount)
      throw sdkErrors.ErrInvalidRequest.wrap("amount is greater than the unbonding delegation entry balance");
    if (timeCmp(entry.completionTime, ctx.time) < 0) throw sdkErrors.ErrInvalidRequest.wrap("unbonding delegation is already processed");
    this.delegate(ctx, delegator, amount, BondStatus.BOND_STATUS_UNBONDING, validator, false);
    const left = BigInt(entry.balance) - amount;
    const entries = [...ubd.entries];
    if (left === 0n) {
      entries.splice(index, 1);
      // Queue keys and entries stay one to one (nextEntryId and genesis import rely on it).
      this.k.unbondingQueue.remove(ctx, [entry.completionTime!.seconds, entry.completionTime!.nanos, entry.unbondingId]);
    } else entries[index] = { ...entry, balance: left.toString(), initialBalance: (BigInt(entry.initialBalance) - amount).toString() };
    this.k.setUnbonding(ctx, { ...ubd, entries });
  }

  /** Pays out every mature entry of one (delegator, validator) unbonding; returns what was paid. */
  completeUnbonding(ctx: Context, delegator: string, operator: string): bigint {
    const ubd = this.k.getUnbonding(ctx, delegator, operator);
    if (!ubd) return 0n;
    let paid = 0n;
    const entries = ubd.entries.filter((e) => {
      if (timeCmp(e.completionTime, ctx.time) > 0) return true;
      paid += BigInt(e.balance);
      return false;
    });
    this.k.setUnbonding(ctx, { ...ubd, entries });
    if (paid > 0n) this.k.bank.sendCoinsFromModuleToAccount(ctx, NOT_BONDED_POOL, delegator, this.k.bondCoins(ctx, paid));
    return paid;
  }

  completeRedelegation(ctx: Context, delegator: string, src: string, dst: string): bigint {
    const red = this.k.getRedelegation(ctx, delegator, src, dst);
    if (!red) return 0n;
    let amount = 0n;
    const entries = red.entries.filter((e) => {
      if (timeCmp(e.completionTime, ctx.time) > 0) return true;
      amount += BigInt(e.initialBalance);
      return false;
    });
    this.k.setRedelegation(ctx, { ...red, entries });
    return amount;
  }
}
