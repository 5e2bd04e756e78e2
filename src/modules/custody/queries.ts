import * as q from "../../gen/blockchain/custody/v1/query";
import { defineQuery, orNotFound, queryErrors } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { parseDepositId, type CustodyKeeper } from "./keeper";

const P = "/blockchain.custody.v1.Query/";
const R = "/blockchain/custody/v1";

/** No pagination anywhere in this module (wire sheet): Assets and Solvency answer every asset. */
export function custodyQueries(k: CustodyKeeper): QueryDef[] {
  return [
    defineQuery({
      path: P + "Params", requestCodec: q.QueryParamsRequest, responseCodec: q.QueryParamsResponse, rest: `${R}/params`,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      path: P + "Assets", requestCodec: q.QueryAssetsRequest, responseCodec: q.QueryAssetsResponse, rest: `${R}/assets`,
      handle: (ctx) => ({ assets: [...k.assets.iterate(ctx)].map(([, a]) => a) }),
    }),
    defineQuery({
      path: P + "Solvency", requestCodec: q.QuerySolvencyRequest, responseCodec: q.QuerySolvencyResponse, rest: `${R}/solvency`,
      handle: (ctx) => ({ solvency: [...k.assets.iterate(ctx)].map(([denom]) => k.solvency(ctx, denom)) }),
    }),
    defineQuery({
      path: P + "Deposit", requestCodec: q.QueryDepositRequest, responseCodec: q.QueryDepositResponse, rest: `${R}/deposit`,
      handle: (ctx, req) => {
        const key = parseDepositId(req.id);
        if (!key || req.id.includes("\u0000")) throw queryErrors.invalidArgument(`deposit id ${JSON.stringify(req.id.slice(0, 200))} is not denom:external_ref`);
        return { deposit: orNotFound(k.deposits.get(ctx, key), `deposit ${req.id} not found`) };
      },
    }),
    defineQuery({
      path: P + "Redemption", requestCodec: q.QueryRedemptionRequest, responseCodec: q.QueryRedemptionResponse, rest: `${R}/redemption/{id}`,
      handle: (ctx, req) => ({ redemption: orNotFound(k.getRedemption(ctx, req.id), `redemption ${req.id} not found`) }),
    }),
  ];
}
