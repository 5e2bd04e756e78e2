import * as q from "cosmjs-types/cosmos/feegrant/v1beta1/query";
import { accAddress } from "../../types/address";
import { defineQuery, pageRequest, pageResponse, paginated, queryAddress } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { feegrantErrors } from "./errors";
import type { FeegrantKeeper } from "./keeper";

export function feegrantQueries(k: FeegrantKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryAllowanceRequest,
      responseCodec: q.QueryAllowanceResponse,
      handle: (ctx, req) => {
        const granter = queryAddress(req.granter, "granter");
        const grantee = queryAddress(req.grantee, "grantee");
        const allowance = k.getAllowance(ctx, granter, grantee);
        if (!allowance) throw feegrantErrors.ErrNoAllowance.wrap("fee-grant not found");
        return { allowance: { granter, grantee, allowance } };
      },
    }),
    defineQuery({
      requestCodec: q.QueryAllowancesRequest,
      responseCodec: q.QueryAllowancesResponse,
      handle: (ctx, req) => {
        const grantee = accAddress.decode(queryAddress(req.grantee, "grantee"));
        const page = paginated(() => k.allowances.paginate(ctx, pageRequest(req.pagination), { prefix: k.pairKey.prefix(grantee) }));
        return { allowances: page.items.map(([, grant]) => grant), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryAllowancesByGranterRequest,
      responseCodec: q.QueryAllowancesByGranterResponse,
      handle: (ctx, req) => {
        const granter = accAddress.decode(queryAddress(req.granter, "granter"));
        const page = paginated(() => k.allowances.indexes.byGranter.paginate(ctx, k.pairKey.prefix(granter), pageRequest(req.pagination)));
        return { allowances: page.items.map((key) => k.allowances.get(ctx, key)!), pagination: pageResponse(page) };
      },
    }),
  ];
}
