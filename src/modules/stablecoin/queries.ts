import * as q from "../../gen/blockchain/stablecoin/v1/query";
import { isValidDenom } from "../../types/coins";
import { defineQuery, orNotFound, queryErrors, valuesPage } from "../../types/define";
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
      handle: (ctx, req) => ({
        issuerApplication: orNotFound(k.applications.get(ctx, queryDenom(req.denom)), `issuer application for ${req.denom} not found`),
      }),
    }),
    defineQuery({
      path: P + "ListIssuerApplication", requestCodec: q.QueryAllIssuerApplicationRequest, responseCodec: q.QueryAllIssuerApplicationResponse,
      rest: `${R}/issuer_application`,
      handle: (ctx, req) => valuesPage(ctx, k.applications, req.pagination, "issuerApplication"),
    }),
    defineQuery({
      path: P + "GetApprovedIssuer", requestCodec: q.QueryGetApprovedIssuerRequest, responseCodec: q.QueryGetApprovedIssuerResponse,
      rest: `${R}/approved_issuer_by_denom`,
      handle: (ctx, req) => ({
        approvedIssuer: orNotFound(k.issuers.get(ctx, queryDenom(req.denom)), `approved issuer for ${req.denom} not found`),
      }),
    }),
    defineQuery({
      path: P + "ListApprovedIssuer", requestCodec: q.QueryAllApprovedIssuerRequest, responseCodec: q.QueryAllApprovedIssuerResponse,
      rest: `${R}/approved_issuer`,
      handle: (ctx, req) => valuesPage(ctx, k.issuers, req.pagination, "approvedIssuer"),
    }),
  ];
}
