import type { Params } from "../../gen/blockchain/land/v1/params";
import { landErrors } from "./errors";

/**
 * The chain's defaults: two independent offices must attest and the
 * public challenge window runs seven days from quorum; the parcel's own office never counts.
 */
export const DEFAULT_ATTESTATION_QUORUM = 2;
export const DEFAULT_CHALLENGE_WINDOW_SECONDS = 7n * 24n * 3600n;
/** A window beyond ten years would freeze a parcel in TRANSFER_PENDING for a lifetime. */
export const MAX_CHALLENGE_WINDOW_SECONDS = 10n * 365n * 24n * 3600n;
/** More attestations than there could plausibly be offices is a typo, not a policy. */
export const MAX_ATTESTATION_QUORUM = 100;

export function defaultLandParams(): Params {
  return {
    attestationQuorum: DEFAULT_ATTESTATION_QUORUM,
    challengeWindow: DEFAULT_CHALLENGE_WINDOW_SECONDS,
    sameAuthorityAttestation: false,
  };
}

/** Quorum 1..100 attestations, challenge window 1 second..10 years. */
export function validateLandParams(p: Params): Params {
  if (p.attestationQuorum < 1 || p.attestationQuorum > MAX_ATTESTATION_QUORUM) {
    throw landErrors.ErrInvalidParams.wrap(`attestation_quorum ${p.attestationQuorum} must be 1..${MAX_ATTESTATION_QUORUM}`);
  }
  if (p.challengeWindow < 1n || p.challengeWindow > MAX_CHALLENGE_WINDOW_SECONDS) {
    throw landErrors.ErrInvalidParams.wrap(`challenge_window ${p.challengeWindow} must be 1..${MAX_CHALLENGE_WINDOW_SECONDS} seconds`);
  }
  return {
    attestationQuorum: p.attestationQuorum,
    challengeWindow: p.challengeWindow,
    sameAuthorityAttestation: p.sameAuthorityAttestation,
  };
}
