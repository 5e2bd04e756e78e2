import * as q from "../../gen/blockchain/builderfee/v1/query";
import { defineQuery, orNotFound, queryErrors, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { BuilderfeeKeeper } from "./keeper";

function queryTypeUrl(url: string): string {
  if (url === "") throw queryErrors.invalidArgument("msg_type_url cannot be empty");
  return url;
}

export function builderfeeQueries(k: BuilderfeeKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryGetBuilderApplicationRequest,
      responseCodec: q.QueryGetBuilderApplicationResponse,
      handle: (ctx, req) => ({
        builderApplication: orNotFound(
          k.applications.get(ctx, queryTypeUrl(req.msgTypeUrl)),
          `builder application for ${req.msgTypeUrl.slice(0, 256)} not found`,
        ),
      }),
    }),
    defineQuery({
      requestCodec: q.QueryAllBuilderApplicationRequest,
      responseCodec: q.QueryAllBuilderApplicationResponse,
      handle: (ctx, req) => valuesPage(ctx, k.applications, req.pagination, "builderApplication"),
    }),
    defineQuery({
      requestCodec: q.QueryGetApprovedBuilderRequest,
      responseCodec: q.QueryGetApprovedBuilderResponse,
      handle: (ctx, req) => ({
        approvedBuilder: orNotFound(
          k.builders.get(ctx, queryTypeUrl(req.msgTypeUrl)),
          `approved builder for ${req.msgTypeUrl.slice(0, 256)} not found`,
        ),
      }),
    }),
    defineQuery({
      requestCodec: q.QueryAllApprovedBuilderRequest,
      responseCodec: q.QueryAllApprovedBuilderResponse,
      handle: (ctx, req) => valuesPage(ctx, k.builders, req.pagination, "approvedBuilder"),
    }),
  ];
}
