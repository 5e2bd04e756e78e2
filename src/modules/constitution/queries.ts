import * as q from "../../gen/blockchain/constitution/v1/query";
import { defineQuery, orNotFound, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { ConstitutionKeeper } from "./keeper";

export function constitutionQueries(k: ConstitutionKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryInvariantsRequest,
      responseCodec: q.QueryInvariantsResponse,
      handle: (ctx) => ({ invariants: k.getInvariants(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryAmendmentRequest,
      responseCodec: q.QueryAmendmentResponse,
      handle: (ctx, req) => ({ amendment: orNotFound(k.amendments.get(ctx, req.id), `amendment ${req.id} not found`) }),
    }),
    defineQuery({
      requestCodec: q.QueryAllAmendmentRequest,
      responseCodec: q.QueryAllAmendmentResponse,
      handle: (ctx, req) => valuesPage(ctx, k.amendments, req.pagination, "amendment"),
    }),
    defineQuery({
      requestCodec: q.QueryRatificationsRequest,
      responseCodec: q.QueryRatificationsResponse,
      handle: (ctx, req) => {
        const a = orNotFound(k.amendments.get(ctx, req.amendmentId), `amendment ${req.amendmentId} not found`);
        return { ratifications: k.ratificationsOf(ctx, a.id), requiredPower: k.requiredPowerOf(ctx, a) };
      },
    }),
  ];
}
