import * as tx from "../../gen/blockchain/validatorgov/v1/tx";
import { accAddress } from "../../types/address";
import { requireAuthority } from "../../types/authority";
import { defineMsg, defineUpdateParamsMsg } from "../../types/define";
import type { MsgDef } from "../../types/module";
import { validatorgovErrors as E } from "./errors";
import { isAssignedCountry } from "../../types/iso3166";
import type { DeclarationFields, ValidatorgovKeeper } from "./keeper";
import { validateValidatorgovParams } from "./params";

const T = "/blockchain.validatorgov.v1.";
const AMINO = "blockchain/x/validatorgov/";
/** Identifier fields of a declaration (an LEI is 20 characters; national register numbers are short). */
export const MAX_ID_CHARS = 128;
/** As staking's Description limits. */
export const MAX_MONIKER_CHARS = 70;
export const MAX_DESCRIPTION_CHARS = 280;
export const MAX_REASON_CHARS = 512;

function quoted(s: string): string {
  return JSON.stringify(s.slice(0, 100));
}

/** The declaration's stateless rules: both identifiers present and bounded, an assigned country code. */
export function validateDeclaration(d: DeclarationFields): void {
  const ids: Array<[string, string]> = [["legal_entity_id", d.legalEntityId], ["beneficial_owner_id", d.beneficialOwnerId]];
  for (const [name, v] of ids) {
    if (v.trim() === "") throw E.ErrInvalidDeclaration.wrap(`${name} is required`);
    if (v !== v.trim()) throw E.ErrInvalidDeclaration.wrap(`${name} has leading or trailing whitespace`);
    if ([...v].length > MAX_ID_CHARS) throw E.ErrInvalidDeclaration.wrap(`${name} is longer than ${MAX_ID_CHARS} characters`);
  }
  if (!isAssignedCountry(d.jurisdiction)) throw E.ErrInvalidDeclaration.wrap(`jurisdiction ${quoted(d.jurisdiction)} is not an assigned ISO 3166-1 alpha-2 code`);
}

function declarationOf(m: { legalEntityId: string; beneficialOwnerId: string; jurisdiction: string }): DeclarationFields {
  return { legalEntityId: m.legalEntityId, beneficialOwnerId: m.beneficialOwnerId, jurisdiction: m.jurisdiction };
}

function validAddress(address: string, field: string): void {
  if (!accAddress.isValid(address)) throw E.ErrInvalidRotation.wrap(`invalid ${field} address ${quoted(address)}`);
}

