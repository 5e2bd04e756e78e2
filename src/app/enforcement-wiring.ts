import type { EnforcementStakingKeeper } from "../modules/enforcement";
import type { StakingKeeper } from "../modules/staking";
import { undelegate } from "../modules/staking/delegation";
import { tokensFromShares } from "../modules/staking/validator";
import { accAddress } from "../types/address";
import { decTruncate } from "../types/dec";

/**
 * What enforcement needs from staking, built from staking's own operations: the target's
 * bonded and unbonding tokens (assessed value, sweep completeness) and the unbonding of
 * everything it has staked when a seizure runs.
 */
export function enforcementStaking(k: StakingKeeper): EnforcementStakingKeeper {
  return {
    bondDenom: (ctx) => k.bondDenom(ctx),
    bondedValidators: (ctx) => k.bondedValidators(ctx).map((v) => ({ operator: v.operator, accountAddress: v.accountAddress, power: v.power })),
    stakeOf: (ctx, delegator) => {
      let bonded = 0n;
      for (const d of k.delegationsOf(ctx, delegator)) {
        const v = k.getValidator(ctx, d.validator);
        if (v) bonded += decTruncate(tokensFromShares(v, d.shares));
      }
      let unbonding = 0n;
      for (const [, u] of k.unbondings.iterate(ctx, { prefix: k.pairOfAddrs.prefix(accAddress.decode(delegator)) })) {
        for (const e of u.entries) unbonding += BigInt(e.balance);
      }
      return { bonded, unbonding };
    },
    undelegateAll: (ctx, delegator) => {
      for (const d of k.delegationsOf(ctx, delegator)) undelegate(k, ctx, delegator, d.validator, d.shares);
    },
  };
}
