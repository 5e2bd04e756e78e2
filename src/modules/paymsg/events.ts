import { bytesToHex } from "@noble/hashes/utils.js";
import type { PaymentRecord } from "../../gen/blockchain/paymsg/v1/records";
import type { Context } from "../../types/context";

/**
 * Plain Cosmos events: the interface defines no typed paymsg events (no events.proto), so
 * indexers filter on these types and attribute names, which are therefore stable.
 */
export const paymsgEvents = {
  participantApplied(ctx: Context, creator: string, code: string, name: string): void {
    ctx.events.emit("paymsg_participant_applied", { creator, code, name });
  },
  participantDecided(ctx: Context, participant: string, approved: boolean): void {
    ctx.events.emit("paymsg_participant_decided", { participant, approved: String(approved) });
  },
  customerRegistered(ctx: Context, participant: string, customer: string, registered: boolean): void {
    ctx.events.emit("paymsg_customer_registered", { participant, customer, registered: String(registered) });
  },
  customerConfirmed(ctx: Context, customer: string, participant: string, confirmed: boolean): void {
    ctx.events.emit("paymsg_customer_confirmed", { customer, participant, confirmed: String(confirmed) });
  },
  payloadStoreSet(ctx: Context, participant: string, url: string): void {
    ctx.events.emit("paymsg_payload_store_set", { participant, url });
  },
  paramsUpdated(ctx: Context, requireSettlementJurisdiction: boolean): void {
    ctx.events.emit("paymsg_params_updated", { require_settlement_jurisdiction: String(requireSettlementJurisdiction) });
  },
  paymentSent(ctx: Context, r: PaymentRecord): void {
    ctx.events.emit("paymsg_payment_sent", {
      end_to_end_id: r.endToEndId,
      instructing_participant: r.instructingParticipant,
      instructed_participant: r.instructedParticipant,
      debtor: r.debtor,
      creditor: r.creditor,
      amount: `${r.amount}${r.denom}`,
      metadata_hash: bytesToHex(r.metadataHash),
      settlement_jurisdiction: r.settlementJurisdiction,
    });
  },
};