export function validatorgovMsgs(k: ValidatorgovKeeper): MsgDef[] {
  return [
    defineUpdateParamsMsg({
      typeUrl: T + "MsgUpdateParams", codec: tx.MsgUpdateParams, responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: AMINO + "MsgUpdateParams",
      invalidSigner: E.ErrInvalidSigner,
      missingParams: E.ErrInvalidParams,
      validate: validateValidatorgovParams,
      store: k.params,
    }),
    defineMsg({
      typeUrl: T + "MsgApplyValidator", codec: tx.MsgApplyValidator, responseCodec: tx.MsgApplyValidatorResponse,
      signer: "creator",
      validate: (m) => {
        accAddress.validate(m.creator);
        if (m.moniker.trim() === "") throw E.ErrInvalidApplication.wrap("moniker is required");
        if ([...m.moniker].length > MAX_MONIKER_CHARS) throw E.ErrInvalidApplication.wrap(`moniker is longer than ${MAX_MONIKER_CHARS} characters`);
        if ([...m.description].length > MAX_DESCRIPTION_CHARS) throw E.ErrInvalidApplication.wrap(`description is longer than ${MAX_DESCRIPTION_CHARS} characters`);
        validateDeclaration(declarationOf(m));
      },
      handle: (ctx, m) => {
        k.apply(ctx, m.creator, declarationOf(m));
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgApproveValidator", codec: tx.MsgApproveValidator, responseCodec: tx.MsgApproveValidatorResponse,
      signer: "authority", aminoName: AMINO + "MsgApproveValidator",
      handle: (ctx, m) => {
        requireAuthority(m.authority, E.ErrInvalidSigner);
        if (!accAddress.isValid(m.candidate)) throw E.ErrApplicationNotFound.wrap(`candidate ${quoted(m.candidate)} is not an account address`);
        k.decide(ctx, m.candidate, m.approve);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgRotateOperator", codec: tx.MsgRotateOperator, responseCodec: tx.MsgRotateOperatorResponse,
      signer: "creator", aminoName: AMINO + "MsgRotateOperator",
      validate: (m) => {
        accAddress.validate(m.creator);
        validAddress(m.newOperator, "new_operator");
      },
      handle: (ctx, m) => ({ rotationId: k.rotate(ctx, m.creator, m.newOperator) }),
    }),
    defineMsg({
      typeUrl: T + "MsgProposeOperatorRecovery", codec: tx.MsgProposeOperatorRecovery, responseCodec: tx.MsgProposeOperatorRecoveryResponse,
      signer: "creator", aminoName: AMINO + "MsgProposeOperatorRecovery",
      validate: (m) => {
        accAddress.validate(m.creator);
        validAddress(m.currentOperator, "current_operator");
        validAddress(m.newOperator, "new_operator");
        if (m.reason.trim() === "") throw E.ErrInvalidRotation.wrap("a recovery needs a reason");
        if ([...m.reason].length > MAX_REASON_CHARS) throw E.ErrInvalidRotation.wrap(`reason is longer than ${MAX_REASON_CHARS} characters`);
      },
      handle: (ctx, m) => ({ rotationId: k.proposeRecovery(ctx, m.creator, m.currentOperator, m.newOperator, m.reason) }),
    }),
    defineMsg({
      typeUrl: T + "MsgApproveOperatorRecovery", codec: tx.MsgApproveOperatorRecovery, responseCodec: tx.MsgApproveOperatorRecoveryResponse,
      signer: "authority", aminoName: AMINO + "MsgApproveOperatorRecovery",
      handle: (ctx, m) => {
        requireAuthority(m.authority, E.ErrInvalidSigner);
        k.decideRecovery(ctx, m.rotationId, m.approve);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgCancelOperatorRotation", codec: tx.MsgCancelOperatorRotation, responseCodec: tx.MsgCancelOperatorRotationResponse,
      signer: "creator", aminoName: AMINO + "MsgCancelOperatorRotation",
      validate: (m) => accAddress.validate(m.creator),
      handle: (ctx, m) => {
        k.cancel(ctx, m.creator, m.rotationId);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgAttestOwnership", codec: tx.MsgAttestOwnership, responseCodec: tx.MsgAttestOwnershipResponse,
      signer: "creator", aminoName: AMINO + "MsgAttestOwnership",
      validate: (m) => {
        accAddress.validate(m.creator);
        validateDeclaration(declarationOf(m));
      },
      handle: (ctx, m) => {
        k.attest(ctx, m.creator, declarationOf(m));
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgSetValidatorPower", codec: tx.MsgSetValidatorPower, responseCodec: tx.MsgSetValidatorPowerResponse,
      signer: "authority", aminoName: AMINO + "MsgSetValidatorPower",
      validate: (m) => {
        if (m.seats === 0n) throw E.ErrInvalidSeats.wrap("zero seats; removal is MsgApproveValidator with approve=false");
      },
      handle: (ctx, m) => {
        requireAuthority(m.authority, E.ErrInvalidSigner);
        if (!accAddress.isValid(m.validator)) throw E.ErrNotApproved.wrap(`validator ${quoted(m.validator)} is not an account address`);
        return { seats: k.setSeats(ctx, m.validator, m.seats) };
      },
    }),
  ];
}
