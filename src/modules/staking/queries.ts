import * as q from "cosmjs-types/cosmos/staking/v1beta1/query";
import {
  BondStatus,
  bondStatusFromJSON,
  type Delegation,
  type DelegationResponse,
  type Redelegation,
  type RedelegationResponse,
} from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { accAddress, valAddress } from "../../types/address";
import type { Context } from "../../types/context";
import { decFromWire, decTruncate } from "../../types/dec";
import { defineQuery, pageRequest, pageResponse, paginated, queryAddress, queryErrors } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { StakingKeeper } from "./keeper";
import { tokensFromShares } from "./validator";

function queryValAddr(address: string, field = "validator address"): Uint8Array {
  if (address === "") throw queryErrors.invalidArgument(`${field} cannot be empty`);
  try {
    return valAddress.decode(address);
  } catch {
    throw queryErrors.invalidArgument(`invalid ${field}: ${JSON.stringify(address.slice(0, 100))}`);
  }
}

function queryAccAddr(address: string, field = "delegator address"): Uint8Array {
  return accAddress.decode(queryAddress(address, field));
}

export function stakingQueries(k: StakingKeeper): QueryDef[] {
  const mustValidator = (ctx: Context, address: string) => {
    const v = k.validators.get(ctx, queryValAddr(address));
    if (!v) throw queryErrors.notFound(`validator ${address} not found`);
    return v;
  };
  const delegationResponse = (ctx: Context, d: Delegation): DelegationResponse => {
    const v = k.getValidator(ctx, d.validatorAddress);
    const tokens = v ? decTruncate(tokensFromShares(v, decFromWire(d.shares))) : 0n;
    return { delegation: d, balance: { denom: k.bondDenom(ctx), amount: tokens.toString() } };
  };
  const redelegationResponse = (ctx: Context, r: Redelegation): RedelegationResponse => {
    const dst = k.getValidator(ctx, r.validatorDstAddress);
    return {
      redelegation: r,
      entries: r.entries.map((e) => ({
        redelegationEntry: e,
        balance: (dst ? decTruncate(tokensFromShares(dst, decFromWire(e.sharesDst))) : 0n).toString(),
      })),
    };
  };

  return [
    defineQuery({
      requestCodec: q.QueryValidatorsRequest,
      responseCodec: q.QueryValidatorsResponse,
      handle: (ctx, req) => {
        let status: BondStatus | undefined;
        if (req.status !== "") {
          status = bondStatusFromJSON(req.status);
          if (status === BondStatus.UNRECOGNIZED || status === BondStatus.BOND_STATUS_UNSPECIFIED)
            throw queryErrors.invalidArgument(`invalid validator status ${req.status.slice(0, 100)}`);
        }
        const page = paginated(() =>
          k.validators.paginate(ctx, pageRequest(req.pagination), {
            filter: status === undefined ? undefined : (_, v) => v.status === status,
          }),
        );
        return { validators: page.items.map(([, v]) => v), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryValidatorRequest,
      responseCodec: q.QueryValidatorResponse,
      handle: (ctx, req) => ({ validator: mustValidator(ctx, req.validatorAddr) }),
    }),
    defineQuery({
      requestCodec: q.QueryValidatorDelegationsRequest,
      responseCodec: q.QueryValidatorDelegationsResponse,
      handle: (ctx, req) => {
        const val = queryValAddr(req.validatorAddr);
        const page = paginated(() =>
          k.delegations.indexes.byValidator.paginate(ctx, k.pairOfAddrs.prefix(val), pageRequest(req.pagination)),
        );
        return {
          delegationResponses: page.items.map((key) => delegationResponse(ctx, k.delegations.get(ctx, key)!)),
          pagination: pageResponse(page),
        };
      },
    }),
    defineQuery({
      requestCodec: q.QueryValidatorUnbondingDelegationsRequest,
      responseCodec: q.QueryValidatorUnbondingDelegationsResponse,
      handle: (ctx, req) => {
        const val = queryValAddr(req.validatorAddr);
        const page = paginated(() =>
          k.unbondings.indexes.byValidator.paginate(ctx, k.pairOfAddrs.prefix(val), pageRequest(req.pagination)),
        );
        return { unbondingResponses: page.items.map((key) => k.unbondings.get(ctx, key)!), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryDelegationRequest,
      responseCodec: q.QueryDelegationResponse,
      handle: (ctx, req) => {
        const d = k.delegations.get(ctx, [queryAccAddr(req.delegatorAddr), queryValAddr(req.validatorAddr)]);
        if (!d) throw queryErrors.notFound(`delegation with delegator ${req.delegatorAddr} not found for validator ${req.validatorAddr}`);
        return { delegationResponse: delegationResponse(ctx, d) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryUnbondingDelegationRequest,
      responseCodec: q.QueryUnbondingDelegationResponse,
      handle: (ctx, req) => {
        const u = k.unbondings.get(ctx, [queryAccAddr(req.delegatorAddr), queryValAddr(req.validatorAddr)]);
        if (!u)
          throw queryErrors.notFound(
            `unbonding delegation with delegator ${req.delegatorAddr} not found for validator ${req.validatorAddr}`,
          );
        return { unbond: u };
      },
    }),
    defineQuery({
      requestCodec: q.QueryDelegatorDelegationsRequest,
      responseCodec: q.QueryDelegatorDelegationsResponse,
      handle: (ctx, req) => {
        const del = queryAccAddr(req.delegatorAddr);
        const page = paginated(() => k.delegations.paginate(ctx, pageRequest(req.pagination), { prefix: k.pairOfAddrs.prefix(del) }));
        return { delegationResponses: page.items.map(([, d]) => delegationResponse(ctx, d)), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryDelegatorUnbondingDelegationsRequest,
      responseCodec: q.QueryDelegatorUnbondingDelegationsResponse,
      handle: (ctx, req) => {
        const del = queryAccAddr(req.delegatorAddr);
        const page = paginated(() => k.unbondings.paginate(ctx, pageRequest(req.pagination), { prefix: k.pairOfAddrs.prefix(del) }));
        return { unbondingResponses: page.items.map(([, u]) => u), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryRedelegationsRequest,
      responseCodec: q.QueryRedelegationsResponse,
      handle: (ctx, req) => {
        if (req.delegatorAddr !== "" && req.srcValidatorAddr !== "" && req.dstValidatorAddr !== "") {
          const key: [Uint8Array, Uint8Array, Uint8Array] = [
            queryAccAddr(req.delegatorAddr),
            queryValAddr(req.srcValidatorAddr, "source validator address"),
            queryValAddr(req.dstValidatorAddr, "destination validator address"),
          ];
          const r = k.redelegations.get(ctx, key);
          if (!r)
            throw queryErrors.notFound(
              `redelegation not found for delegator address ${req.delegatorAddr} from validator address ${req.srcValidatorAddr}`,
            );
          return { redelegationResponses: [redelegationResponse(ctx, r)], pagination: undefined };
        }
        if (req.delegatorAddr === "" && req.srcValidatorAddr !== "") {
          const src = queryValAddr(req.srcValidatorAddr, "source validator address");
          const page = paginated(() =>
            k.redelegations.indexes.bySrc.paginate(ctx, k.tripleOfAddrs.prefix(src), pageRequest(req.pagination)),
          );
          return {
            redelegationResponses: page.items.map((key) => redelegationResponse(ctx, k.redelegations.get(ctx, key)!)),
            pagination: pageResponse(page),
          };
        }
        const del = queryAccAddr(req.delegatorAddr);
        const page = paginated(() => k.redelegations.paginate(ctx, pageRequest(req.pagination), { prefix: k.tripleOfAddrs.prefix(del) }));
        return { redelegationResponses: page.items.map(([, r]) => redelegationResponse(ctx, r)), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryDelegatorValidatorsRequest,
      responseCodec: q.QueryDelegatorValidatorsResponse,
      handle: (ctx, req) => {
        const del = queryAccAddr(req.delegatorAddr);
        const page = paginated(() => k.delegations.paginate(ctx, pageRequest(req.pagination), { prefix: k.pairOfAddrs.prefix(del) }));
        return { validators: page.items.map(([[, val]]) => k.validators.get(ctx, val)!), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryDelegatorValidatorRequest,
      responseCodec: q.QueryDelegatorValidatorResponse,
      handle: (ctx, req) => {
        const del = queryAccAddr(req.delegatorAddr);
        const val = queryValAddr(req.validatorAddr);
        if (!k.delegations.has(ctx, [del, val]))
          throw queryErrors.notFound(`delegation with delegator ${req.delegatorAddr} not found for validator ${req.validatorAddr}`);
        return { validator: mustValidator(ctx, req.validatorAddr) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryPoolRequest,
      responseCodec: q.QueryPoolResponse,
      handle: (ctx) => ({
        pool: { notBondedTokens: k.totalNotBondedTokens(ctx).toString(), bondedTokens: k.totalBondedTokens(ctx).toString() },
      }),
    }),
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
  ];
}
