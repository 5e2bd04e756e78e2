import { Params } from "../../gen/blockchain/land/v1/params";
import { Authority, FractionalisationAuthority, Parcel, Status, Transfer } from "../../gen/blockchain/land/v1/parcel";
import { Schema } from "../../store/collections";
import { protoValue, stringKey, uint64Key } from "../../store/codecs";
import { multiIndex, uniqueIndex } from "../../store/indexed-map";
import type { Context } from "../../types/context";
import { noFreeze, type FreezeGuard } from "../../types/hooks";
import { landErrors as E } from "./errors";
import { landEvents as events } from "./events";
import type { GroupKeeper } from "./expected-keepers";
import { canonicalCountry } from "../../types/iso3166";
import { accAddress } from "../../types/address";
import { accAddressKey } from "../../types/address-key";
import { defaultLandParams } from "./params";
import {
  BPS_DENOMINATOR,
  derivedStatus,
  forbidsFractionalisation,
  hasActiveFreeze,
  isCompleted,
  isLive,
  isObjected,
  latestActiveFreeze,
} from "./rules";

export const LAND_MODULE = "land";

/** What tokenisation reads about a parcel's permission (same arithmetic as the query). */
export interface FractionalisationView {
  authorisation: FractionalisationAuthority | undefined;
  live: boolean;
}

/**
 * The land registry: offices admitted by governance, parcels with their history (deeds,
 * encumbrances, restrictions, freezes — marked, never deleted), transfers (kept after they
 * close) and per-parcel fractionalisation permissions. Every rule lives here; message handlers
 * only decode and call.
 */
export class LandKeeper {
  private readonly schema = new Schema("land/");
  readonly params = this.schema.item(1, "params", protoValue(Params, "Params"), defaultLandParams());
  readonly authorities = this.schema.map(2, "authorities", accAddressKey, protoValue(Authority, "Authority"));
  /** Parcels by id; geometry_hash and cadastral_ref are unique, holder is indexed for ParcelsByHolder. */
  readonly parcels = this.schema.indexedMap(3, "parcels", uint64Key, protoValue(Parcel, "Parcel"), {
    byGeometry: uniqueIndex(4, stringKey, (_id: bigint, p: Parcel) => p.geometryHash),
    byRef: uniqueIndex(5, stringKey, (_id: bigint, p: Parcel) => p.cadastralRef),
    byHolder: multiIndex(6, accAddressKey, (_id: bigint, p: Parcel) => p.holder),
  });
  /** The id the next parcel gets (ids start at 1 and are never reused). */
  readonly nextParcelId = this.schema.sequence(7, "next_parcel_id", 1n);
  readonly transfers = this.schema.indexedMap(8, "transfers", uint64Key, protoValue(Transfer, "Transfer"), {
    byParcel: multiIndex(9, uint64Key, (_id: bigint, t: Transfer) => t.parcelId),
  });
  readonly nextTransferId = this.schema.sequence(10, "next_transfer_id", 1n);
  /** Ids of transfers neither completed nor objected (PendingTransfers). */
  readonly pending = this.schema.keySet(11, "pending_transfers", uint64Key);
  readonly fractionalisation = this.schema.map(
    12,
    "fractionalisation_authorities",
    uint64Key,
    protoValue(FractionalisationAuthority, "FractionalisationAuthority"),
  );

  /** The chain's account freeze (enforcement), bound at wiring; distinct from a parcel's own freezes. */
  private accountFreeze: FreezeGuard = noFreeze;

  constructor(readonly group: GroupKeeper) {}

  bindFreezeGuard(guard: FreezeGuard): void {
    this.accountFreeze = guard;
  }

  getParams(ctx: Context): Params {
    return this.params.get(ctx);
  }

  // --- reads other modules use (LandKeeper of tokenisation) ----------------------------------

  getParcel(ctx: Context, id: bigint): Parcel | undefined {
    return this.parcels.get(ctx, id);
  }

