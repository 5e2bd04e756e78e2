import {
  DelegatorStartingInfo,
  FeePool,
  Params,
  ValidatorAccumulatedCommission,
  ValidatorCurrentRewards,
  ValidatorHistoricalRewards,
  ValidatorOutstandingRewards,
  ValidatorSlashEvent,
} from "cosmjs-types/cosmos/distribution/v1beta1/distribution";
import { Schema } from "../../store/collections";
import { bytesKey, bytesValue, pairKey, protoValue, stringValue, tripleKey, uint64Key } from "../../store/codecs";
import { accAddress, moduleAddress, valAddress } from "../../types/address";
import { BlockIdFlag, type Context } from "../../types/context";
import { DEC_ONE, decFromInt, decFromWire, decQuoTruncate } from "../../types/dec";
import { noFreeze, type FreezeGuard } from "../../types/hooks";
import {
  addDecCoins,
  decCoinsFromCoins,
  decCoinsFromProto,
  decCoinsToProto,
  mulDecTruncate,
  subDecCoins,
  type DecCoins,
  type DecCoin,
} from "./dec-coins";
import { defaultDistributionParams, DISTRIBUTION_MODULE } from "./params";
import { F1Rewards } from "./rewards";
import type { AccountKeeper, BankKeeper, StakingKeeper } from "./expected-keepers";

/**
 * x/distribution's state, keyed as the SDK's collections: per validator its outstanding rewards
 * (what the module account holds for it), accumulated commission, current-period rewards and
 * historical cumulative reward ratios (the F1 periods); per delegation its starting info; slash
 * events by (validator, height, period); the fee pool (community pool) and withdraw addresses.
 * Reads default to empty records; the F1 steps live in `rewards` (rewards.ts).
 */
export class DistributionKeeper {
  private readonly schema = new Schema("distribution/");
  readonly params = this.schema.item(1, "params", protoValue(Params, "Params"), defaultDistributionParams());
  readonly feePool = this.schema.item(2, "fee_pool", protoValue(FeePool, "FeePool"), FeePool.fromPartial({}));
  /** Delegator account bytes → withdraw address (unset: the delegator itself). */
  readonly withdrawAddrs = this.schema.map(3, "delegator_withdraw_addrs", bytesKey, stringValue);
  readonly valDelKey = pairKey(bytesKey, bytesKey);
  /** (validator, delegator). */
  readonly startingInfos = this.schema.map(
    4,
    "delegator_starting_infos",
    this.valDelKey,
    protoValue(DelegatorStartingInfo, "DelegatorStartingInfo"),
  );
  readonly periodKey = pairKey(bytesKey, uint64Key);
  /** (validator, period). */
  readonly historicalRewards = this.schema.map(
    5,
    "validator_historical_rewards",
    this.periodKey,
    protoValue(ValidatorHistoricalRewards, "ValidatorHistoricalRewards"),
  );
  readonly currentRewards = this.schema.map(
    6,
    "validator_current_rewards",
    bytesKey,
    protoValue(ValidatorCurrentRewards, "ValidatorCurrentRewards"),
  );
  readonly accumulatedCommission = this.schema.map(
    7,
    "validator_accumulated_commission",
    bytesKey,
    protoValue(ValidatorAccumulatedCommission, "ValidatorAccumulatedCommission"),
  );
  readonly outstandingRewards = this.schema.map(
    8,
    "validator_outstanding_rewards",
    bytesKey,
    protoValue(ValidatorOutstandingRewards, "ValidatorOutstandingRewards"),
  );
  readonly slashKey = tripleKey(bytesKey, uint64Key, uint64Key);
  /** (validator, height, period). */
  readonly slashEvents = this.schema.map(
    9,
    "validator_slash_events",
    this.slashKey,
    protoValue(ValidatorSlashEvent, "ValidatorSlashEvent"),
  );
  /** Consensus address of the previous block's proposer (kept for genesis export, as the SDK does). */
  readonly previousProposer = this.schema.item(10, "previous_proposer", bytesValue, new Uint8Array());

  readonly rewards = new F1Rewards(this);

  /** The chain's freeze (enforcement's), bound at wiring. */
  freeze: FreezeGuard = noFreeze;

  constructor(
    readonly bank: BankKeeper,
    readonly auth: AccountKeeper,
    readonly staking: StakingKeeper,
    /** The module account the ante handler pays fees into. */
    readonly feeCollector: string,
  ) {}

