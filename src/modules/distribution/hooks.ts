import type { Context } from "../../types/context";
import type { StakingHooks } from "../../types/hooks";
import type { DistributionKeeper } from "./keeper";
import {
  incrementValidatorPeriod, initializeDelegation, initializeValidator, moveValidatorRecords, recordSlash,
  removeValidatorRecords, withdrawDelegationRewards,
} from "./rewards";
import { sdkErrors } from "../../types/errors";

/** The SDK's distribution Hooks (keeper/hooks.go): what staking calls on every validator and delegation change. */
export function distributionStakingHooks(k: DistributionKeeper): StakingHooks {
  const validator = (ctx: Context, operator: string) => {
    const v = k.staking.getValidator(ctx, operator);
    if (!v) throw sdkErrors.ErrLogic.wrap(`distribution hook for unknown validator ${operator}`);
    return v;
  };
  return {
    afterValidatorCreated: (ctx, operator) => initializeValidator(k, ctx, operator),
    afterValidatorRemoved: (ctx, _consAddr, operator) => removeValidatorRecords(k, ctx, operator),
    // A new delegation must not share the period that earlier stake earned in.
    beforeDelegationCreated: (ctx, _delegator, operator) => void incrementValidatorPeriod(k, ctx, validator(ctx, operator)),
    // Shares are about to change: pay what the old stake earned first.
    beforeDelegationSharesModified: (ctx, delegator, operator) => void withdrawDelegationRewards(k, ctx, validator(ctx, operator), delegator),
    afterDelegationModified: (ctx, delegator, operator) => initializeDelegation(k, ctx, operator, delegator),
    beforeValidatorSlashed: (ctx, operator, fraction) => recordSlash(k, ctx, operator, fraction),
    afterValidatorOperatorChanged: (ctx, oldOperator, newOperator) => moveValidatorRecords(k, ctx, oldOperator, newOperator),
  };
}
