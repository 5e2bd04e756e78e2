import * as tx from "../../gen/blockchain/validatorgov/v1/tx";
import { accAddress } from "../../types/address";
import { defineAuthorityMsg, defineMsg, defineUpdateParamsMsg } from "../../types/define";
import type { MsgDef } from "../../types/module";
import { validatorgovErrors as E } from "./errors";
import { canonicalCountry } from "../../types/iso3166";
import type { DeclarationFields, ValidatorgovKeeper } from "./keeper";
import { validateValidatorgovParams } from "./params";

const AMINO = "blockchain/x/validatorgov/";
/** Identifier fields of a declaration (an LEI is 20 characters; national register numbers are short). */
export const MAX_ID_CHARS = 128;

function quoted(s: string): string {
  return JSON.stringify(s.slice(0, 100));
}

/**
 * A declaration as stored: identifiers trimmed (inner spaces kept), present and at most
 * MAX_ID_CHARS; the jurisdiction trimmed and upper-cased, an assigned ISO 3166-1 alpha-2 code.
 */
export function normaliseDeclaration(d: DeclarationFields): DeclarationFields {
  const id = (name: string, v: string): string => {
    const t = v.trim();
    if (t === "") throw E.ErrInvalidDeclaration.wrap(`${name} is required`);
    if ([...t].length > MAX_ID_CHARS) throw E.ErrInvalidDeclaration.wrap(`${name} is longer than ${MAX_ID_CHARS} characters`);
    return t;
  };
  const jurisdiction = canonicalCountry(d.jurisdiction.trim());
  const legalEntityId = id("legal_entity_id", d.legalEntityId);
  const beneficialOwnerId = id("beneficial_owner_id", d.beneficialOwnerId);
  if (!jurisdiction)
    throw E.ErrInvalidDeclaration.wrap(`jurisdiction ${quoted(d.jurisdiction)} is not an assigned ISO 3166-1 alpha-2 code`);
  return { legalEntityId, beneficialOwnerId, jurisdiction };
}

/** A stored declaration (genesis) must already be in its normalised form. */
export function validateStoredDeclaration(d: DeclarationFields): void {
  const n = normaliseDeclaration(d);
  if (n.legalEntityId !== d.legalEntityId || n.beneficialOwnerId !== d.beneficialOwnerId || n.jurisdiction !== d.jurisdiction) {
    throw E.ErrInvalidDeclaration.wrap("declaration is not normalised (surrounding whitespace or a lower-case jurisdiction)");
  }
}

function declarationOf(m: DeclarationFields): DeclarationFields {
  return normaliseDeclaration({ legalEntityId: m.legalEntityId, beneficialOwnerId: m.beneficialOwnerId, jurisdiction: m.jurisdiction });
}

export function validatorgovMsgs(k: ValidatorgovKeeper): MsgDef[] {
  return [
    defineUpdateParamsMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: AMINO + "MsgUpdateParams",
      invalidSigner: E.ErrInvalidSigner,
      missingParams: E.ErrInvalidParams,
      validate: validateValidatorgovParams,
      store: k.params,
    }),
    defineMsg({
      codec: tx.MsgApplyValidator,
      responseCodec: tx.MsgApplyValidatorResponse,
      signer: "creator",
      validate: (m) => {
        accAddress.validate(m.creator);
        return declarationOf(m);
      },
      handle: (ctx, m, declaration) => {
        k.apply(ctx, m.creator, declaration);
        return {};
      },
    }),
    defineAuthorityMsg({
      codec: tx.MsgApproveValidator,
      responseCodec: tx.MsgApproveValidatorResponse,
      invalidSigner: E.ErrInvalidSigner,
      aminoName: AMINO + "MsgApproveValidator",
      handle: (ctx, m) => {
        if (!accAddress.isValid(m.candidate))
          throw E.ErrApplicationNotFound.wrap(`candidate ${quoted(m.candidate)} is not an account address`);
        k.decide(ctx, m.candidate, m.approve);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgRotateOperator,
      responseCodec: tx.MsgRotateOperatorResponse,
      signer: "creator",
      aminoName: AMINO + "MsgRotateOperator",
      validate: (m) => {
        accAddress.validate(m.creator);
        accAddress.validate(m.newOperator);
      },
      handle: (ctx, m) => ({ rotationId: k.rotate(ctx, m.creator, m.newOperator) }),
    }),
    defineMsg({
      codec: tx.MsgProposeOperatorRecovery,
      responseCodec: tx.MsgProposeOperatorRecoveryResponse,
      signer: "creator",
      aminoName: AMINO + "MsgProposeOperatorRecovery",
      validate: (m) => {
        accAddress.validate(m.creator);
        accAddress.validate(m.currentOperator);
        accAddress.validate(m.newOperator);
      },
      handle: (ctx, m) => ({ rotationId: k.proposeRecovery(ctx, m.creator, m.currentOperator, m.newOperator, m.reason) }),
    }),
    defineAuthorityMsg({
      codec: tx.MsgApproveOperatorRecovery,
      responseCodec: tx.MsgApproveOperatorRecoveryResponse,
      invalidSigner: E.ErrInvalidSigner,
      aminoName: AMINO + "MsgApproveOperatorRecovery",
      handle: (ctx, m) => {
        k.decideRecovery(ctx, m.rotationId, m.approve);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgCancelOperatorRotation,
      responseCodec: tx.MsgCancelOperatorRotationResponse,
      signer: "creator",
      aminoName: AMINO + "MsgCancelOperatorRotation",
      validate: (m) => accAddress.validate(m.creator),
      handle: (ctx, m) => {
        k.cancel(ctx, m.creator, m.rotationId);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgAttestOwnership,
      responseCodec: tx.MsgAttestOwnershipResponse,
      signer: "creator",
      aminoName: AMINO + "MsgAttestOwnership",
      validate: (m) => {
        accAddress.validate(m.creator);
        return declarationOf(m);
      },
      handle: (ctx, m, declaration) => {
        k.attest(ctx, m.creator, declaration);
        return {};
      },
    }),
    defineAuthorityMsg({
      codec: tx.MsgSetValidatorPower,
      responseCodec: tx.MsgSetValidatorPowerResponse,
      invalidSigner: E.ErrInvalidSigner,
      aminoName: AMINO + "MsgSetValidatorPower",
      validate: (m) => {
        if (m.seats === 0n) throw E.ErrInvalidSeats.wrap("zero seats; removal is MsgApproveValidator with approve=false");
      },
      handle: (ctx, m) => {
        if (!accAddress.isValid(m.validator))
          throw E.ErrNotApprovedValidator.wrap(`validator ${quoted(m.validator)} is not an account address`);
        return { seats: k.setSeats(ctx, m.validator, m.seats) };
      },
    }),
  ];
}
