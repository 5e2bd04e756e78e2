import * as tx from "../../gen/blockchain/constitution/v1/tx";
import { accAddress } from "../../types/address";
import { requireAuthority } from "../../types/authority";
import { defineMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { constitutionErrors as E } from "./errors";
import { validateInvariants } from "./invariants";
import { MAX_REASON_CHARS, type ConstitutionKeeper } from "./keeper";

const T = "/blockchain.constitution.v1.";
const AMINO = "blockchain/x/constitution/";

function validAmendmentId(id: bigint): void {
  if (id === 0n) throw E.ErrAmendmentNotFound.wrap("amendment id must not be zero");
}

export function constitutionMsgs(k: ConstitutionKeeper): MsgDef[] {
  return [
    defineMsg({
      typeUrl: T + "MsgProposeAmendment",
      codec: tx.MsgProposeAmendment,
      responseCodec: tx.MsgProposeAmendmentResponse,
      signer: "authority",
      aminoName: AMINO + "MsgProposeAmendment",
      validate: (m) => {
        if (m.reason.trim() === "" || [...m.reason].length > MAX_REASON_CHARS) {
          throw sdkErrors.ErrInvalidRequest.wrap(`reason is required (1-${MAX_REASON_CHARS} characters)`);
        }
        validateInvariants(m.invariants);
      },
      handle: (ctx, m) => {
        requireAuthority(m.authority, E.ErrInvalidSigner);
        return { amendmentId: k.propose(ctx, validateInvariants(m.invariants), m.reason) };
      },
    }),
    defineMsg({
      typeUrl: T + "MsgRatifyAmendment",
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
    defineMsg({
      typeUrl: T + "MsgWithdrawAmendment",
      codec: tx.MsgWithdrawAmendment,
      responseCodec: tx.MsgWithdrawAmendmentResponse,
      signer: "authority",
      aminoName: AMINO + "MsgWithdrawAmendment",
      validate: (m) => validAmendmentId(m.amendmentId),
      handle: (ctx, m) => {
        requireAuthority(m.authority, E.ErrInvalidSigner);
        k.withdraw(ctx, m.amendmentId);
        return {};
      },
    }),
  ];
}
