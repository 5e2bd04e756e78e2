import * as tx from "../../gen/blockchain/constitution/v1/tx";
import { accAddress } from "../../types/address";
import { defineAuthorityMsg, defineMsg } from "../../types/define";
import type { MsgDef } from "../../types/module";
import { constitutionErrors as E } from "./errors";
import { validateInvariants } from "./invariants";
import { MAX_REASON_CHARS, type ConstitutionKeeper } from "./keeper";

const AMINO = "blockchain/x/constitution/";

function validAmendmentId(id: bigint): void {
  if (id === 0n) throw E.ErrAmendmentNotFound.wrap("amendment id must not be zero");
}

/** An amendment must say why (1101 when blank or over-long). */
function requireReason(reason: string): void {
  if (reason.trim() === "" || [...reason].length > MAX_REASON_CHARS) {
    throw E.ErrInvariantViolation.wrap(`an amendment needs a reason (1-${MAX_REASON_CHARS} characters)`);
  }
}

export function constitutionMsgs(k: ConstitutionKeeper): MsgDef[] {
  return [
    defineAuthorityMsg({
      codec: tx.MsgProposeAmendment,
      responseCodec: tx.MsgProposeAmendmentResponse,
      invalidSigner: E.ErrInvalidSigner,
      aminoName: AMINO + "MsgProposeAmendment",
      // Clients branch on the first error: the authority, then the reason, then the set.
      handle: (ctx, m) => {
        requireReason(m.reason);
        return { amendmentId: k.propose(ctx, validateInvariants(m.invariants), m.reason) };
      },
    }),
    defineMsg({
      codec: tx.MsgRatifyAmendment,
      responseCodec: tx.MsgRatifyAmendmentResponse,
      signer: "validator",
      aminoName: AMINO + "MsgRatifyAmendment",
      validate: (m) => {
        accAddress.validate(m.validator);
        validAmendmentId(m.amendmentId);
      },
      handle: (ctx, m) => {
        k.ratify(ctx, m.validator, m.amendmentId);
        return {};
      },
    }),
    defineAuthorityMsg({
      codec: tx.MsgWithdrawAmendment,
      responseCodec: tx.MsgWithdrawAmendmentResponse,
      invalidSigner: E.ErrInvalidSigner,
      aminoName: AMINO + "MsgWithdrawAmendment",
      validate: (m) => validAmendmentId(m.amendmentId),
      handle: (ctx, m) => {
        k.withdraw(ctx, m.amendmentId);
        return {};
      },
    }),
  ];
}