  /** The parcel's current holder, or undefined when no such parcel exists. */
  parcelHolder(ctx: Context, parcelId: bigint): string | undefined {
    return this.parcels.get(ctx, parcelId)?.holder;
  }

  /** The parcel's permission (withdrawn ones included) and whether it is live at block time. */
  fractionalisationAuthority(ctx: Context, parcelId: bigint): FractionalisationView {
    const authorisation = this.fractionalisation.get(ctx, parcelId);
    const parcel = this.parcels.get(ctx, parcelId);
    if (authorisation === undefined || parcel === undefined) return { authorisation, live: false };
    return { authorisation, live: isLive(authorisation, parcel, ctx.unixSeconds) };
  }

  /** Whether a restriction in force forbids opening a tokenisation vehicle over the parcel (false when there is no parcel). */
  fractionalisationForbidden(ctx: Context, parcelId: bigint): boolean {
    const parcel = this.parcels.get(ctx, parcelId);
    return parcel !== undefined && forbidsFractionalisation(parcel);
  }

  /** Records the tokenisation vehicle opened over a parcel; title stays with the holder. */
  setParcelVehicle(ctx: Context, parcelId: bigint, vehicleId: bigint): void {
    const parcel = this.requireParcel(ctx, parcelId);
    this.parcels.set(ctx, parcelId, { ...parcel, vehicleId });
    events.vehicleOpened(ctx, parcelId, vehicleId);
  }

  // --- offices -------------------------------------------------------------------------------

  /**
   * Governance admits, updates or deactivates an office: a group account in an assigned
   * jurisdiction, given in any letter case and stored upper-case.
   */
  registerAuthority(ctx: Context, a: Authority): void {
    if (!this.group.isGroupPolicy(ctx, a.address)) throw E.ErrOfficeNotGroup.wrap(`${a.address} is not a group policy account`);
    const jurisdiction = canonicalCountry(a.jurisdiction);
    if (jurisdiction === undefined) throw E.ErrInvalidJurisdiction.wrap(`jurisdiction ${JSON.stringify(a.jurisdiction.slice(0, 16))}`);
    const stored = { ...a, jurisdiction };
    this.authorities.set(ctx, a.address, stored);
    events.authorityRegistered(ctx, stored);
  }

  /** The signer's office, refused unless registered (ErrNotAuthority) and active (ErrAuthorityInactive). */
  requireOffice(ctx: Context, signer: string): Authority {
    const office = this.authorities.get(ctx, signer);
    if (office === undefined) throw E.ErrNotAuthority.wrap(`${signer} is not a registry office`);
    if (!office.active) throw E.ErrAuthorityInactive.wrap(`office ${signer} is inactive`);
    return office;
  }

  /**
   * The parcel, when the signer is the active office in charge of it. The record is looked up
   * before the signer (clients branch on the first error: an unknown parcel is 8 whoever asks).
   */
  private requireParcelOffice(ctx: Context, signer: string, parcelId: bigint): Parcel {
    const parcel = this.requireParcel(ctx, parcelId);
    this.requireOffice(ctx, signer);
    requireInCharge(parcel, signer);
    return parcel;
  }

  /** As requireParcelOffice, and the parcel must be REGISTERED (a permission is granted or withdrawn only then). */
  private requireRegisteredParcelOffice(ctx: Context, signer: string, parcelId: bigint): Parcel {
    const parcel = this.requireParcelOffice(ctx, signer, parcelId);
    requireRegistered(parcel);
    return parcel;
  }

  requireParcel(ctx: Context, id: bigint): Parcel {
    const parcel = this.parcels.get(ctx, id);
    if (parcel === undefined) throw E.ErrNoParcel.wrap(`parcel ${id}`);
    return parcel;
  }

  // --- parcels and their history -------------------------------------------------------------

