import * as q from "cosmjs-types/cosmos/distribution/v1beta1/query";
import type { Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { accAddress, valAddress } from "../../types/address";
import type { Context } from "../../types/context";
import { defineQuery, pageRequest, pageResponse, paginated, queryAddress, queryErrors } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { addDecCoins, decCoinsToProto, type DecCoin } from "./dec-coins";
import { distributionErrors } from "./errors";
import type { DistributionKeeper } from "./keeper";

function queryValoper(address: string): string {
  if (address === "") throw queryErrors.invalidArgument("empty validator address");
  try {
    valAddress.decode(address);
  } catch {
    throw queryErrors.invalidArgument(`invalid validator address: ${JSON.stringify(address.slice(0, 100))}`);
  }
  return address;
}

function queryDelegator(address: string): string {
  if (address === "") throw queryErrors.invalidArgument("empty delegator address");
  return queryAddress(address, "delegator address");
}

function existingValidator(k: DistributionKeeper, ctx: Context, operator: string): Validator {
  const v = k.staking.getValidator(ctx, queryValoper(operator));
  if (!v) throw distributionErrors.ErrNoValidatorExists.wrap(operator);
  return v;
}

/**
 * A delegation's rewards as of now, without writing: ending the validator's period (what the
 * SDK does in a cache context) happens in a scratch branch that is dropped.
 */
function pendingRewards(k: DistributionKeeper, ctx: Context, validator: Validator, delegator: string): DecCoin[] {
  const scratch = ctx.withStore(ctx.rawStore.branch());
  const endingPeriod = k.rewards.incrementValidatorPeriod(scratch, validator);
  return k.rewards.calculateDelegationRewards(scratch, validator, delegator, endingPeriod);
}

export function distributionQueries(k: DistributionKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: k.params.get(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryValidatorDistributionInfoRequest,
      responseCodec: q.QueryValidatorDistributionInfoResponse,
      handle: (ctx, req) => {
        const validator = existingValidator(k, ctx, req.validatorAddress);
        const self = accAddress.encode(valAddress.decode(req.validatorAddress));
        if (!k.staking.getDelegation(ctx, self, req.validatorAddress)) throw distributionErrors.ErrNoDelegationExists.wrap("");
        return {
          operatorAddress: validator.operatorAddress,
          selfBondRewards: decCoinsToProto(pendingRewards(k, ctx, validator, self)),
          commission: decCoinsToProto(k.commission(ctx, req.validatorAddress)),
        };
      },
    }),
    defineQuery({
      requestCodec: q.QueryValidatorOutstandingRewardsRequest,
      responseCodec: q.QueryValidatorOutstandingRewardsResponse,
      handle: (ctx, req) => {
        existingValidator(k, ctx, req.validatorAddress);
        return { rewards: { rewards: decCoinsToProto(k.outstanding(ctx, req.validatorAddress)) } };
      },
    }),
    defineQuery({
      requestCodec: q.QueryValidatorCommissionRequest,
      responseCodec: q.QueryValidatorCommissionResponse,
      handle: (ctx, req) => {
        existingValidator(k, ctx, req.validatorAddress);
        return { commission: { commission: decCoinsToProto(k.commission(ctx, req.validatorAddress)) } };
      },
    }),
    defineQuery({
      requestCodec: q.QueryValidatorSlashesRequest,
      responseCodec: q.QueryValidatorSlashesResponse,
      handle: (ctx, req) => {
        const operator = queryValoper(req.validatorAddress);
        if (req.endingHeight < req.startingHeight) {
          throw queryErrors.invalidArgument(`starting height greater than ending height (${req.startingHeight} > ${req.endingHeight})`);
        }
        const page = paginated(() =>
          k.slashEvents.paginate(ctx, pageRequest(req.pagination), {
            prefix: k.slashKey.prefix(valAddress.decode(operator)),
            filter: ([, height]) => height >= req.startingHeight && height <= req.endingHeight,
          }),
        );
        return { slashes: page.items.map(([, e]) => e), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryDelegationRewardsRequest,
      responseCodec: q.QueryDelegationRewardsResponse,
      handle: (ctx, req) => {
        const delegator = queryDelegator(req.delegatorAddress);
        const validator = existingValidator(k, ctx, req.validatorAddress);
        if (!k.staking.getDelegation(ctx, delegator, req.validatorAddress)) throw distributionErrors.ErrNoDelegationExists.wrap("");
        return { rewards: decCoinsToProto(pendingRewards(k, ctx, validator, delegator)) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryDelegationTotalRewardsRequest,
      responseCodec: q.QueryDelegationTotalRewardsResponse,
      handle: (ctx, req) => {
        const delegator = queryDelegator(req.delegatorAddress);
        let total: DecCoin[] = [];
        const rewards = k.staking.delegationsOf(ctx, delegator).map((d) => {
          const validator = k.staking.getValidator(ctx, d.validator)!;
          const reward = pendingRewards(k, ctx, validator, delegator);
          total = addDecCoins(total, reward);
          return { validatorAddress: d.validator, reward: decCoinsToProto(reward) };
        });
        return { rewards, total: decCoinsToProto(total) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryDelegatorValidatorsRequest,
      responseCodec: q.QueryDelegatorValidatorsResponse,
      handle: (ctx, req) => ({ validators: k.staking.delegationsOf(ctx, queryDelegator(req.delegatorAddress)).map((d) => d.validator) }),
    }),
    defineQuery({
      requestCodec: q.QueryDelegatorWithdrawAddressRequest,
      responseCodec: q.QueryDelegatorWithdrawAddressResponse,
      handle: (ctx, req) => ({ withdrawAddress: k.withdrawAddress(ctx, queryDelegator(req.delegatorAddress)) }),
    }),
    defineQuery({
      requestCodec: q.QueryCommunityPoolRequest,
      responseCodec: q.QueryCommunityPoolResponse,
      handle: (ctx) => ({ pool: decCoinsToProto(k.communityPool(ctx)) }),
    }),
  ];
}
