import type { TypedMap } from "../../store/collections";
import type { Context } from "../../types/context";
import type { ValidatorUpdate } from "../../types/module";
import { completeRedelegation, completeUnbonding } from "./delegation";
import { stakingEvents } from "./events";
import type { StakingKeeper } from "./keeper";
import { timeCmp } from "./validator";
import { applyValidatorSetUpdates, unbondMatureValidators } from "./valset";

type QueueKey = [bigint, number, bigint];

/** Queue entries due at the block time; the queue is time-ordered, so the walk stops at the first later one. */
function due<V>(queue: TypedMap<QueueKey, V>, ctx: Context): Array<[QueueKey, V]> {
  const out: Array<[QueueKey, V]> = [];
  for (const entry of queue.iterate(ctx)) {
    if (timeCmp({ seconds: entry[0][0], nanos: entry[0][1] }, ctx.time) > 0) break;
    out.push(entry);
  }
  return out;
}

/**
 * The SDK's staking end blocker: new validator set, then validators, unbondings and
 * redelegations whose completion time is at or before the block time, in queue order.
 */
export function stakingEndBlock(k: StakingKeeper, ctx: Context): ValidatorUpdate[] {
  const updates = applyValidatorSetUpdates(k, ctx);
  unbondMatureValidators(k, ctx);
  for (const [key, pair] of due(k.unbondingQueue, ctx)) {
    k.unbondingQueue.remove(ctx, key);
    const paid = completeUnbonding(k, ctx, pair.delegatorAddress, pair.validatorAddress);
    if (paid > 0n) stakingEvents.completeUnbonding(ctx, `${paid}${k.bondDenom(ctx)}`, pair.validatorAddress, pair.delegatorAddress);
  }
  for (const [key, t] of due(k.redelegationQueue, ctx)) {
    k.redelegationQueue.remove(ctx, key);
    const amount = completeRedelegation(k, ctx, t.delegatorAddress, t.validatorSrcAddress, t.validatorDstAddress);
    if (amount > 0n) stakingEvents.completeRedelegation(ctx, `${amount}${k.bondDenom(ctx)}`, t.delegatorAddress, t.validatorSrcAddress, t.validatorDstAddress);
  }
  return updates;
}
