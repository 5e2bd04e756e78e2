import * as q from "../../gen/blockchain/stablecoin/v1/query";
import { isValidDenom } from "../../types/coins";
import { defineQuery, orNotFound, queryErrors, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { StablecoinKeeper } from "./keeper";

function queryDenom(denom: string): string {
  if (!isValidDenom(denom)) throw queryErrors.invalidArgument(`invalid denom: ${JSON.stringify(denom.slice(0, 140))}`);
  return denom;
}

export function stablecoinQueries(k: StablecoinKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryGetIssuerApplicationRequest,
      responseCodec: q.QueryGetIssuerApplicationResponse,
      handle: (ctx, req) => ({
        issuerApplication: orNotFound(k.applications.get(ctx, queryDenom(req.denom)), `issuer application for ${req.denom} not found`),
      }),
    }),
    defineQuery({
      requestCodec: q.QueryAllIssuerApplicationRequest,
      responseCodec: q.QueryAllIssuerApplicationResponse,
      handle: (ctx, req) => valuesPage(ctx, k.applications, req.pagination, "issuerApplication"),
    }),
    defineQuery({
      requestCodec: q.QueryGetApprovedIssuerRequest,
      responseCodec: q.QueryGetApprovedIssuerResponse,
      handle: (ctx, req) => ({
        approvedIssuer: orNotFound(k.issuers.get(ctx, queryDenom(req.denom)), `approved issuer for ${req.denom} not found`),
      }),
    }),
    defineQuery({
      requestCodec: q.QueryAllApprovedIssuerRequest,
      responseCodec: q.QueryAllApprovedIssuerResponse,
      handle: (ctx, req) => valuesPage(ctx, k.issuers, req.pagination, "approvedIssuer"),
    }),
  ];
}
