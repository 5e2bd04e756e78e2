import * as q from "../../gen/blockchain/stablecoin/v1/query";
import { isValidDenom } from "../../types/coins";
import { defineQuery, pageRequest, pageResponse, paginated, queryErrors } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { StablecoinKeeper } from "./keeper";

const P = "/blockchain.stablecoin.v1.Query/";
const R = "/blockchain/stablecoin/v1";

function queryDenom(denom: string): string {
  if (!isValidDenom(denom)) throw queryErrors.invalidArgument(`invalid denom: ${JSON.stringify(denom.slice(0, 140))}`);
  return denom;
}

export function stablecoinQueries(k: StablecoinKeeper): QueryDef[] {
  return [
    defineQuery({
      path: P + "Params", requestCodec: q.QueryParamsRequest, responseCodec: q.QueryParamsResponse, rest: `${R}/params`,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      path: P + "GetIssuerApplication", requestCodec: q.QueryGetIssuerApplicationRequest, responseCodec: q.QueryGetIssuerApplicationResponse,
      rest: `${R}/issuer_application_by_denom`,
      handle: (ctx, req) => {
        const issuerApplication = k.applications.get(ctx, queryDenom(req.denom));
        if (!issuerApplication) throw queryErrors.notFound(`issuer application for ${req.denom} not found`);
        return { issuerApplication };
      },
    }),
    defineQuery({
      path: P + "ListIssuerApplication", requestCodec: q.QueryAllIssuerApplicationRequest, responseCodec: q.QueryAllIssuerApplicationResponse,
      rest: `${R}/issuer_application`,
      handle: (ctx, req) => {
        const page = paginated(() => k.applications.paginate(ctx, pageRequest(req.pagination)));
        return { issuerApplication: page.items.map(([, v]) => v), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "GetApprovedIssuer", requestCodec: q.QueryGetApprovedIssuerRequest, responseCodec: q.QueryGetApprovedIssuerResponse,
      rest: `${R}/approved_issuer_by_denom`,
      handle: (ctx, req) => {
        const approvedIssuer = k.issuers.get(ctx, queryDenom(req.denom));
        if (!approvedIssuer) throw queryErrors.notFound(`approved issuer for ${req.denom} not found`);
        return { approvedIssuer };
      },
    }),
    defineQuery({
      path: P + "ListApprovedIssuer", requestCodec: q.QueryAllApprovedIssuerRequest, responseCodec: q.QueryAllApprovedIssuerResponse,
      rest: `${R}/approved_issuer`,
      handle: (ctx, req) => {
        const page = paginated(() => k.issuers.paginate(ctx, pageRequest(req.pagination)));
        return { approvedIssuer: page.items.map(([, v]) => v), pagination: pageResponse(page) };
      },
    }),
  ];
}
