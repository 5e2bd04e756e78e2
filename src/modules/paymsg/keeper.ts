import { Params } from "../../gen/blockchain/paymsg/v1/params";
import { ApprovedParticipant, Customer, ParticipantApplication, PaymentRecord } from "../../gen/blockchain/paymsg/v1/records";
import { Schema } from "../../store/collections";
import { pairKey, protoValue, stringKey } from "../../store/codecs";
import { accAddressKey } from "../../types/address-key";
import { Applications, ApplicationStatus } from "../../types/applications";
import type { Context } from "../../types/context";
import { paymsgErrors } from "./errors";
import { paymsgEvents } from "./events";
import { defaultPaymsgParams } from "./params";
import type { BankKeeper } from "./expected-keepers";

export const APPLICATION_STATUS = ApplicationStatus;

/**
 * Participants, their customers and payment records. Addresses are stored as bytes
 * (accAddressKey) so a key never depends on how an address string happens to be cased.
 */
export class PaymsgKeeper {
  private readonly schema = new Schema("paymsg/");
  readonly params = this.schema.item(1, "params", protoValue(Params, "Params"), defaultPaymsgParams());
  readonly applications = this.schema.map(
    2,
    "participant_applications",
    accAddressKey,
    protoValue(ParticipantApplication, "ParticipantApplication"),
  );
  readonly participants = this.schema.map(
    3,
    "approved_participants",
    accAddressKey,
    protoValue(ApprovedParticipant, "ApprovedParticipant"),
  );
  readonly customers = this.schema.map(4, "customers", accAddressKey, protoValue(Customer, "Customer"));
  readonly paymentKey = pairKey(accAddressKey, stringKey);
  /** Keyed by (instructing participant, end_to_end_id): ids are unique per instructing participant. */
  readonly payments = this.schema.map(5, "payment_records", this.paymentKey, protoValue(PaymentRecord, "PaymentRecord"));
  private readonly review = new Applications(
    this.applications,
    {
      exists: paymsgErrors.ErrApplicationExists,
      notFound: paymsgErrors.ErrApplicationNotFound,
      notPending: paymsgErrors.ErrApplicationNotPending,
    },
    (creator: string) => `creator ${creator}`,
  );

  constructor(readonly bank: BankKeeper) {}

  getParams(ctx: Context): Params {
    return this.params.get(ctx);
  }

  getApprovedParticipant(ctx: Context, participant: string): ApprovedParticipant | undefined {
    return this.participants.get(ctx, participant);
  }

  isApprovedParticipant(ctx: Context, participant: string): boolean {
    return this.participants.has(ctx, participant);
  }

  getApplication(ctx: Context, creator: string): ParticipantApplication | undefined {
    return this.applications.get(ctx, creator);
  }

  setApplication(ctx: Context, app: ParticipantApplication): void {
    this.applications.set(ctx, app.creator, app);
  }

  /** A new application; a rejected applicant may apply again, an approved participant may not. */
  applyParticipant(ctx: Context, app: Omit<ParticipantApplication, "status">): void {
    this.review.apply(ctx, app.creator, app, () => {
      if (this.isApprovedParticipant(ctx, app.creator)) throw paymsgErrors.ErrApplicationExists.wrap(`creator ${app.creator}`);
    });
    paymsgEvents.participantApplied(ctx, app.creator, app.code, app.name);
  }

  /**
   * Governance's decision; approval makes the applicant a participant without a payload store.
   * A rejected application is kept as rejected (deciding it again is refused as not pending);
   * the applicant may apply again.
   */
  decideApplication(ctx: Context, participant: string, approve: boolean): void {
    const app = this.review.decide(ctx, participant, approve);
    if (!approve) this.setApplication(ctx, app);
    if (approve) this.setApprovedParticipant(ctx, { participant, code: app.code, name: app.name, payloadStoreUrl: "" });
    paymsgEvents.participantDecided(ctx, participant, approve);
  }

  setApprovedParticipant(ctx: Context, p: ApprovedParticipant): void {
    this.participants.set(ctx, p.participant, p);
  }

  getCustomer(ctx: Context, customer: string): Customer | undefined {
    return this.customers.get(ctx, customer);
  }

  setCustomer(ctx: Context, c: Customer): void {
    this.customers.set(ctx, c.customer, c);
  }

  removeCustomer(ctx: Context, customer: string): void {
    this.customers.remove(ctx, customer);
  }

  /** True when `customer` banks with `participant` (confirmed or not). */
  isCustomerOf(ctx: Context, customer: string, participant: string): boolean {
    return this.getCustomer(ctx, customer)?.participant === participant;
  }

  getPaymentRecord(ctx: Context, instructingParticipant: string, endToEndId: string): PaymentRecord | undefined {
    return this.payments.get(ctx, [instructingParticipant, endToEndId]);
  }

  hasPaymentRecord(ctx: Context, instructingParticipant: string, endToEndId: string): boolean {
    return this.payments.has(ctx, [instructingParticipant, endToEndId]);
  }

  setPaymentRecord(ctx: Context, record: PaymentRecord): void {
    this.payments.set(ctx, [record.instructingParticipant, record.endToEndId], record);
  }
}
