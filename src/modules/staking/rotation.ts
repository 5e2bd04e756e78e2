import { BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { valAddress } from "../../types/address";
import type { Context } from "../../types/context";
import { sdkErrors } from "../../types/errors";
import type { StakingKeeper } from "./keeper";

type QueueKey = [bigint, number, bigint];

/** The queue key of an unbonding or redelegation entry: its completion time and id (one to one with the queue). */
const queueKeyOf = (e: { completionTime?: { seconds: bigint; nanos: number }; unbondingId: bigint }): QueueKey => [
  e.completionTime!.seconds,
  e.completionTime!.nanos,
  e.unbondingId,
];

/**
 * Moves a validator to a new operator address (validatorgov's operator rotation): the record,
 * its power, consensus-address and unbonding-queue indexes, the last power, every delegation
 * to it, every unbonding from it and every maturing redelegation from or to it, with their
 * queue entries. It runs in an end block, so it reads only this validator's entries: the
 * by-validator indexes list them, and each entry names its own queue key. The keeper holds
 * one (`keeper.rotation`).
 */
export class OperatorRotation {
  constructor(private readonly k: StakingKeeper) {}

  rotate(ctx: Context, oldOperator: string, newOperator: string): void {
    const k = this.k;
    const oldBytes = valAddress.decode(oldOperator);
    const newBytes = valAddress.decode(newOperator);
    const v = k.mustValidator(ctx, oldOperator);
    if (k.getValidator(ctx, newOperator)) throw sdkErrors.ErrInvalidRequest.wrap(`${newOperator} already operates a validator`);

    const consAddr = k.deleteValidatorRecord(ctx, v);
    k.setValidator(ctx, { ...v, operatorAddress: newOperator });
    k.validatorsByConsAddr.set(ctx, consAddr, newBytes);
    const last = k.lastValidatorPowers.get(ctx, oldBytes);
    if (last !== undefined) {
      k.lastValidatorPowers.remove(ctx, oldBytes);
      k.lastValidatorPowers.set(ctx, newBytes, last);
    }
    if (v.status === BondStatus.BOND_STATUS_UNBONDING) {
      k.validatorQueue.remove(ctx, [v.unbondingTime.seconds, v.unbondingTime.nanos, oldBytes]);
      k.validatorQueue.set(ctx, [v.unbondingTime.seconds, v.unbondingTime.nanos, newBytes]);
    }
    const prefix = k.pairOfAddrs.prefix(oldBytes);
    for (const key of [...k.delegations.indexes.byValidator.iterate(ctx, prefix)]) {
      const d = k.delegations.get(ctx, key)!;
      k.removeDelegation(ctx, d);
      k.setDelegation(ctx, { ...d, validatorAddress: newOperator });
    }
    for (const key of [...k.unbondings.indexes.byValidator.iterate(ctx, prefix)]) {
      const u = k.unbondings.get(ctx, key)!;
      k.setUnbonding(ctx, { ...u, entries: [] });
      k.setUnbonding(ctx, { ...u, validatorAddress: newOperator });
      for (const e of u.entries) {
        const queued = queueKeyOf(e);
        const pair = k.unbondingQueue.get(ctx, queued);
        if (pair?.validatorAddress === oldOperator) k.unbondingQueue.set(ctx, queued, { ...pair, validatorAddress: newOperator });
      }
    }
    this.rotateRedelegations(ctx, oldOperator, newOperator);
    for (const h of k.hooks) h.afterValidatorOperatorChanged?.(ctx, oldOperator, newOperator);
  }

  /** Redelegations from or to the rotated validator follow it; none is cancelled. */
  private rotateRedelegations(ctx: Context, oldOperator: string, newOperator: string): void {
    const k = this.k;
    const { bySrc, byDst } = k.redelegations.indexes;
    const prefix = k.tripleOfAddrs.prefix(valAddress.decode(oldOperator));
    const follow = (op: string) => (op === oldOperator ? newOperator : op);
    const keys = [...bySrc.iterate(ctx, prefix), ...byDst.iterate(ctx, prefix)];
    for (const key of keys) {
      const r = k.redelegations.get(ctx, key)!;
      k.setRedelegation(ctx, { ...r, entries: [] });
      k.setRedelegation(ctx, {
        ...r,
        validatorSrcAddress: follow(r.validatorSrcAddress),
        validatorDstAddress: follow(r.validatorDstAddress),
      });
      for (const e of r.entries) {
        const queued = queueKeyOf(e);
        const t = k.redelegationQueue.get(ctx, queued);
        if (t && (t.validatorSrcAddress === oldOperator || t.validatorDstAddress === oldOperator)) {
          k.redelegationQueue.set(ctx, queued, {
            ...t,
            validatorSrcAddress: follow(t.validatorSrcAddress),
            validatorDstAddress: follow(t.validatorDstAddress),
          });
        }
      }
    }
  }
}
