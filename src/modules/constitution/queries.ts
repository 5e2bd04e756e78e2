import * as q from "../../gen/blockchain/constitution/v1/query";
import { defineQuery, orNotFound, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { ConstitutionKeeper } from "./keeper";

const P = "/blockchain.constitution.v1.Query/";
const R = "/blockchain/constitution/v1";

export function constitutionQueries(k: ConstitutionKeeper): QueryDef[] {
  return [
    defineQuery({
      path: P + "Invariants", requestCodec: q.QueryInvariantsRequest, responseCodec: q.QueryInvariantsResponse, rest: `${R}/invariants`,
      handle: (ctx) => ({ invariants: k.getInvariants(ctx) }),
    }),
    defineQuery({
      path: P + "Amendment", requestCodec: q.QueryAmendmentRequest, responseCodec: q.QueryAmendmentResponse, rest: `${R}/amendment/{id}`,
      handle: (ctx, req) => ({ amendment: orNotFound(k.amendments.get(ctx, req.id), `amendment ${req.id} not found`) }),
    }),
    defineQuery({
      path: P + "ListAmendment", requestCodec: q.QueryAllAmendmentRequest, responseCodec: q.QueryAllAmendmentResponse, rest: `${R}/amendment`,
      handle: (ctx, req) => valuesPage(ctx, k.amendments, req.pagination, "amendment"),
    }),
    defineQuery({
      path: P + "Ratifications", requestCodec: q.QueryRatificationsRequest, responseCodec: q.QueryRatificationsResponse,
      rest: `${R}/amendment/{amendment_id}/ratifications`,
      handle: (ctx, req) => {
        const a = orNotFound(k.amendments.get(ctx, req.amendmentId), `amendment ${req.amendmentId} not found`);
        return { ratifications: k.ratificationsOf(ctx, a.id), requiredPower: k.requiredPowerOf(ctx, a) };
      },
    }),
  ];
}
