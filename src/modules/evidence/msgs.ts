import * as tx from "cosmjs-types/cosmos/evidence/v1beta1/tx";
import { accAddress } from "../../types/address";
import { defineMsg } from "../../types/define";
import type { MsgDef } from "../../types/module";
import { EQUIVOCATION_ROUTE, evidenceHash, unpackEvidence, validateEquivocation } from "./equivocation";
import { evidenceErrors } from "./errors";
import type { EvidenceKeeper } from "./keeper";

/**
 * MsgSubmitEvidence as the SDK's msg server and SubmitEvidence: evidence already kept is
 * refused (evidence 5); otherwise it goes to the evidence router, which on this chain — as in
 * the SDK's app — has no route: equivocation arrives from CometBFT only (evidence 2).
 */
export function evidenceMsgs(k: EvidenceKeeper): MsgDef[] {
  return [
    defineMsg({
      codec: tx.MsgSubmitEvidence,
      responseCodec: tx.MsgSubmitEvidenceResponse,
      signer: "submitter",
      aminoName: "cosmos-sdk/MsgSubmitEvidence",
      validate: (m) => {
        accAddress.validate(m.submitter);
        const evidence = unpackEvidence(m.evidence);
        validateEquivocation(evidence);
        return evidence;
      },
      handle: (ctx, _m, evidence) => {
        const hash = evidenceHash(evidence);
        if (k.evidences.has(ctx, hash)) throw evidenceErrors.ErrEvidenceExists.wrap(Buffer.from(hash).toString("hex").toUpperCase());
        throw evidenceErrors.ErrNoEvidenceHandlerExists.wrap(EQUIVOCATION_ROUTE);
      },
    }),
  ];
}
