import * as q from "cosmjs-types/cosmos/evidence/v1beta1/query";
import { defineQuery, orNotFound, queryErrors, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { EvidenceKeeper } from "./keeper";

export function evidenceQueries(k: EvidenceKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryEvidenceRequest,
      responseCodec: q.QueryEvidenceResponse,
      // As the SDK 0.50: the hex `hash` only (the deprecated bytes field is not read).
      handle: (ctx, req) => {
        if (req.hash === "") throw queryErrors.invalidArgument("invalid request; hash is empty");
        if (!/^([0-9a-fA-F]{2})+$/.test(req.hash))
          throw queryErrors.invalidArgument(`invalid evidence hash: ${JSON.stringify(req.hash.slice(0, 100))}`);
        return { evidence: orNotFound(k.evidences.get(ctx, Buffer.from(req.hash, "hex")), `evidence ${req.hash} not found`) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryAllEvidenceRequest,
      responseCodec: q.QueryAllEvidenceResponse,
      handle: (ctx, req) => valuesPage(ctx, k.evidences, req.pagination, "evidence"),
    }),
  ];
}
