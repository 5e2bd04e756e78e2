import * as q from "cosmjs-types/cosmos/feegrant/v1beta1/query";
import { accAddress } from "../../types/address";
import { defineQuery, pageRequest, pageResponse, paginated, queryAddress } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { feegrantErrors } from "./errors";
import type { FeegrantKeeper } from "./keeper";

const P = "/cosmos.feegrant.v1beta1.Query/";
const R = "/cosmos/feegrant/v1beta1";

export function feegrantQueries(k: FeegrantKeeper): QueryDef[] {
  return [
    defineQuery({
      path: P + "Allowance", requestCodec: q.QueryAllowanceRequest, responseCodec: q.QueryAllowanceResponse, rest: `${R}/allowance/{granter}/{grantee}`,
      handle: (ctx, req) => {
        const granter = queryAddress(req.granter, "granter");
        const grantee = queryAddress(req.grantee, "grantee");
        const allowance = k.getAllowance(ctx, granter, grantee);
        if (!allowance) throw feegrantErrors.ErrNoAllowance.wrap("fee-grant not found");
        return { allowance: { granter, grantee, allowance } };
      },
    }),
    defineQuery({
      path: P + "Allowances", requestCodec: q.QueryAllowancesRequest, responseCodec: q.QueryAllowancesResponse, rest: `${R}/allowances/{grantee}`,
      handle: (ctx, req) => {
        const grantee = accAddress.decode(queryAddress(req.grantee, "grantee"));
        const page = paginated(() => k.allowances.paginate(ctx, pageRequest(req.pagination), { prefix: k.pairKey.prefix(grantee) }));
        return { allowances: page.items.map(([, grant]) => grant), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "AllowancesByGranter", requestCodec: q.QueryAllowancesByGranterRequest, responseCodec: q.QueryAllowancesByGranterResponse,
      rest: `${R}/issued/{granter}`,
      handle: (ctx, req) => {
        const granter = accAddress.decode(queryAddress(req.granter, "granter"));
        const page = paginated(() => k.byGranter.paginate(ctx, pageRequest(req.pagination), { prefix: k.pairKey.prefix(granter) }));
        return { allowances: page.items.map(([, grantee]) => k.allowances.get(ctx, [grantee, granter])!), pagination: pageResponse(page) };
      },
    }),
  ];
}
