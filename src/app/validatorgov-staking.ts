import { BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import type { Context } from "../types/context";
import { valAddress } from "../types/address";
import { decFromWire, decTruncate } from "../types/dec";
import { sdkErrors } from "../types/errors";
import type { StakingKeeper } from "../modules/staking";
import { consensusAddressOf, tokensFromShares } from "../modules/staking";
import type { ValidatorgovStakingKeeper } from "../modules/validatorgov";
import { delegate, undelegate, validateUnbondAmount } from "../modules/staking/delegation";
import { consensusKeyBytes, potentialPower } from "../modules/staking/validator";

/**
 * validatorgov's narrow staking interface over the real staking keeper: seat delegations
 * from the reserve go through staking's own delegate/undelegate flows, and an operator
 * rotation re-keys the validator and everything staking files under its operator address.
 */
export function validatorgovStaking(k: StakingKeeper): ValidatorgovStakingKeeper {
  return {
    bondDenom: (ctx) => k.bondDenom(ctx),
    getValidator: (ctx, operator) => {
      const v = k.getValidator(ctx, operator);
      return v && { operator: v.operatorAddress, jailed: v.jailed, bonded: v.status === BondStatus.BOND_STATUS_BONDED, potentialPower: potentialPower(v) };
    },
    bondedValidators: (ctx) => k.bondedValidators(ctx).map((v) => ({ operator: v.operator, power: v.power })),
    delegatedTokens: (ctx, delegator, operator) => {
      const v = k.getValidator(ctx, operator);
      const d = k.getDelegation(ctx, delegator, operator);
      return v && d ? decTruncate(tokensFromShares(v, decFromWire(d.shares))) : 0n;
    },
    delegate: (ctx, delegator, operator, amount) => {
      delegate(k, ctx, delegator, amount, BondStatus.BOND_STATUS_UNBONDED, k.mustValidator(ctx, operator), true);
    },
    undelegate: (ctx, delegator, operator, amount) => {
      const v = k.mustValidator(ctx, operator);
      const d = k.getDelegation(ctx, delegator, operator);
      if (!d) return;
      const held = decFromWire(d.shares);
      // All of it when the whole delegation goes, so no dust shares are left behind.
      const shares = amount >= decTruncate(tokensFromShares(v, held)) ? held : validateUnbondAmount(k, ctx, delegator, operator, amount);
      undelegate(k, ctx, delegator, operator, shares);
    },
    jail: (ctx, operator) => k.jail(ctx, operator),
    unjail: (ctx, operator) => k.unjail(ctx, operator),
    rotateOperator: (ctx, oldOperator, newOperator) => rotateValidatorOperator(k, ctx, oldOperator, newOperator),
  };
}

/**
 * Moves a validator to a new operator address: the record, its power, consensus-address and
 * unbonding-queue indexes, the last power, every delegation to it, every unbonding from it and
 * every maturing redelegation from or to it (with its queue entries).
 */
export function rotateValidatorOperator(k: StakingKeeper, ctx: Context, oldOperator: string, newOperator: string): void {
  const oldBytes = valAddress.decode(oldOperator);
  const newBytes = valAddress.decode(newOperator);
  const v = k.mustValidator(ctx, oldOperator);
  if (k.getValidator(ctx, newOperator)) throw sdkErrors.ErrInvalidRequest.wrap(`${newOperator} already operates a validator`);

  k.deleteValidatorRecord(ctx, v);
  const moved = { ...v, operatorAddress: newOperator };
  k.setValidator(ctx, moved);
  k.validatorsByConsAddr.set(ctx, consensusAddressOf(consensusKeyBytes(v.consensusPubkey)), newBytes);
  const last = k.lastValidatorPowers.get(ctx, oldBytes);
  if (last !== undefined) {
    k.lastValidatorPowers.remove(ctx, oldBytes);
    k.lastValidatorPowers.set(ctx, newBytes, last);
  }
  if (v.status === BondStatus.BOND_STATUS_UNBONDING) {
    k.validatorQueue.remove(ctx, [v.unbondingTime.seconds, v.unbondingTime.nanos, oldBytes]);
    k.validatorQueue.set(ctx, [v.unbondingTime.seconds, v.unbondingTime.nanos, newBytes]);
  }
  for (const [, del] of [...k.delegationsByValidator.iterate(ctx, { prefix: k.pairOfAddrs.prefix(oldBytes) })]) {
    const d = k.delegations.get(ctx, [del, oldBytes])!;
    k.removeDelegation(ctx, d);
    k.setDelegation(ctx, { ...d, validatorAddress: newOperator });
  }
  for (const [, del] of [...k.unbondingsByValidator.iterate(ctx, { prefix: k.pairOfAddrs.prefix(oldBytes) })]) {
    const u = k.unbondings.get(ctx, [del, oldBytes])!;
    k.setUnbonding(ctx, { ...u, entries: [] });
    k.setUnbonding(ctx, { ...u, validatorAddress: newOperator });
    // Only this validator's own queue entries (keyed by completion time and unbonding id): the
    // rotation runs in an end block, which must not walk everyone's unbondings.
    for (const e of u.entries) {
      const key: [bigint, number, bigint] = [e.completionTime!.seconds, e.completionTime!.nanos, e.unbondingId];
      const pair = k.unbondingQueue.get(ctx, key);
      if (pair?.validatorAddress === oldOperator) k.unbondingQueue.set(ctx, key, { ...pair, validatorAddress: newOperator });
    }
  }
  rotateRedelegations(k, ctx, oldOperator, newOperator);
  for (const h of k.hooks) h.afterValidatorOperatorChanged?.(ctx, oldOperator, newOperator);
}

/** Redelegations from or to the rotated validator follow it; none is cancelled. */
function rotateRedelegations(k: StakingKeeper, ctx: Context, oldOperator: string, newOperator: string): void {
  const prefix = k.tripleOfAddrs.prefix(valAddress.decode(oldOperator));
  const follow = (op: string) => (op === oldOperator ? newOperator : op);
  const keys = [...k.redelegationsBySrc.iterate(ctx, { prefix })].map(([src, del, dst]) => [del, src, dst] as const);
  for (const [dst, del, src] of k.redelegationsByDst.iterate(ctx, { prefix })) keys.push([del, src, dst]);
  for (const key of keys) {
    const r = k.redelegations.get(ctx, [...key])!;
    k.setRedelegation(ctx, { ...r, entries: [] });
    k.setRedelegation(ctx, { ...r, validatorSrcAddress: follow(r.validatorSrcAddress), validatorDstAddress: follow(r.validatorDstAddress) });
    for (const e of r.entries) {
      const queued: [bigint, number, bigint] = [e.completionTime!.seconds, e.completionTime!.nanos, e.unbondingId];
      const t = k.redelegationQueue.get(ctx, queued);
      if (t && (t.validatorSrcAddress === oldOperator || t.validatorDstAddress === oldOperator)) {
        k.redelegationQueue.set(ctx, queued, { ...t, validatorSrcAddress: follow(t.validatorSrcAddress), validatorDstAddress: follow(t.validatorDstAddress) });
      }
    }
  }
}