  registerParcel(ctx: Context, creator: string, geometryHash: string, cadastralRef: string, holder: string): bigint {
    this.requireOffice(ctx, creator);
    const byGeometry = this.parcels.indexes.byGeometry.get(ctx, geometryHash);
    if (byGeometry !== undefined) throw E.ErrGeometryTitled.wrap(`geometry already titled as parcel ${byGeometry}`);
    const byRef = this.parcels.indexes.byRef.get(ctx, cadastralRef);
    if (byRef !== undefined) throw E.ErrRefTaken.wrap(`cadastral reference already registered as parcel ${byRef}`);
    const id = this.nextParcelId.next(ctx);
    const parcel: Parcel = {
      id,
      geometryHash,
      cadastralRef,
      holder,
      authority: creator,
      status: Status.STATUS_REGISTERED,
      encumbrances: [],
      registeredAt: ctx.height,
      deeds: [],
      restrictions: [],
      vehicleId: 0n,
      freezes: [],
    };
    this.parcels.set(ctx, id, parcel);
    events.parcelRegistered(ctx, parcel);
    return id;
  }

  attachDeed(
    ctx: Context,
    creator: string,
    parcelId: bigint,
    d: { kind: string; documentHash: string; uri: string; reference: string; issuedOn: string },
  ): void {
    const parcel = this.requireParcelOffice(ctx, creator, parcelId);
    if (d.documentHash === "") throw E.ErrNoDocument.wrap("document_hash is empty");
    const deeds = [...parcel.deeds, { ...d, recordedAt: ctx.height }];
    this.parcels.set(ctx, parcelId, { ...parcel, deeds });
    events.deedAttached(ctx, parcelId, deeds.length - 1, d.kind, d.documentHash);
  }

  recordEncumbrance(ctx: Context, creator: string, parcelId: bigint, e: { kind: string; holder: string; detail: string }): void {
    const parcel = this.requireParcelOffice(ctx, creator, parcelId);
    // No holder is an easement or a public charge; a named one must be an account.
    if (e.holder !== "" && !accAddress.isValid(e.holder))
      throw E.ErrInvalidHolder.wrap(`encumbrance holder ${JSON.stringify(e.holder.slice(0, 100))}`);
    const encumbrances = [...parcel.encumbrances, { ...e, recordedAt: ctx.height, released: false }];
    this.parcels.set(ctx, parcelId, { ...parcel, encumbrances });
    events.encumbranceRecorded(ctx, parcelId, encumbrances.length - 1, e.kind, e.holder);
  }

  /** Marks the entry at `index` released; it stays on record. */
  releaseEncumbrance(ctx: Context, creator: string, parcelId: bigint, index: number): void {
    const parcel = this.requireParcelOffice(ctx, creator, parcelId);
    const entry = parcel.encumbrances[index];
    if (entry === undefined || entry.released)
      throw E.ErrNoEncumbrance.wrap(`parcel ${parcelId} has no unreleased encumbrance at index ${index}`);
    const encumbrances = parcel.encumbrances.map((x, i) => (i === index ? { ...x, released: true } : x));
    this.parcels.set(ctx, parcelId, { ...parcel, encumbrances });
    events.encumbranceReleased(ctx, parcelId, index, creator);
  }

  imposeRestriction(ctx: Context, creator: string, parcelId: bigint, r: { kind: string; value: string; detail: string }): void {
    const parcel = this.requireParcelOffice(ctx, creator, parcelId);
    if (r.kind === "") throw E.ErrNoRestrictionKind.wrap("kind is empty");
    const restrictions = [...parcel.restrictions, { ...r, imposedBy: creator, imposedAt: ctx.height, lifted: false }];
    this.parcels.set(ctx, parcelId, { ...parcel, restrictions });
    events.restrictionImposed(ctx, parcelId, restrictions.length - 1, r.kind, r.value, creator);
  }