  beginBlock(ctx: Context): void {
    // Height 1 has no previous block whose signers could be paid (as the SDK).
    if (ctx.height > 1n) this.allocateTokens(ctx);
    // Kept for genesis export as the SDK does; a block without a proposer (replays, tools) leaves it.
    if (ctx.block.proposer.length > 0) this.previousProposer.set(ctx, ctx.block.proposer);
  }

  /**
   * The SDK's AllocateTokens: everything in the fee collector moves to the distribution
   * account. The community tax stays in the community pool; the rest goes to the validators
   * that signed the previous block (BlockIdFlag commit), each by its power over the power that
   * signed. Truncation remainders, the share of a signer whose validator no longer exists, and
   * all of it when nobody signed, go to the community pool: nothing is created.
   */
  allocateTokens(ctx: Context): void {
    const collected = this.bank.getAllBalances(ctx, moduleAddress(this.feeCollector)).filter((c) => c.amount > 0n);
    if (collected.length === 0) return;
    this.bank.sendCoinsFromModuleToModule(ctx, this.feeCollector, DISTRIBUTION_MODULE, collected);
    const fees = decCoinsFromCoins(collected);
    const signers = (ctx.block.lastCommitVotes ?? []).filter((v) => v.blockIdFlag === BlockIdFlag.commit && v.power > 0n);
    const signedPower = signers.reduce((sum, v) => sum + v.power, 0n);
    if (signedPower === 0n) {
      this.addToCommunityPool(ctx, fees);
      return;
    }
    let remaining = fees;
    const validatorsShare = mulDecTruncate(fees, DEC_ONE - decFromWire(this.params.get(ctx).communityTax));
    for (const vote of signers) {
      const validator = this.staking.validatorByConsAddr(ctx, vote.validatorAddress);
      if (!validator) continue;
      const reward = mulDecTruncate(validatorsShare, decQuoTruncate(decFromInt(vote.power), decFromInt(signedPower)));
      this.rewards.allocateTokensToValidator(ctx, validator, reward);
      remaining = subDecCoins(remaining, reward);
    }
    this.addToCommunityPool(ctx, remaining);
  }

  communityPool(ctx: Context): DecCoin[] {
    return decCoinsFromProto(this.feePool.get(ctx).communityPool);
  }

  addToCommunityPool(ctx: Context, coins: DecCoins): void {
    if (coins.length === 0) return;
    this.feePool.set(ctx, { communityPool: decCoinsToProto(addDecCoins(this.communityPool(ctx), coins)) });
  }

  withdrawAddress(ctx: Context, delegator: string): string {
    return this.withdrawAddrs.get(ctx, accAddress.decode(delegator)) ?? delegator;
  }

  /**
   * Where the owner's rewards and commission are paid: its withdraw address, except while the
   * owner is frozen: then to the owner itself, where the freeze holds them and a seizure
   * collects them. The withdraw address stays recorded and applies again once the freeze ends.
   */
  payoutAddress(ctx: Context, owner: string): string {
    const to = this.withdrawAddress(ctx, owner);
    return to !== owner && this.freeze.isFrozen(ctx, owner) ? owner : to;
  }

  outstanding(ctx: Context, operator: string): DecCoin[] {
    return decCoinsFromProto(this.outstandingRewards.get(ctx, valAddress.decode(operator))?.rewards ?? []);
  }

  setOutstanding(ctx: Context, operator: string, rewards: DecCoins): void {
    this.outstandingRewards.set(ctx, valAddress.decode(operator), { rewards: decCoinsToProto(rewards) });
  }

  commission(ctx: Context, operator: string): DecCoin[] {
    return decCoinsFromProto(this.accumulatedCommission.get(ctx, valAddress.decode(operator))?.commission ?? []);
  }

  setCommission(ctx: Context, operator: string, commission: DecCoins): void {
    this.accumulatedCommission.set(ctx, valAddress.decode(operator), { commission: decCoinsToProto(commission) });
  }

  current(ctx: Context, operator: string): { rewards: DecCoin[]; period: bigint } {
    const c = this.currentRewards.get(ctx, valAddress.decode(operator));
    return { rewards: decCoinsFromProto(c?.rewards ?? []), period: c?.period ?? 0n };
  }

  setCurrent(ctx: Context, operator: string, rewards: DecCoins, period: bigint): void {
    this.currentRewards.set(ctx, valAddress.decode(operator), { rewards: decCoinsToProto(rewards), period });
  }
}
