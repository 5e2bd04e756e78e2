import { type FractionalisationAuthority, type Parcel, Status, type Transfer } from "../../gen/blockchain/land/v1/parcel";

/** The restriction kind that forbids opening a tokenisation vehicle over a parcel. */
export const NO_FRACTIONALISATION = "no_fractionalisation";
/** Basis points in 100%. */
export const BPS_DENOMINATOR = 10_000;

export function isCompleted(t: Transfer): boolean {
  return t.completedAt !== 0n;
}

export function isObjected(t: Transfer): boolean {
  return t.objectedBy !== "";
}

/** Neither completed nor objected: the transfer still holds the parcel in TRANSFER_PENDING. */
export function isOpen(t: Transfer): boolean {
  return !isCompleted(t) && !isObjected(t);
}

export function hasActiveFreeze(p: Parcel): boolean {
  return p.freezes.some((f) => !f.lifted);
}

/** Index of the latest freeze still in force, or -1. Unfreezing lifts that one. */
export function latestActiveFreeze(p: Parcel): number {
  for (let i = p.freezes.length - 1; i >= 0; i--) if (!p.freezes[i]!.lifted) return i;
  return -1;
}

/**
 * A parcel's status follows from its record and its latest transfer, so it can never drift:
 * any freeze in force → FROZEN; otherwise the latest transfer decides — open → TRANSFER_PENDING,
 * objected → DISPUTED (terminal: the chain preserves evidence and does not adjudicate),
 * completed or none → REGISTERED. Lifting the last freeze therefore returns the parcel to
 * whatever its transfers say; completing a transfer returns it to REGISTERED.
 */
export function derivedStatus(p: Parcel, latestTransfer: Transfer | undefined): Status {
  if (hasActiveFreeze(p)) return Status.STATUS_FROZEN;
  if (latestTransfer === undefined || isCompleted(latestTransfer)) return Status.STATUS_REGISTERED;
  return isObjected(latestTransfer) ? Status.STATUS_DISPUTED : Status.STATUS_TRANSFER_PENDING;
}

export function forbidsFractionalisation(p: Parcel): boolean {
  return p.restrictions.some((r) => !r.lifted && r.kind === NO_FRACTIONALISATION);
}

/**
 * Whether a permission lets a vehicle open now: not withdrawn, not expired against block time
 * (expires_at is the first second it no longer holds), and no restriction in force forbids it.
 */
export function isLive(a: FractionalisationAuthority, p: Parcel, nowUnixSeconds: bigint): boolean {
  return !a.withdrawn && nowUnixSeconds < a.expiresAt && !forbidsFractionalisation(p);
}