  /** Marks the restriction at `index` lifted; a kind, when given, must name that entry. */
  liftRestriction(ctx: Context, creator: string, parcelId: bigint, index: number, kind: string): void {
    const parcel = this.requireParcelOffice(ctx, creator, parcelId);
    const entry = parcel.restrictions[index];
    if (entry === undefined || entry.lifted || (kind !== "" && kind !== entry.kind)) {
      throw E.ErrNoRestriction.wrap(`parcel ${parcelId} has no restriction${kind ? ` ${kind}` : ""} in force at index ${index}`);
    }
    const restrictions = parcel.restrictions.map((x, i) => (i === index ? { ...x, lifted: true } : x));
    this.parcels.set(ctx, parcelId, { ...parcel, restrictions });
    events.restrictionLifted(ctx, parcelId, index, entry.kind, creator);
  }

  /** Freezes may stack: each is recorded, and the parcel stays frozen while any is in force. */
  freeze(ctx: Context, creator: string, parcelId: bigint, reason: string): void {
    const parcel = this.requireParcelOffice(ctx, creator, parcelId);
    if (reason.trim() === "") throw E.ErrNoReason.wrap("a freeze needs a reason");
    const freezes = [
      ...parcel.freezes,
      { reason, imposedBy: creator, imposedAt: ctx.height, lifted: false, liftedBy: "", liftReason: "", liftedAt: 0n },
    ];
    this.parcels.set(ctx, parcelId, { ...parcel, freezes, status: Status.STATUS_FROZEN });
    events.parcelFrozen(ctx, parcelId, freezes.length - 1, reason, creator);
  }

  /** Lifts the latest freeze in force; the status then follows the parcel's transfers again. */
  unfreeze(ctx: Context, creator: string, parcelId: bigint, reason: string): void {
    const parcel = this.requireParcelOffice(ctx, creator, parcelId);
    const index = latestActiveFreeze(parcel);
    if (index < 0) throw E.ErrNotFrozen.wrap(`parcel ${parcelId}`);
    const freezes = parcel.freezes.map((f, i) =>
      i === index ? { ...f, lifted: true, liftedBy: creator, liftReason: reason, liftedAt: ctx.height } : f,
    );
    const updated = this.withStatus(ctx, { ...parcel, freezes });
    this.parcels.set(ctx, parcelId, updated);
    events.parcelUnfrozen(ctx, updated, index, reason, creator);
  }

  // --- transfers -----------------------------------------------------------------------------

  latestTransfer(ctx: Context, parcelId: bigint): Transfer | undefined {
    for (const id of this.transfers.indexes.byParcel.iterate(ctx, parcelId, true)) return this.transfers.get(ctx, id);
    return undefined;
  }

  /** The parcel with the status its freezes and latest transfer imply. */
  private withStatus(ctx: Context, parcel: Parcel): Parcel {
    return { ...parcel, status: derivedStatus(parcel, this.latestTransfer(ctx, parcel.id)) };
  }

  requireTransfer(ctx: Context, id: bigint): Transfer {
    const t = this.transfers.get(ctx, id);
    if (t === undefined) throw E.ErrNoTransfer.wrap(`transfer ${id}`);
    return t;
  }

  /** Completed → ErrTransferClosed; objected → ErrTransferDisputed. */
  private requireOpen(t: Transfer): void {
    if (isCompleted(t)) throw E.ErrTransferClosed.wrap(`transfer ${t.id} completed at ${t.completedAt}`);
    if (isObjected(t)) throw E.ErrTransferDisputed.wrap(`transfer ${t.id} objected by ${t.objectedBy}`);
  }

