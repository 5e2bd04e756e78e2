import { GenesisState } from "../../gen/blockchain/paymsg/v1/genesis";
import type { PaymentRecord } from "../../gen/blockchain/paymsg/v1/records";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { paymsgErrors as E } from "./errors";
import {
  parsePaymentAmount,
  requireText,
  validateEndToEndId,
  validateJurisdiction,
  validatePaymentDenom,
  validatePayloadStoreUrl,
  validatePurposeCode,
  validateRemittance,
} from "./fields";
import { APPLICATION_STATUS, type PaymsgKeeper } from "./keeper";
import { LIMITS } from "./limits";
import { defaultPaymsgParams, validatePaymsgParams } from "./params";
import { requireCanonical, requireUnique } from "../../types/genesis-checks";

const STATUSES = new Set<string>(Object.values(APPLICATION_STATUS));

/** Genesis addresses must already be canonical: records are keyed and compared by these strings. */
/** Records written before metadata_hash existed may carry legacy plaintext; new rules still bound it. */
function validateRecord(r: PaymentRecord): void {
  validateEndToEndId(r.endToEndId);
  for (const [label, a] of [
    ["instructing_participant", r.instructingParticipant],
    ["instructed_participant", r.instructedParticipant],
    ["debtor", r.debtor],
    ["creditor", r.creditor],
  ] as const) {
    requireCanonical(label, a);
  }
  validatePaymentDenom(r.denom);
  parsePaymentAmount(r.amount);
  if (r.purposeCode !== "") validatePurposeCode(r.purposeCode);
  if (r.remittanceInformation !== "") validateRemittance(r.remittanceInformation);
  if (r.amountCommitment.length > 0) throw E.ErrConfidentialAmountUnavailable.wrap("amount_commitment must be empty");
  if (r.metadataHash.length !== 0 && r.metadataHash.length !== LIMITS.metadataHashBytes) {
    throw E.ErrInvalidMetadata.wrap(`metadata_hash must be ${LIMITS.metadataHashBytes} bytes`);
  }
  if (r.settlementJurisdiction !== "" && validateJurisdiction(r.settlementJurisdiction) !== r.settlementJurisdiction) {
    throw E.ErrInvalidSettlementJurisdiction.wrap(`settlement_jurisdiction ${JSON.stringify(r.settlementJurisdiction)} must be upper-case`);
  }
}

export function paymsgGenesis(k: PaymsgKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "blockchain.paymsg.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => GenesisState.fromPartial({ params: defaultPaymsgParams() }),
    validate: (g) => {
      validatePaymsgParams(g.params ?? defaultPaymsgParams());
      const apps = new Set<string>();
      for (const a of g.participantApplicationMap) {
        requireUnique("participant application", apps, requireCanonical("creator", a.creator));
        if (!STATUSES.has(a.status)) throw sdkErrors.ErrInvalidRequest.wrap(`application status ${JSON.stringify(a.status)}`);
        requireText("code", a.code, LIMITS.participantCodeMax);
        requireText("name", a.name, LIMITS.participantNameMax);
      }
      const participants = new Set<string>();
      for (const p of g.approvedParticipantMap) {
        requireUnique("approved participant", participants, requireCanonical("participant", p.participant));
        requireText("code", p.code, LIMITS.participantCodeMax);
        requireText("name", p.name, LIMITS.participantNameMax);
        validatePayloadStoreUrl(p.payloadStoreUrl);
      }
      const customers = new Set<string>();
      for (const c of g.customerMap) {
        requireUnique("customer", customers, requireCanonical("customer", c.customer));
        if (!participants.has(requireCanonical("participant", c.participant))) {
          throw E.ErrNotApprovedParticipant.wrap(`customer ${c.customer} banks with unapproved ${c.participant}`);
        }
      }
      const payments = new Set<string>();
      for (const r of g.paymentRecordMap) {
        validateRecord(r);
        requireUnique("payment record", payments, `${r.instructingParticipant}/${r.endToEndId}`);
      }
    },
    init: (ctx, g) => {
      k.params.set(ctx, g.params ?? defaultPaymsgParams());
      for (const a of g.participantApplicationMap) k.setApplication(ctx, a);
      for (const p of g.approvedParticipantMap) k.setApprovedParticipant(ctx, p);
      for (const c of g.customerMap) k.setCustomer(ctx, c);
      for (const r of g.paymentRecordMap) k.setPaymentRecord(ctx, r);
    },
    export: (ctx) =>
      GenesisState.fromPartial({
        params: k.getParams(ctx),
        participantApplicationMap: [...k.applications.iterate(ctx)].map(([, v]) => v),
        approvedParticipantMap: [...k.participants.iterate(ctx)].map(([, v]) => v),
        paymentRecordMap: [...k.payments.iterate(ctx)].map(([, v]) => v),
        customerMap: [...k.customers.iterate(ctx)].map(([, v]) => v),
      }),
  };
}
