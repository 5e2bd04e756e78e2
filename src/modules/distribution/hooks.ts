import type { Context } from "../../types/context";
import type { StakingHooks } from "../../types/hooks";
import type { DistributionKeeper } from "./keeper";
import { sdkErrors } from "../../types/errors";

/** The SDK's distribution Hooks (keeper/hooks.go): what staking calls on every validator and delegation change. */
export function distributionStakingHooks(k: DistributionKeeper): StakingHooks {
  const validator = (ctx: Context, operator: string) => {
    const v = k.staking.getValidator(ctx, operator);
    if (!v) throw sdkErrors.ErrLogic.wrap(`distribution hook for unknown validator ${operator}`);
    return v;
  };
  return {
    afterValidatorCreated: (ctx, operator) => k.rewards.initializeValidator(ctx, operator),
    afterValidatorRemoved: (ctx, _consAddr, operator) => k.rewards.removeValidatorRecords(ctx, operator),
    // A new delegation must not share the period that earlier stake earned in.
    beforeDelegationCreated: (ctx, _delegator, operator) => void k.rewards.incrementValidatorPeriod(ctx, validator(ctx, operator)),
    // Shares are about to change: pay what the old stake earned first.
    beforeDelegationSharesModified: (ctx, delegator, operator) =>
      void k.rewards.withdrawDelegationRewards(ctx, validator(ctx, operator), delegator),
    afterDelegationModified: (ctx, delegator, operator) => k.rewards.initializeDelegation(ctx, operator, delegator),
    beforeValidatorSlashed: (ctx, operator, fraction) => k.rewards.recordSlash(ctx, operator, fraction),
    afterValidatorOperatorChanged: (ctx, oldOperator, newOperator) => k.rewards.moveValidatorRecords(ctx, oldOperator, newOperator),
  };
}
