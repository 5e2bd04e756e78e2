import * as q from "cosmjs-types/cosmos/authz/v1beta1/query";
import { accAddress } from "../../types/address";
import { defineQuery, pageRequest, pageResponse, paginated, queryAddress } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { authzErrors } from "./errors";
import type { AuthzKeeper } from "./keeper";

export function authzQueries(k: AuthzKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryGrantsRequest,
      responseCodec: q.QueryGrantsResponse,
      handle: (ctx, req) => {
        const granter = accAddress.decode(queryAddress(req.granter, "granter"));
        const grantee = accAddress.decode(queryAddress(req.grantee, "grantee"));
        if (req.msgTypeUrl !== "") {
          const grant = k.grants.get(ctx, [granter, grantee, req.msgTypeUrl]);
          if (!grant) throw authzErrors.ErrNoAuthorizationFound.wrap(`authorization not found for ${req.msgTypeUrl} type`);
          return { grants: [grant] };
        }
        const page = paginated(() => k.grants.paginate(ctx, pageRequest(req.pagination), { prefix: k.grantKey.prefix2(granter, grantee) }));
        return { grants: page.items.map(([, grant]) => grant), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryGranterGrantsRequest,
      responseCodec: q.QueryGranterGrantsResponse,
      handle: (ctx, req) => {
        const granter = accAddress.decode(queryAddress(req.granter, "granter"));
        const page = paginated(() => k.grants.paginate(ctx, pageRequest(req.pagination), { prefix: k.grantKey.prefix(granter) }));
        return {
          grants: page.items.map(([[, grantee], grant]) => ({ granter: req.granter, grantee: accAddress.encode(grantee), ...grant })),
          pagination: pageResponse(page),
        };
      },
    }),
    defineQuery({
      requestCodec: q.QueryGranteeGrantsRequest,
      responseCodec: q.QueryGranteeGrantsResponse,
      handle: (ctx, req) => {
        const grantee = accAddress.decode(queryAddress(req.grantee, "grantee"));
        const page = paginated(() => k.grants.indexes.byGrantee.paginate(ctx, k.grantKey.prefix(grantee), pageRequest(req.pagination)));
        return {
          grants: page.items.map((key) => {
            const [granter] = key;
            const grant = k.grants.get(ctx, key)!;
            return {
              granter: accAddress.encode(granter),
              grantee: req.grantee,
              authorization: grant.authorization,
              expiration: grant.expiration,
            };
          }),
          pagination: pageResponse(page),
        };
      },
    }),
  ];
}