  /** Refusals in order: parcel (8), holder (9), account freeze, REGISTERED (10), recipient (11), self-transfer (12). */
  proposeTransfer(ctx: Context, creator: string, parcelId: bigint, to: string, price: string): bigint {
    const parcel = this.requireParcel(ctx, parcelId);
    if (parcel.holder !== creator) throw E.ErrNotHolder.wrap(`parcel ${parcelId} is held by ${parcel.holder}`);
    this.accountFreeze.assertNotFrozen(ctx, creator);
    requireRegistered(parcel);
    if (!accAddress.isValid(to)) throw E.ErrInvalidRecipient.wrap(`to ${JSON.stringify(to.slice(0, 100))}`);
    if (to === parcel.holder) throw E.ErrSelfTransfer.wrap(`${to} already holds parcel ${parcelId}`);
    const id = this.nextTransferId.next(ctx);
    const t: Transfer = {
      id,
      parcelId,
      from: creator,
      to,
      price,
      validated: false,
      validatedBy: "",
      attestors: [],
      quorumAt: 0n,
      objectedBy: "",
      objectionReason: "",
      proposedAt: ctx.height,
      completedAt: 0n,
    };
    this.transfers.set(ctx, id, t);
    this.pending.set(ctx, id);
    this.parcels.set(ctx, parcelId, { ...parcel, status: Status.STATUS_TRANSFER_PENDING });
    events.transferProposed(ctx, t);
    return id;
  }

  /** The transfer (13–15) is looked up before the signer's office (1, 2, 16). */
  validateTransfer(ctx: Context, creator: string, transferId: bigint): void {
    const t = this.requireTransfer(ctx, transferId);
    this.requireOpen(t);
    this.requireOffice(ctx, creator);
    requireInCharge(this.requireParcel(ctx, t.parcelId), creator);
    if (t.validated) throw E.ErrAlreadyValidated.wrap(`transfer ${transferId} validated by ${t.validatedBy}`);
    const updated = { ...t, validated: true, validatedBy: creator };
    this.transfers.set(ctx, transferId, updated);
    events.transferValidated(ctx, updated);
  }

  /** One attestation per independent office; the challenge window starts when quorum is first reached. */
  attestTransfer(ctx: Context, creator: string, transferId: bigint): { attestations: number; quorum: number } {
    const t = this.requireTransfer(ctx, transferId);
    this.requireOpen(t);
    this.requireOffice(ctx, creator);
    const parcel = this.requireParcel(ctx, t.parcelId);
    const params = this.params.get(ctx);
    if (parcel.authority === creator && !params.sameAuthorityAttestation) {
      throw E.ErrNotIndependent.wrap(`${creator} is the office in charge of parcel ${parcel.id}`);
    }
    if (t.attestors.includes(creator)) throw E.ErrAlreadyAttested.wrap(`${creator} already attested transfer ${transferId}`);
    const attestors = [...t.attestors, creator];
    const quorum = params.attestationQuorum;
    const reached = t.quorumAt === 0n && attestors.length >= quorum;
    const updated = { ...t, attestors, quorumAt: reached ? ctx.unixSeconds : t.quorumAt };
    this.transfers.set(ctx, transferId, updated);
    events.transferAttested(ctx, updated, creator, quorum);
    if (reached) events.quorumReached(ctx, updated, updated.quorumAt + params.challengeWindow);
    return { attestations: attestors.length, quorum };
  }

  /** Anyone may object, until completion; the first objection halts the transfer for good. */
  object(ctx: Context, creator: string, transferId: bigint, reason: string): void {
    const t = this.requireTransfer(ctx, transferId);
    this.requireOpen(t);
    const updated = { ...t, objectedBy: creator, objectionReason: reason };
    this.transfers.set(ctx, transferId, updated);
    this.pending.remove(ctx, transferId);
    const parcel = this.requireParcel(ctx, t.parcelId);
    this.parcels.set(ctx, parcel.id, this.withStatus(ctx, parcel));
    events.transferObjected(ctx, updated);
  }

