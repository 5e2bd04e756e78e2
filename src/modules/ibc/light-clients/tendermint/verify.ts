import type { Duration } from "../../../../gen/google/protobuf/duration";
import type { Timestamp } from "../../../../gen/google/protobuf/timestamp";
import type {
  ClientState,
  ConsensusState,
  Fraction,
  Header as TmClientHeader,
} from "../../../../gen/ibc/lightclients/tendermint/v1/tendermint";
import { durationNanos, formatTime } from "../../../../types/time";
import { bytesEqual } from "../../../../store/bytes";
import { timeNanos, type ConsensusStates } from "./client-state";
import { verifyCommitLight, verifyCommitLightTrusting } from "./commit";
import { clientErrors, lightFailure, tendermintErrors } from "./errors";
import { goTime } from "./hashing";
import { checkHeader, signedHeaderError, type CheckedHeader } from "./header";
import { compareHeight, formatHeight, heightOf } from "./height";
import { checkValidatorSet, toHex, type CheckedValidatorSet } from "./validator-set";

/** A client state without a trust level: as in Go, a zero fraction that no commit can satisfy. */
const NO_TRUST_LEVEL: Fraction = { numerator: 0n, denominator: 0n };

/** What the light verifier trusts at the trusted height: rebuilt from the stored consensus state. */
export interface TrustedHeader {
  chainId: string;
  height: bigint;
  time: Timestamp | undefined;
  nextValidatorsHash: Uint8Array;
}

export interface LightParams {
  trustingPeriod: Duration | undefined;
  maxClockDrift: Duration | undefined;
  trustLevel: Fraction;
  /** The verifier's clock: the block time of the chain running the client, never the wall clock. */
  now: Timestamp;
}

/**
 * ibc-go's checkTrustedHeader: the header's trusted validators are the set the consensus state
 * at the trusted height named as next.
 */
export function checkTrustedValidators(msg: TmClientHeader, trusted: ConsensusState): CheckedValidatorSet {
  const vals = checkValidatorSet(msg.trustedValidators);
  if (!vals.ok)
    throw tendermintErrors.ErrInvalidValidatorSet.wrap(`trusted validator set in not tendermint validator set type: ${vals.error}`);
  if (!bytesEqual(trusted.nextValidatorsHash, vals.value.hash)) {
    throw tendermintErrors.ErrInvalidValidatorSet.wrap(
      `trusted validators do not hash to latest trusted validators. Expected: ${toHex(trusted.nextValidatorsHash)}, got: ${toHex(vals.value.hash)}`,
    );
  }
  return vals.value;
}

function newHeaderError(untrusted: CheckedHeader, trusted: TrustedHeader, p: LightParams): string | undefined {
  const sh = signedHeaderError(untrusted.signedHeader, trusted.chainId);
  if (sh) return `untrustedHeader.ValidateBasic failed: ${sh}`;
  const h = untrusted.header;
  if (h.height <= trusted.height) return `expected new header height ${h.height} to be greater than one of old header ${trusted.height}`;
  const t = timeNanos(h.time);
  if (t <= timeNanos(trusted.time)) {
    return `expected new header time ${formatTime(goTime(h.time))} to be after old header time ${formatTime(goTime(trusted.time))}`;
  }
  if (t >= timeNanos(p.now) + durationNanos(p.maxClockDrift)) {
    return `new header has a time from the future ${formatTime(goTime(h.time))} (now: ${formatTime(p.now)}; max clock drift: ${durationNanos(p.maxClockDrift)}ns)`;
  }
  if (!bytesEqual(h.validatorsHash, untrusted.validatorSet.hash)) {
    return `expected new header validators (${toHex(h.validatorsHash)}) to match those that were supplied (${toHex(untrusted.validatorSet.hash)})`;
  }
  return undefined;
}

/**
 * CometBFT's light.Verify. Adjacent (height + 1): the new header's validators are the trusted
 * next validators. Non-adjacent: more than `trustLevel` of the trusted set's power signed the
 * new commit. Either way the trusted state is within the trusting period, the header is newer,
 * not beyond `now` + max clock drift, and more than 2/3 of its own set signed it.
 */
export function lightVerify(trusted: TrustedHeader, trustedVals: CheckedValidatorSet, untrusted: CheckedHeader, p: LightParams): void {
  const expiresAt = timeNanos(trusted.time) + durationNanos(p.trustingPeriod);
  if (expiresAt <= timeNanos(p.now)) {
    throw lightFailure("ErrOldHeaderExpired", `old header at height ${trusted.height} has expired (now: ${formatTime(p.now)})`);
  }
  const invalid = newHeaderError(untrusted, trusted, p);
  if (invalid) throw lightFailure("ErrInvalidHeader", invalid);
  const h = untrusted.header;
  const commit = untrusted.signedHeader.commit;
  if (h.height === trusted.height + 1n) {
    if (!bytesEqual(h.validatorsHash, trusted.nextValidatorsHash)) {
      throw lightFailure(
        "ErrNextValidatorsMismatch",
        `expected old header next validators (${toHex(trusted.nextValidatorsHash)}) to match those from new header (${toHex(h.validatorsHash)})`,
      );
    }
  } else {
    const trust = verifyCommitLightTrusting(trusted.chainId, trustedVals, commit, p.trustLevel);
    if (trust) throw lightFailure(trust.notEnoughPower ? "ErrNewValSetCantBeTrusted" : "ErrInvalidCommit", trust.detail);
  }
  const own = verifyCommitLight(trusted.chainId, untrusted.validatorSet, commit.blockId, h.height, commit);
  if (own) throw lightFailure("ErrInvalidHeader", own.detail);
}

/**
 * ibc-go's 07-tendermint verifyHeader for MsgUpdateClient: the header (basic-validated here
 * too) verifies from the consensus state at its trusted height, in the same revision.
 */
export function verifyHeader(cs: ClientState, states: ConsensusStates, msg: TmClientHeader, now: Timestamp): CheckedHeader {
  const header = checkHeader(msg);
  const trustedHeight = heightOf(msg.trustedHeight);
  const trusted = states.get(trustedHeight);
  if (!trusted) {
    throw clientErrors.ErrConsensusStateNotFound.wrap(
      `could not get trusted consensus state for Header at TrustedHeight: ${formatHeight(trustedHeight)}`,
    );
  }
  const trustedVals = checkTrustedValidators(msg, trusted);
  if (header.height.revisionNumber !== trustedHeight.revisionNumber) {
    throw tendermintErrors.ErrInvalidHeaderHeight.wrap(
      `header height revision ${header.height.revisionNumber} does not match trusted header revision ${trustedHeight.revisionNumber}`,
    );
  }
  if (compareHeight(header.height, trustedHeight) <= 0) {
    throw clientErrors.ErrInvalidHeader.wrap(
      `header height ≤ consensus state height (${formatHeight(header.height)} ≤ ${formatHeight(trustedHeight)})`,
    );
  }
  lightVerify(
    { chainId: cs.chainId, height: trustedHeight.revisionHeight, time: trusted.timestamp, nextValidatorsHash: trusted.nextValidatorsHash },
    trustedVals,
    header,
    { trustingPeriod: cs.trustingPeriod, maxClockDrift: cs.maxClockDrift, trustLevel: cs.trustLevel ?? NO_TRUST_LEVEL, now },
  );
  return header;
}
