import * as q from "../../gen/blockchain/treasury/v1/query";
import { isValidDenom } from "../../types/coins";
import { defineQuery, orNotFound, pageRequest, pageResponse, paginated, queryAddress, queryErrors, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { Context } from "../../types/context";
import { idKeyPrefix, type TreasuryKeeper } from "./keeper";

function queryDenom(denom: string): string {
  if (!isValidDenom(denom)) throw queryErrors.invalidArgument(`invalid denom: ${JSON.stringify(denom.slice(0, 140))}`);
  return denom;
}

function treasuryOf(ctx: Context, k: TreasuryKeeper, id: bigint) {
  return orNotFound(k.treasuries.get(ctx, id), `treasury ${id} not found`);
}

export function treasuryQueries(k: TreasuryKeeper): QueryDef[] {
  const locksOf = (ctx: Context, ids: bigint[]) => ids.map((id) => k.locks.get(ctx, id)!);
  return [
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryGetTreasuryRequest,
      responseCodec: q.QueryGetTreasuryResponse,
      handle: (ctx, req) => ({ treasury: treasuryOf(ctx, k, req.id) }),
    }),
    defineQuery({
      requestCodec: q.QueryAllTreasuryRequest,
      responseCodec: q.QueryAllTreasuryResponse,
      handle: (ctx, req) => valuesPage(ctx, k.treasuries, req.pagination, "treasury"),
    }),
    defineQuery({
      requestCodec: q.QueryTreasuryBalancesRequest,
      responseCodec: q.QueryTreasuryBalancesResponse,
      // A treasury that does not exist holds nothing: an empty list, not an error.
      handle: (ctx, req) => {
        const balances = [...k.balances.iterate(ctx, { prefix: idKeyPrefix(req.treasuryId) })].map(([, b]) => ({
          denom: b.denom,
          total: b.total,
          locked: b.locked,
          available: (BigInt(b.total) - BigInt(b.locked)).toString(),
        }));
        return { balances };
      },
    }),
    defineQuery({
      requestCodec: q.QueryGetLockRequest,
      responseCodec: q.QueryGetLockResponse,
      handle: (ctx, req) => ({ lock: orNotFound(k.locks.get(ctx, req.id), `lock ${req.id} not found`) }),
    }),
    defineQuery({
      requestCodec: q.QueryAllLockRequest,
      responseCodec: q.QueryAllLockResponse,
      handle: (ctx, req) => valuesPage(ctx, k.locks, req.pagination, "lock"),
    }),
    defineQuery({
      requestCodec: q.QueryLocksByTreasuryRequest,
      responseCodec: q.QueryLocksByTreasuryResponse,
      handle: (ctx, req) => {
        treasuryOf(ctx, k, req.treasuryId);
        const page = paginated(() => k.locks.indexes.byTreasury.paginate(ctx, req.treasuryId, pageRequest(req.pagination)));
        return { lock: locksOf(ctx, page.items), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryLocksByBeneficiaryRequest,
      responseCodec: q.QueryLocksByBeneficiaryResponse,
      handle: (ctx, req) => {
        const page = paginated(() =>
          k.locks.indexes.byBeneficiary.paginate(ctx, queryAddress(req.beneficiary, "beneficiary"), pageRequest(req.pagination)),
        );
        return { lock: locksOf(ctx, page.items), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryClaimableAmountRequest,
      responseCodec: q.QueryClaimableAmountResponse,
      handle: (ctx, req) => {
        const c = k.claimable(ctx, orNotFound(k.locks.get(ctx, req.lockId), `lock ${req.lockId} not found`));
        return { claimable: c.claimable.toString(), vested: c.vested.toString(), remaining: c.remaining.toString() };
      },
    }),
    defineQuery({
      requestCodec: q.QueryListRoleRequest,
      responseCodec: q.QueryListRoleResponse,
      handle: (ctx, req) => {
        treasuryOf(ctx, k, req.treasuryId);
        const page = paginated(() => k.roles.paginate(ctx, pageRequest(req.pagination), { prefix: idKeyPrefix(req.treasuryId) }));
        return { role: page.items.map(([, v]) => v), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryGetSpendPolicyRequest,
      responseCodec: q.QueryGetSpendPolicyResponse,
      handle: (ctx, req) => {
        treasuryOf(ctx, k, req.treasuryId);
        const denom = queryDenom(req.denom);
        return {
          policy: orNotFound(k.policies.get(ctx, [req.treasuryId, denom]), `no spend policy for ${denom} in treasury ${req.treasuryId}`),
        };
      },
    }),
    defineQuery({
      requestCodec: q.QuerySpendCapacityRequest,
      responseCodec: q.QuerySpendCapacityResponse,
      handle: (ctx, req) => {
        treasuryOf(ctx, k, req.treasuryId);
        const c = k.capacity(ctx, req.treasuryId, queryDenom(req.denom));
        return {
          remainingThisPeriod: c.remainingThisPeriod?.toString() ?? "",
          available: c.available.toString(),
          perTransactionLimit: c.perTransactionLimit?.toString() ?? "",
          periodResetsAt: c.periodResetsAt,
        };
      },
    }),
  ];
}
