import * as tx from "../../gen/blockchain/land/v1/tx";
import { accAddress } from "../../types/address";
import { requireAuthority } from "../../types/authority";
import { defineMsg, defineUpdateParamsMsg } from "../../types/define";
import type { MsgDef } from "../../types/module";
import { landErrors as E } from "./errors";
import { landEvents } from "./events";
import type { LandKeeper } from "./keeper";
import { LAND_LIMITS, limit } from "./limits";
import { validateLandParams } from "./params";

const T = "/blockchain.land.v1.";
/** Only MsgUpdateParams has an amino name (wire sheet); the others sign under their type URL. */
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
      typeUrl: T + "MsgUpdateParams",
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: AMINO + "MsgUpdateParams",
      invalidSigner: E.ErrNotGovernance,
      missingParams: E.ErrInvalidParams,
      validate: validateLandParams,
      store: k.params,
      onUpdated: (ctx, p) => landEvents.paramsUpdated(ctx, p),
    }),
    defineMsg({
      typeUrl: T + "MsgRegisterAuthority",
      codec: tx.MsgRegisterAuthority,
      responseCodec: tx.MsgRegisterAuthorityResponse,
      signer: "authority",
      // An office that is not even an address is not a group account either: ErrOfficeNotGroup (keeper).
      validate: (m) => limit("name", m.name, SHORT),
      handle: (ctx, m) => {
        requireAuthority(m.authority, E.ErrNotGovernance);
        k.registerAuthority(ctx, { address: m.office, name: m.name, jurisdiction: m.jurisdiction, active: m.active });
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgRegisterParcel",
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
      typeUrl: T + "MsgProposeTransfer",
      codec: tx.MsgProposeTransfer,
      responseCodec: tx.MsgProposeTransferResponse,
      signer: "creator",
      // The recipient is judged in the keeper, after the parcel, its holder and its status.
      validate: (m) => limit("price", m.price, SHORT),
      handle: (ctx, m) => ({ transferId: k.proposeTransfer(ctx, m.creator, m.parcelId, m.to, m.price) }),
    }),
    defineMsg({
      typeUrl: T + "MsgValidateTransfer",
      codec: tx.MsgValidateTransfer,
      responseCodec: tx.MsgValidateTransferResponse,
      signer: "creator",
      handle: (ctx, m) => {
        k.validateTransfer(ctx, m.creator, m.transferId);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgAttestTransfer",
      codec: tx.MsgAttestTransfer,
      responseCodec: tx.MsgAttestTransferResponse,
      signer: "creator",
      handle: (ctx, m) => k.attestTransfer(ctx, m.creator, m.transferId),
    }),
    defineMsg({
      typeUrl: T + "MsgObject",
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
      typeUrl: T + "MsgCompleteTransfer",
      codec: tx.MsgCompleteTransfer,
      responseCodec: tx.MsgCompleteTransferResponse,
      signer: "creator",
      handle: (ctx, m) => {
        k.completeTransfer(ctx, m.creator, m.transferId);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgRecordEncumbrance",
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
      typeUrl: T + "MsgFreezeParcel",
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
      typeUrl: T + "MsgAttachDeed",
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
        k.attachDeed(ctx, m.creator, m.parcelId, { kind: m.kind, documentHash: m.documentHash, uri: m.uri, reference: m.reference, issuedOn: m.issuedOn });
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgSetRestriction",
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
      typeUrl: T + "MsgAuthoriseFractionalisation",
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