  /** Anyone may complete a transfer that meets every condition; the holder changes, no coins move. */
  completeTransfer(ctx: Context, _creator: string, transferId: bigint): void {
    const t = this.requireTransfer(ctx, transferId);
    this.requireOpen(t);
    if (!t.validated) throw E.ErrNotValidated.wrap(`transfer ${transferId} awaits the validation of the parcel's office`);
    const params = this.params.get(ctx);
    if (t.quorumAt === 0n || t.attestors.length < params.attestationQuorum) {
      throw E.ErrNoQuorum.wrap(`transfer ${transferId} has ${t.attestors.length} of ${params.attestationQuorum} attestations`);
    }
    const closesAt = t.quorumAt + params.challengeWindow;
    if (ctx.unixSeconds < closesAt) throw E.ErrChallengeWindowOpen.wrap(`challenge window of transfer ${transferId} closes at ${closesAt}`);
    const parcel = this.requireParcel(ctx, t.parcelId);
    if (hasActiveFreeze(parcel)) throw E.ErrParcelNotTransferable.wrap(`parcel ${parcel.id} is frozen`);
    // A transfer proposed before its holder was frozen waits (open) until the freeze ends.
    this.accountFreeze.assertNotFrozen(ctx, t.from);
    const updated = { ...t, completedAt: ctx.unixSeconds };
    this.transfers.set(ctx, transferId, updated);
    this.pending.remove(ctx, transferId);
    this.parcels.set(ctx, parcel.id, { ...parcel, holder: t.to, status: Status.STATUS_REGISTERED });
    events.transferCompleted(ctx, updated);
  }

  // --- fractionalisation permission ----------------------------------------------------------

  /**
   * Grants or replaces the parcel's permission (granting again replaces the terms). The terms
   * are judged after the parcel and its office: ceiling (30), expiry (33), restriction (31).
   */
  authoriseFractionalisation(ctx: Context, creator: string, parcelId: bigint, right: string, maxShareBps: number, expiresAt: bigint): void {
    const parcel = this.requireRegisteredParcelOffice(ctx, creator, parcelId);
    if (maxShareBps < 1 || maxShareBps > BPS_DENOMINATOR) throw E.ErrBadShareCeiling.wrap(`max_share_bps ${maxShareBps}`);
    if (expiresAt <= ctx.unixSeconds) throw E.ErrBadExpiry.wrap(`expires_at ${expiresAt} is not after block time ${ctx.unixSeconds}`);
    if (forbidsFractionalisation(parcel))
      throw E.ErrFractionalisationForbidden.wrap(`parcel ${parcelId} carries a no_fractionalisation restriction`);
    const a: FractionalisationAuthority = {
      parcelId,
      right,
      maxShareBps,
      expiresAt,
      grantedBy: creator,
      grantedAt: ctx.height,
      withdrawn: false,
      withdrawnAt: 0n,
    };
    this.fractionalisation.set(ctx, parcelId, a);
    events.fractionalisationAuthorised(ctx, a);
  }

  /** Withdrawal stops new issuance only; the entry stays on record, marked. */
  withdrawFractionalisation(ctx: Context, creator: string, parcelId: bigint): void {
    this.requireRegisteredParcelOffice(ctx, creator, parcelId);
    const a = this.fractionalisation.get(ctx, parcelId);
    if (a === undefined || a.withdrawn) throw E.ErrNoAuthorisation.wrap(`parcel ${parcelId} has no authorisation in force to withdraw`);
    const updated = { ...a, withdrawn: true, withdrawnAt: ctx.height };
    this.fractionalisation.set(ctx, parcelId, updated);
    events.fractionalisationWithdrawn(ctx, updated, creator);
  }
}

function parcelStatusName(s: Status): string {
  return Status[s] ?? String(s);
}

function requireInCharge(parcel: Parcel, signer: string): void {
  if (parcel.authority !== signer) throw E.ErrWrongJurisdiction.wrap(`parcel ${parcel.id} is in the charge of ${parcel.authority}`);
}

function requireRegistered(parcel: Parcel): void {
  if (parcel.status !== Status.STATUS_REGISTERED)
    throw E.ErrParcelNotTransferable.wrap(`parcel ${parcel.id} is ${parcelStatusName(parcel.status)}`);
}
