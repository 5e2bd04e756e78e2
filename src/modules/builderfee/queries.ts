import * as q from "../../gen/blockchain/builderfee/v1/query";
import { defineQuery, pageRequest, pageResponse, paginated, queryErrors } from "../../types/define";
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
      handle: (ctx, req) => {
        const builderApplication = k.applications.get(ctx, queryTypeUrl(req.msgTypeUrl));
        if (!builderApplication) throw queryErrors.notFound(`builder application for ${req.msgTypeUrl.slice(0, 256)} not found`);
        return { builderApplication };
      },
    }),
    defineQuery({
      path: P + "ListBuilderApplication", requestCodec: q.QueryAllBuilderApplicationRequest, responseCodec: q.QueryAllBuilderApplicationResponse,
      rest: `${R}/builder_application`,
      handle: (ctx, req) => {
        const page = paginated(() => k.applications.paginate(ctx, pageRequest(req.pagination)));
        return { builderApplication: page.items.map(([, v]) => v), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "GetApprovedBuilder", requestCodec: q.QueryGetApprovedBuilderRequest, responseCodec: q.QueryGetApprovedBuilderResponse,
      rest: `${R}/approved_builder_by_msg_type`,
      handle: (ctx, req) => {
        const approvedBuilder = k.builders.get(ctx, queryTypeUrl(req.msgTypeUrl));
        if (!approvedBuilder) throw queryErrors.notFound(`approved builder for ${req.msgTypeUrl.slice(0, 256)} not found`);
        return { approvedBuilder };
      },
    }),
    defineQuery({
      path: P + "ListApprovedBuilder", requestCodec: q.QueryAllApprovedBuilderRequest, responseCodec: q.QueryAllApprovedBuilderResponse,
      rest: `${R}/approved_builder`,
      handle: (ctx, req) => {
        const page = paginated(() => k.builders.paginate(ctx, pageRequest(req.pagination)));
        return { approvedBuilder: page.items.map(([, v]) => v), pagination: pageResponse(page) };
      },
    }),
  ];
}
