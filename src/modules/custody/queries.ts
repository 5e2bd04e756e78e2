import * as q from "../../gen/blockchain/custody/v1/query";
import { defineQuery, orNotFound, queryErrors } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { parseDepositId, type CustodyKeeper } from "./keeper";

/** No pagination anywhere in this module (the query protos have none): Assets and Solvency answer every asset. */
export function custodyQueries(k: CustodyKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryAssetsRequest,
      responseCodec: q.QueryAssetsResponse,
      handle: (ctx) => ({ assets: [...k.assets.iterate(ctx)].map(([, a]) => a) }),
    }),
    defineQuery({
      requestCodec: q.QuerySolvencyRequest,
      responseCodec: q.QuerySolvencyResponse,
      handle: (ctx) => ({ solvency: [...k.assets.iterate(ctx)].map(([denom]) => k.solvency(ctx, denom)) }),
    }),
    defineQuery({
      requestCodec: q.QueryDepositRequest,
      responseCodec: q.QueryDepositResponse,
      handle: (ctx, req) => {
        const key = parseDepositId(req.id);
        if (!key || req.id.includes("\u0000"))
          throw queryErrors.invalidArgument(`deposit id ${JSON.stringify(req.id.slice(0, 200))} is not denom:external_ref`);
        return { deposit: orNotFound(k.deposits.get(ctx, key), `deposit ${req.id} not found`) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryRedemptionRequest,
      responseCodec: q.QueryRedemptionResponse,
      handle: (ctx, req) => ({ redemption: orNotFound(k.getRedemption(ctx, req.id), `redemption ${req.id} not found`) }),
    }),
  ];
}
