import * as tx from "../../gen/blockchain/paymsg/v1/tx";
import { accAddress } from "../../types/address";
import type { Context } from "../../types/context";
import { defineAuthorityMsg, defineMsg, defineUpdateParamsMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { paymsgErrors as E } from "./errors";
import { paymsgEvents as events } from "./events";
import {
  canonicalAddress,
  parsePaymentAmount,
  requireAddress,
  requireText,
  validateEndToEndId,
  validateJurisdiction,
  validatePaymentDenom,
  validatePayloadStoreUrl,
  validatePurposeCode,
  validateRemittance,
} from "./fields";
import type { PaymsgKeeper } from "./keeper";
import { LIMITS } from "./limits";
import { validatePaymsgParams } from "./params";

function requireApproved(k: PaymsgKeeper, ctx: Context, participant: string, role = "participant"): void {
  if (!k.isApprovedParticipant(ctx, participant)) throw E.ErrNotApprovedParticipant.wrap(`${role} ${participant}`);
}

/** Stateless SendPayment rules (ValidateBasic); the order fixes which error a bad message gets. */
export function validateSendPayment(m: tx.MsgSendPayment): void {
  accAddress.validate(m.debtor);
  validateEndToEndId(m.endToEndId);
  requireAddress("instructing_participant", m.instructingParticipant);
  requireAddress("instructed_participant", m.instructedParticipant);
  requireAddress("creditor", m.creditor);
  validatePaymentDenom(m.denom);
  parsePaymentAmount(m.amount);
  if (m.amountCommitment.length > 0 || m.amountRangeProof.length > 0) {
    throw E.ErrConfidentialAmountUnavailable.wrap("amount_commitment and amount_range_proof are reserved and must be empty");
  }
  if (m.metadataHash.length > 0) {
    if (m.metadataHash.length !== LIMITS.metadataHashBytes) {
      throw E.ErrInvalidMetadata.wrap(`metadata_hash must be ${LIMITS.metadataHashBytes} bytes (SHA-256), got ${m.metadataHash.length}`);
    }
    if (m.purposeCode !== "" || m.remittanceInformation !== "") {
      throw E.ErrInvalidMetadata.wrap("purpose_code and remittance_information must be empty when metadata_hash is set");
    }
  } else {
    if (m.purposeCode !== "") validatePurposeCode(m.purposeCode);
    if (m.remittanceInformation !== "") validateRemittance(m.remittanceInformation);
  }
  if (m.settlementJurisdiction !== "") validateJurisdiction(m.settlementJurisdiction);
}

export function paymsgMsgs(k: PaymsgKeeper): MsgDef[] {
  return [
    defineUpdateParamsMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: "blockchain/x/paymsg/MsgUpdateParams",
      invalidSigner: E.ErrInvalidSigner,
      validate: validatePaymsgParams,
      store: k.params,
      onUpdated: (ctx, p) => events.paramsUpdated(ctx, p.requireSettlementJurisdiction),
    }),
    defineMsg({
      codec: tx.MsgApplyParticipant,
      responseCodec: tx.MsgApplyParticipantResponse,
      signer: "creator",
      validate: (m) => {
        accAddress.validate(m.creator);
        requireText("code", m.code, LIMITS.participantCodeMax);
        requireText("name", m.name, LIMITS.participantNameMax);
      },
      handle: (ctx, m) => {
        k.applyParticipant(ctx, { creator: m.creator, code: m.code, name: m.name });
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgSendPayment,
      responseCodec: tx.MsgSendPaymentResponse,
      signer: "debtor",
      validate: validateSendPayment,
      handle: (ctx, m) => {
        const instructing = canonicalAddress(m.instructingParticipant);
        const instructed = canonicalAddress(m.instructedParticipant);
        const creditor = canonicalAddress(m.creditor);
        const debtor = canonicalAddress(m.debtor);
        if (k.getParams(ctx).requireSettlementJurisdiction && m.settlementJurisdiction === "") {
          throw E.ErrInvalidSettlementJurisdiction.wrap("a settlement jurisdiction is required");
        }
        requireApproved(k, ctx, instructing, "instructing participant");
        requireApproved(k, ctx, instructed, "instructed participant");
        // A participant paying from its own balance needs no customer relationship with itself.
        if (debtor !== instructing && !k.isCustomerOf(ctx, debtor, instructing)) {
          throw E.ErrNotACustomer.wrap(`debtor ${debtor} does not bank with ${instructing}`);
        }
        if (k.hasPaymentRecord(ctx, instructing, m.endToEndId)) {
          throw E.ErrPaymentExists.wrap(`end_to_end_id ${JSON.stringify(m.endToEndId)} of ${instructing}`);
        }
        const coins = [{ denom: m.denom, amount: parsePaymentAmount(m.amount) }];
        k.bank.checkSendEnabled(ctx, coins);
        if (k.bank.isBlocked(creditor)) throw sdkErrors.ErrUnauthorized.wrap(`${creditor} is not allowed to receive funds`);
        k.bank.sendCoins(ctx, debtor, creditor, coins);
        const record = {
          endToEndId: m.endToEndId,
          instructingParticipant: instructing,
          instructedParticipant: instructed,
          debtor,
          creditor,
          denom: m.denom,
          amount: m.amount,
          purposeCode: m.purposeCode,
          remittanceInformation: m.remittanceInformation,
          blockHeight: ctx.height,
          amountCommitment: new Uint8Array(),
          metadataHash: m.metadataHash,
          settlementJurisdiction: m.settlementJurisdiction === "" ? "" : validateJurisdiction(m.settlementJurisdiction),
        };
        k.setPaymentRecord(ctx, record);
        events.paymentSent(ctx, record);
        return {};
      },
    }),
    defineAuthorityMsg({
      codec: tx.MsgApproveParticipant,
      responseCodec: tx.MsgApproveParticipantResponse,
      invalidSigner: E.ErrInvalidSigner,
      aminoName: "blockchain/x/paymsg/MsgApproveParticipant",
      // Stateless, so a proposal naming a malformed participant is refused at submission.
      validate: (m) => void accAddress.validate(m.participant),
      handle: (ctx, m) => {
        k.decideApplication(ctx, canonicalAddress(m.participant), m.approve);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgRegisterCustomer,
      responseCodec: tx.MsgRegisterCustomerResponse,
      signer: "participant",
      validate: (m) => {
        accAddress.validate(m.participant);
        accAddress.validate(m.customer);
      },
      handle: (ctx, m) => {
        const participant = canonicalAddress(m.participant);
        requireApproved(k, ctx, participant);
        const customer = canonicalAddress(m.customer);
        const existing = k.getCustomer(ctx, customer);
        if (!m.registered) {
          if (existing?.participant !== participant) throw E.ErrNotACustomer.wrap(`${customer} of ${participant}`);
          k.removeCustomer(ctx, customer);
        } else if (existing && existing.participant !== participant) {
          // One participant per customer: another participant cannot take a customer over; the
          // customer leaves first (MsgConfirmParticipant with confirm false) or is released.
          throw sdkErrors.ErrConflict.wrap(`customer ${customer} already banks with ${existing.participant}`);
        } else if (!existing) {
          k.setCustomer(ctx, { customer, participant, confirmed: false });
        }
        events.customerRegistered(ctx, participant, customer, m.registered);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgConfirmParticipant,
      responseCodec: tx.MsgConfirmParticipantResponse,
      signer: "customer",
      aminoName: "blockchain/x/paymsg/MsgConfirmParticipant",
      validate: (m) => {
        accAddress.validate(m.customer);
        accAddress.validate(m.participant);
      },
      handle: (ctx, m) => {
        const participant = canonicalAddress(m.participant);
        const existing = k.getCustomer(ctx, m.customer);
        if (existing?.participant !== participant) throw E.ErrNotACustomer.wrap(`${m.customer} of ${participant}`);
        if (m.confirm) k.setCustomer(ctx, { ...existing, confirmed: true });
        else k.removeCustomer(ctx, m.customer);
        events.customerConfirmed(ctx, m.customer, participant, m.confirm);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgSetPayloadStore,
      responseCodec: tx.MsgSetPayloadStoreResponse,
      signer: "participant",
      aminoName: "blockchain/x/paymsg/MsgSetPayloadStore",
      validate: (m) => {
        accAddress.validate(m.participant);
        validatePayloadStoreUrl(m.url);
      },
      handle: (ctx, m) => {
        const participant = k.getApprovedParticipant(ctx, m.participant);
        if (!participant) throw E.ErrNotApprovedParticipant.wrap(`participant ${m.participant}`);
        k.setApprovedParticipant(ctx, { ...participant, payloadStoreUrl: m.url });
        events.payloadStoreSet(ctx, m.participant, m.url);
        return {};
      },
    }),
  ];
}
