import type { Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { accAddress, valAddress } from "../../types/address";
import type { Coin } from "../../types/coins";
import type { Context } from "../../types/context";
import { DEC_ONE, decFromInt, decFromWire, decMulTruncate, decQuo, decQuoTruncate, decToWire, type Dec } from "../../types/dec";
import { sdkErrors } from "../../types/errors";
import {
  addDecCoins,
  decCoinsFromCoins,
  decCoinsFromProto,
  decCoinsToProto,
  intersect,
  isAnyNegative,
  mulDec,
  mulDecTruncate,
  quoDecTruncate,
  subDecCoins,
  truncateDecimal,
  type DecCoin,
  type DecCoins,
} from "./dec-coins";
import { distributionErrors } from "./errors";
import { distributionEvents } from "./events";
import type { DistributionKeeper } from "./keeper";
import { DISTRIBUTION_MODULE } from "./params";

/**
 * The F1 fee distribution scheme of the SDK's x/distribution (keeper/validator.go,
 * delegation.go): a validator's rewards accrue to its current period; ending a period adds
 * rewards ÷ tokens to the cumulative ratio stored for it; a delegation's rewards are its stake
 * × (ratio at the end − ratio at its start), split at every slash in between. Nothing iterates
 * over delegators per block. Historical records are reference counted and dropped at zero.
 */

/** An invariant the SDK panics on; here a bug surfaced as an internal error, never a silent skew. */
const broken = (what: string) => sdkErrors.ErrLogic.wrap(`distribution invariant broken: ${what}`);

export const tokensOf = (v: Validator): bigint => (v.tokens === "" ? 0n : BigInt(v.tokens));
const sharesOf = (v: Validator): Dec => decFromWire(v.delegatorShares);

/** Validator.TokensFromShares (rounded). */
function tokensFromShares(v: Validator, shares: Dec): Dec {
  return sharesOf(v) === 0n ? 0n : decQuo(shares * tokensOf(v), sharesOf(v));
}

/** Validator.TokensFromSharesTruncated. */
function tokensFromSharesTruncated(v: Validator, shares: Dec): Dec {
  return sharesOf(v) === 0n ? 0n : decQuoTruncate(shares * tokensOf(v), sharesOf(v));
}

/** The F1 steps over the keeper's collections; the keeper holds them as `rewards`. */
export class F1Rewards {
  constructor(private readonly k: DistributionKeeper) {}

  private historical(ctx: Context, operator: string, period: bigint): DecCoin[] {
    const k = this.k;
    const h = k.historicalRewards.get(ctx, [valAddress.decode(operator), period]);
    if (!h) throw broken(`no historical rewards for ${operator} period ${period}`);
    return decCoinsFromProto(h.cumulativeRewardRatio);
  }

  incrementReferenceCount(ctx: Context, operator: string, period: bigint): void {
    const k = this.k;
    const key: [Uint8Array, bigint] = [valAddress.decode(operator), period];
    const h = k.historicalRewards.get(ctx, key);
    if (!h) throw broken(`no historical rewards for ${operator} period ${period}`);
    if (h.referenceCount > 2) throw broken("reference count should never exceed 2");
    k.historicalRewards.set(ctx, key, { ...h, referenceCount: h.referenceCount + 1 });
  }

  decrementReferenceCount(ctx: Context, operator: string, period: bigint): void {
    const k = this.k;
    const key: [Uint8Array, bigint] = [valAddress.decode(operator), period];
    const h = k.historicalRewards.get(ctx, key);
    if (!h || h.referenceCount === 0) throw broken("cannot set negative reference count");
    if (h.referenceCount === 1) k.historicalRewards.remove(ctx, key);
    else k.historicalRewards.set(ctx, key, { ...h, referenceCount: h.referenceCount - 1 });
  }

  /** A new validator: period 0 with a zero ratio (one reference), current period 1, empty pots. */
  initializeValidator(ctx: Context, operator: string): void {
    const k = this.k;
    k.historicalRewards.set(ctx, [valAddress.decode(operator), 0n], { cumulativeRewardRatio: [], referenceCount: 1 });
    k.setCurrent(ctx, operator, [], 1n);
    k.setCommission(ctx, operator, []);
    k.setOutstanding(ctx, operator, []);
  }

  /**
   * Ends the validator's current period: its rewards ÷ its tokens join the cumulative ratio
   * (a validator without tokens cannot hold a ratio: its rewards go to the community pool).
   * Returns the period just ended.
   */
  incrementValidatorPeriod(ctx: Context, validator: Validator): bigint {
    const k = this.k;
    const operator = validator.operatorAddress;
    const { rewards, period } = k.current(ctx, operator);
    let ratio: DecCoin[] = [];
    if (tokensOf(validator) === 0n) {
      k.addToCommunityPool(ctx, rewards);
      k.setOutstanding(ctx, operator, subDecCoins(k.outstanding(ctx, operator), rewards));
    } else {
      ratio = quoDecTruncate(rewards, decFromInt(tokensOf(validator)));
    }
    const previous = this.historical(ctx, operator, period - 1n);
    this.decrementReferenceCount(ctx, operator, period - 1n);
    k.historicalRewards.set(ctx, [valAddress.decode(operator), period], {
      cumulativeRewardRatio: decCoinsToProto(addDecCoins(previous, ratio)),
      referenceCount: 1,
    });
    k.setCurrent(ctx, operator, [], period + 1n);
    return period;
  }

  /** Starts a delegation's reward accounting at the validator's last ended period, with its stake now. */
  initializeDelegation(ctx: Context, operator: string, delegator: string): void {
    const k = this.k;
    const previousPeriod = k.current(ctx, operator).period - 1n;
    this.incrementReferenceCount(ctx, operator, previousPeriod);
    const validator = k.staking.getValidator(ctx, operator);
    const delegation = k.staking.getDelegation(ctx, delegator, operator);
    if (!validator || !delegation) throw broken(`initializing a missing delegation ${delegator} → ${operator}`);
    const stake = tokensFromSharesTruncated(validator, decFromWire(delegation.shares));
    k.startingInfos.set(ctx, [valAddress.decode(operator), accAddress.decode(delegator)], {
      previousPeriod,
      stake: decToWire(stake),
      height: ctx.height,
    });
  }

  private rewardsBetween(ctx: Context, operator: string, startingPeriod: bigint, endingPeriod: bigint, stake: Dec): DecCoin[] {
    if (startingPeriod > endingPeriod) throw broken("startingPeriod cannot be greater than endingPeriod");
    if (stake < 0n) throw broken("stake should not be negative");
    const difference = subDecCoins(this.historical(ctx, operator, endingPeriod), this.historical(ctx, operator, startingPeriod));
    if (isAnyNegative(difference)) throw broken("negative rewards should not be possible");
    return mulDecTruncate(difference, stake);
  }

  /** The rewards a delegation has earned up to `endingPeriod`, its stake cut at every slash since it started. */
  calculateDelegationRewards(ctx: Context, validator: Validator, delegator: string, endingPeriod: bigint): DecCoin[] {
    const k = this.k;
    const operator = validator.operatorAddress;
    const info = k.startingInfos.get(ctx, [valAddress.decode(operator), accAddress.decode(delegator)]);
    if (!info) throw distributionErrors.ErrEmptyDelegationDistInfo.wrap("");
    // A delegation started in this block has earned nothing yet.
    if (info.height === ctx.height) return [];
    let startingPeriod = info.previousPeriod;
    let stake = decFromWire(info.stake);
    let rewards: DecCoin[] = [];
    if (ctx.height > info.height) {
      const prefix = k.slashKey.prefix(valAddress.decode(operator));
      for (const [[, height], event] of k.slashEvents.iterate(ctx, { prefix })) {
        if (height < info.height) continue;
        if (height > ctx.height) break;
        if (event.validatorPeriod > startingPeriod) {
          rewards = addDecCoins(rewards, this.rewardsBetween(ctx, operator, startingPeriod, event.validatorPeriod, stake));
          stake = decMulTruncate(stake, DEC_ONE - decFromWire(event.fraction));
          startingPeriod = event.validatorPeriod;
        }
      }
    }
    const delegation = k.staking.getDelegation(ctx, delegator, operator);
    const currentStake = delegation ? tokensFromShares(validator, decFromWire(delegation.shares)) : 0n;
    if (stake > currentStake) {
      // Slashes truncate; the SDK tolerates three units of the last decimal place of drift.
      if (stake > currentStake + 3n) throw broken(`calculated final stake for delegator ${delegator} greater than current stake`);
      stake = currentStake;
    }
    return addDecCoins(rewards, this.rewardsBetween(ctx, operator, startingPeriod, endingPeriod, stake));
  }

  /**
   * Pays a delegation's rewards (whole coins) to its payout address and closes its starting
   * info; the fractional change goes to the community pool. Returns what was paid (a zero bond
   * coin when nothing, as the SDK's event shows).
   */
  withdrawDelegationRewards(ctx: Context, validator: Validator, delegator: string): Coin[] {
    const k = this.k;
    const operator = validator.operatorAddress;
    const startKey: [Uint8Array, Uint8Array] = [valAddress.decode(operator), accAddress.decode(delegator)];
    const info = k.startingInfos.get(ctx, startKey);
    if (!info) throw distributionErrors.ErrEmptyDelegationDistInfo.wrap("");
    const endingPeriod = this.incrementValidatorPeriod(ctx, validator);
    const raw = this.calculateDelegationRewards(ctx, validator, delegator, endingPeriod);
    const outstanding = k.outstanding(ctx, operator);
    // Operation order can leave the computed rewards a hair above what is outstanding; never pay more.
    const rewards = intersect(raw, outstanding);
    const { coins, change } = truncateDecimal(rewards);
    if (coins.length > 0) k.bank.sendCoinsFromModuleToAccount(ctx, DISTRIBUTION_MODULE, k.payoutAddress(ctx, delegator), coins);
    k.setOutstanding(ctx, operator, subDecCoins(outstanding, rewards));
    k.addToCommunityPool(ctx, change);
    this.decrementReferenceCount(ctx, operator, info.previousPeriod);
    k.startingInfos.remove(ctx, startKey);
    const paid = coins.length > 0 ? coins : [{ denom: k.staking.bondDenom(ctx), amount: 0n }];
    distributionEvents.withdrawRewards(ctx, operator, delegator, paid);
    return paid;
  }

  /** Pays the whole coins of a validator's accumulated commission to the operator's payout address. */
  withdrawValidatorCommission(ctx: Context, operator: string): Coin[] {
    const k = this.k;
    const accumulated = k.commission(ctx, operator);
    if (accumulated.length === 0) throw distributionErrors.ErrNoValidatorCommission.wrap("");
    const { coins, change } = truncateDecimal(accumulated);
    k.setCommission(ctx, operator, change);
    k.setOutstanding(ctx, operator, subDecCoins(k.outstanding(ctx, operator), decCoinsFromCoins(coins)));
    if (coins.length > 0)
      k.bank.sendCoinsFromModuleToAccount(
        ctx,
        DISTRIBUTION_MODULE,
        k.payoutAddress(ctx, accAddress.encode(valAddress.decode(operator))),
        coins,
      );
    distributionEvents.withdrawCommission(ctx, coins);
    return coins;
  }

  /** Before a slash: end the period and record the fraction, so earlier stake earns at the earlier size. */
  recordSlash(ctx: Context, operator: string, fraction: Dec): void {
    const k = this.k;
    if (fraction > DEC_ONE || fraction < 0n) throw broken(`fraction must be >=0 and <=1, current fraction: ${fraction}`);
    const validator = k.staking.getValidator(ctx, operator);
    if (!validator) throw broken(`slashing unknown validator ${operator}`);
    const newPeriod = this.incrementValidatorPeriod(ctx, validator);
    this.incrementReferenceCount(ctx, operator, newPeriod);
    k.slashEvents.set(ctx, [valAddress.decode(operator), ctx.height, newPeriod], {
      validatorPeriod: newPeriod,
      fraction: decToWire(fraction),
    });
  }

  /**
   * The validator is gone: its commission is paid out, what is left outstanding (dust; every
   * delegation already withdrew) goes to the community pool, and its records are deleted.
   */
  removeValidatorRecords(ctx: Context, operator: string): void {
    const k = this.k;
    let outstanding = k.outstanding(ctx, operator);
    const commission = k.commission(ctx, operator);
    if (commission.length > 0) {
      outstanding = subDecCoins(outstanding, commission);
      const { coins, change } = truncateDecimal(commission);
      k.addToCommunityPool(ctx, change);
      if (coins.length > 0)
        k.bank.sendCoinsFromModuleToAccount(
          ctx,
          DISTRIBUTION_MODULE,
          k.payoutAddress(ctx, accAddress.encode(valAddress.decode(operator))),
          coins,
        );
    }
    k.addToCommunityPool(ctx, outstanding);
    const op = valAddress.decode(operator);
    k.outstandingRewards.remove(ctx, op);
    k.accumulatedCommission.remove(ctx, op);
    k.currentRewards.remove(ctx, op);
    for (const key of [...k.slashEvents.keys(ctx, { prefix: k.slashKey.prefix(op) })]) k.slashEvents.remove(ctx, key);
    for (const key of [...k.historicalRewards.keys(ctx, { prefix: k.periodKey.prefix(op) })]) k.historicalRewards.remove(ctx, key);
  }

  /** The chain's operator rotation: every record keyed by the old operator moves to the new one, unchanged. */
  moveValidatorRecords(ctx: Context, oldOperator: string, newOperator: string): void {
    const k = this.k;
    const from = valAddress.decode(oldOperator);
    const to = valAddress.decode(newOperator);
    const moveOne = <V>(map: {
      get(c: Context, key: Uint8Array): V | undefined;
      set(c: Context, key: Uint8Array, v: V): void;
      remove(c: Context, key: Uint8Array): void;
    }) => {
      const v = map.get(ctx, from);
      if (v === undefined) return;
      map.remove(ctx, from);
      map.set(ctx, to, v);
    };
    moveOne(k.outstandingRewards);
    moveOne(k.accumulatedCommission);
    moveOne(k.currentRewards);
    for (const [[, period], h] of [...k.historicalRewards.iterate(ctx, { prefix: k.periodKey.prefix(from) })]) {
      k.historicalRewards.remove(ctx, [from, period]);
      k.historicalRewards.set(ctx, [to, period], h);
    }
    for (const [[, height, period], e] of [...k.slashEvents.iterate(ctx, { prefix: k.slashKey.prefix(from) })]) {
      k.slashEvents.remove(ctx, [from, height, period]);
      k.slashEvents.set(ctx, [to, height, period], e);
    }
    for (const [[, del], info] of [...k.startingInfos.iterate(ctx, { prefix: k.valDelKey.prefix(from) })]) {
      k.startingInfos.remove(ctx, [from, del]);
      k.startingInfos.set(ctx, [to, del], info);
    }
  }

  /** Rewards to the validator: its commission rate of them to its commission, the rest to its delegators' current period. */
  allocateTokensToValidator(ctx: Context, validator: Validator, tokens: DecCoins): void {
    const k = this.k;
    const operator = validator.operatorAddress;
    const rate = decFromWire(validator.commission?.commissionRates?.rate ?? "");
    const commission = mulDec(tokens, rate);
    const shared = subDecCoins(tokens, commission);
    distributionEvents.commission(ctx, operator, commission);
    k.setCommission(ctx, operator, addDecCoins(k.commission(ctx, operator), commission));
    const current = k.current(ctx, operator);
    k.setCurrent(ctx, operator, addDecCoins(current.rewards, shared), current.period);
    distributionEvents.rewards(ctx, operator, tokens);
    k.setOutstanding(ctx, operator, addDecCoins(k.outstanding(ctx, operator), tokens));
  }
}
