import * as q from "../../gen/blockchain/builderfee/v1/query";
import { defineQuery, orNotFound, queryErrors, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { BuilderfeeKeeper } from "./keeper";

const P = "/blockchain.builderfee.v1.Query/";
const R = "/blockchain/builderfee/v1";

function queryTypeUrl(url: string): string {
  if (url === "") throw queryErrors.invalidArgument("msg_type_url cannot be empty");
  return url;
}

export function builderfeeQueries(k: BuilderfeeKeeper): QueryDef[] {
  return [
    defineQuery({
      path: P + "Params", requestCodec: q.QueryParamsRequest, responseCodec: q.QueryParamsResponse, rest: `${R}/params`,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      path: P + "GetBuilderApplication", requestCodec: q.QueryGetBuilderApplicationRequest, responseCodec: q.QueryGetBuilderApplicationResponse,
      rest: `${R}/builder_application_by_msg_type`,
      handle: (ctx, req) => ({
        builderApplication: orNotFound(k.applications.get(ctx, queryTypeUrl(req.msgTypeUrl)), `builder application for ${req.msgTypeUrl.slice(0, 256)} not found`),
      }),
    }),
    defineQuery({
      path: P + "ListBuilderApplication", requestCodec: q.QueryAllBuilderApplicationRequest, responseCodec: q.QueryAllBuilderApplicationResponse,
      rest: `${R}/builder_application`,
      handle: (ctx, req) => valuesPage(ctx, k.applications, req.pagination, "builderApplication"),
    }),
    defineQuery({
      path: P + "GetApprovedBuilder", requestCodec: q.QueryGetApprovedBuilderRequest, responseCodec: q.QueryGetApprovedBuilderResponse,
      rest: `${R}/approved_builder_by_msg_type`,
      handle: (ctx, req) => ({
        approvedBuilder: orNotFound(k.builders.get(ctx, queryTypeUrl(req.msgTypeUrl)), `approved builder for ${req.msgTypeUrl.slice(0, 256)} not found`),
      }),
    }),
    defineQuery({
      path: P + "ListApprovedBuilder", requestCodec: q.QueryAllApprovedBuilderRequest, responseCodec: q.QueryAllApprovedBuilderResponse,
      rest: `${R}/approved_builder`,
      handle: (ctx, req) => valuesPage(ctx, k.builders, req.pagination, "approvedBuilder"),
    }),
  ];
}
