import { BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import type { StakingKeeper } from "../modules/staking";
import { potentialPower } from "../modules/staking";
import type { ValidatorgovStakingKeeper } from "../modules/validatorgov";

/** validatorgov's view of the staking keeper: field picks and renames; the operations are staking's. */
export function validatorgovStaking(k: StakingKeeper): ValidatorgovStakingKeeper {
  return {
    bondDenom: (ctx) => k.bondDenom(ctx),
    getValidator: (ctx, operator) => {
      const v = k.getValidator(ctx, operator);
      return (
        v && {
          operator: v.operatorAddress,
          jailed: v.jailed,
          bonded: v.status === BondStatus.BOND_STATUS_BONDED,
          potentialPower: potentialPower(v),
        }
      );
    },
    bondedValidators: (ctx) => k.bondedValidators(ctx).map((v) => ({ operator: v.operator, power: v.power })),
    delegatedTokens: (ctx, delegator, operator) => k.delegationTokens(ctx, delegator, operator) ?? 0n,
    delegate: (ctx, delegator, operator, amount) => k.delegateTokens(ctx, delegator, operator, amount),
    undelegate: (ctx, delegator, operator, amount) => k.undelegateTokens(ctx, delegator, operator, amount),
    jail: (ctx, operator) => k.jail(ctx, operator),
    unjail: (ctx, operator) => k.unjail(ctx, operator),
    rotateOperator: (ctx, oldOperator, newOperator) => k.rotateOperator(ctx, oldOperator, newOperator),
  };
}
