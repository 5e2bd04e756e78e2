import * as tx from "../../gen/blockchain/land/v1/tx";
import { accAddress } from "../../types/address";
import { defineAuthorityMsg, defineMsg, defineUpdateParamsMsg } from "../../types/define";
import type { MsgDef } from "../../types/module";
import { landErrors as E } from "./errors";
import { landEvents } from "./events";
import type { LandKeeper } from "./keeper";
import { LAND_LIMITS, limit } from "./limits";
import { validateLandParams } from "./params";

/** Only MsgUpdateParams has an amino name (docs/wire/fields-part-a.md); the others sign under their type URL. */
const AMINO = "blockchain/x/land/";
const { shortChars: SHORT, longChars: LONG } = LAND_LIMITS;

/**
 * Only sizes and the registration's own fields are judged at the door: what an office or a
 * holder writes on an existing record is judged in the keeper, after the record and the signer,
 * since clients branch on the first error.
 */
export function landMsgs(k: LandKeeper): MsgDef[] {
  return [
    defineUpdateParamsMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: AMINO + "MsgUpdateParams",
      invalidSigner: E.ErrNotGovernance,
      missingParams: E.ErrInvalidParams,
      validate: validateLandParams,
      store: k.params,
      onUpdated: (ctx, p) => landEvents.paramsUpdated(ctx, p),
    }),
    defineAuthorityMsg({
      codec: tx.MsgRegisterAuthority,
      responseCodec: tx.MsgRegisterAuthorityResponse,
      invalidSigner: E.ErrNotGovernance,
      // An office that is not even an address is not a group account either: ErrOfficeNotGroup (keeper).
      validate: (m) => limit("name", m.name, SHORT),
      handle: (ctx, m) => {
        k.registerAuthority(ctx, { address: m.office, name: m.name, jurisdiction: m.jurisdiction, active: m.active });
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgRegisterParcel,
      responseCodec: tx.MsgRegisterParcelResponse,
      signer: "creator",
      validate: (m) => {
        if (m.geometryHash === "") throw E.ErrNoGeometry.wrap("geometry_hash is empty");
        if (m.cadastralRef === "") throw E.ErrNoCadastralRef.wrap("cadastral_ref is empty");
        if (!accAddress.isValid(m.holder)) throw E.ErrInvalidHolder.wrap(`holder ${JSON.stringify(m.holder.slice(0, 100))}`);
        limit("geometry_hash", m.geometryHash, SHORT);
        limit("cadastral_ref", m.cadastralRef, SHORT);
      },
      handle: (ctx, m) => ({ id: k.registerParcel(ctx, m.creator, m.geometryHash, m.cadastralRef, m.holder) }),
    }),
    defineMsg({
      codec: tx.MsgProposeTransfer,
      responseCodec: tx.MsgProposeTransferResponse,
      signer: "creator",
      // The recipient is judged in the keeper, after the parcel, its holder and its status.
      validate: (m) => limit("price", m.price, SHORT),
      handle: (ctx, m) => ({ transferId: k.proposeTransfer(ctx, m.creator, m.parcelId, m.to, m.price) }),
    }),
    defineMsg({
      codec: tx.MsgValidateTransfer,
      responseCodec: tx.MsgValidateTransferResponse,
      signer: "creator",
      handle: (ctx, m) => {
        k.validateTransfer(ctx, m.creator, m.transferId);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgAttestTransfer,
      responseCodec: tx.MsgAttestTransferResponse,
      signer: "creator",
      handle: (ctx, m) => k.attestTransfer(ctx, m.creator, m.transferId),
    }),
    defineMsg({
      codec: tx.MsgObject,
      responseCodec: tx.MsgObjectResponse,
      signer: "creator",
      validate: (m) => {
        if (m.reason.trim() === "") throw E.ErrNoReason.wrap("an objection needs a reason");
        limit("reason", m.reason, LONG);
      },
      handle: (ctx, m) => {
        k.object(ctx, m.creator, m.transferId, m.reason);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgCompleteTransfer,
      responseCodec: tx.MsgCompleteTransferResponse,
      signer: "creator",
      handle: (ctx, m) => {
        k.completeTransfer(ctx, m.creator, m.transferId);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgRecordEncumbrance,
      responseCodec: tx.MsgRecordEncumbranceResponse,
      signer: "creator",
      validate: (m) => {
        if (m.release) return;
        limit("kind", m.kind, SHORT);
        limit("detail", m.detail, LONG);
      },
      handle: (ctx, m) => {
        if (m.release) k.releaseEncumbrance(ctx, m.creator, m.parcelId, m.index);
        else k.recordEncumbrance(ctx, m.creator, m.parcelId, { kind: m.kind, holder: m.holder, detail: m.detail });
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgFreezeParcel,
      responseCodec: tx.MsgFreezeParcelResponse,
      signer: "creator",
      validate: (m) => limit("reason", m.reason, LONG),
      handle: (ctx, m) => {
        if (m.unfreeze) k.unfreeze(ctx, m.creator, m.parcelId, m.reason);
        else k.freeze(ctx, m.creator, m.parcelId, m.reason);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgAttachDeed,
      responseCodec: tx.MsgAttachDeedResponse,
      signer: "creator",
      validate: (m) => {
        limit("kind", m.kind, SHORT);
        limit("document_hash", m.documentHash, SHORT);
        limit("uri", m.uri, LONG);
        limit("reference", m.reference, SHORT);
        limit("issued_on", m.issuedOn, SHORT);
      },
      handle: (ctx, m) => {
        k.attachDeed(ctx, m.creator, m.parcelId, {
          kind: m.kind,
          documentHash: m.documentHash,
          uri: m.uri,
          reference: m.reference,
          issuedOn: m.issuedOn,
        });
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgSetRestriction,
      responseCodec: tx.MsgSetRestrictionResponse,
      signer: "creator",
      validate: (m) => {
        limit("kind", m.kind, SHORT);
        limit("value", m.value, SHORT);
        limit("detail", m.detail, LONG);
      },
      handle: (ctx, m) => {
        if (m.lift) k.liftRestriction(ctx, m.creator, m.parcelId, m.index, m.kind);
        else k.imposeRestriction(ctx, m.creator, m.parcelId, { kind: m.kind, value: m.value, detail: m.detail });
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgAuthoriseFractionalisation,
      responseCodec: tx.MsgAuthoriseFractionalisationResponse,
      signer: "creator",
      validate: (m) => {
        if (!m.withdraw) limit("right", m.right, SHORT);
      },
      handle: (ctx, m) => {
        if (m.withdraw) k.withdrawFractionalisation(ctx, m.creator, m.parcelId);
        else k.authoriseFractionalisation(ctx, m.creator, m.parcelId, m.right, m.maxShareBps, m.expiresAt);
        return {};
      },
    }),
  ];
}
