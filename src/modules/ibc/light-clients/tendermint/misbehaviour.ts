import type { Timestamp } from "../../../../gen/google/protobuf/timestamp";
import type {
  ClientState,
  ConsensusState,
  Header as TmClientHeader,
  Misbehaviour,
} from "../../../../gen/ibc/lightclients/tendermint/v1/tendermint";
import { wrapped } from "../../errors";
import { durationNanos } from "../../../../types/time";
import { bytesEqual } from "../../../../store/bytes";
import { timeNanos, type ConsensusStates } from "./client-state";
import { verifyCommitLight, verifyCommitLightTrusting } from "./commit";
import { clientErrors, tendermintErrors } from "./errors";
import { checkHeader, type CheckedHeader } from "./header";
import { compareHeight, formatHeight, heightOf, isRevisionFormat, withRevision } from "./height";

import { checkTrustedValidators } from "./verify";
import { consensusStateFromHeader } from "./consensus-state";

const IDENTIFIER = /^[a-zA-Z0-9._+\-#[\]<>]+$/;

/** ibc-go's ClientIdentifierValidator: 9 to 64 identifier characters. */
function clientIdError(id: string): string | undefined {
  if (id.trim() === "") return "identifier cannot be blank";
  if (id.length < 9 || id.length > 64) return `identifier ${id} has invalid length: ${id.length}, must be between 9-64 characters`;
  if (!IDENTIFIER.test(id))
    return `identifier ${id} must contain only alphanumeric or the following characters: '.', '_', '+', '-', '#', '[', ']', '<', '>'`;
  return undefined;
}

export interface CheckedMisbehaviour {
  header1: CheckedHeader;
  header2: CheckedHeader;
}

/**
 * ibc-go's Misbehaviour.ValidateBasic: two basic-valid headers of one chain, header1 at least as
 * high as header2, each commit signed by more than 2/3 of its own validator set.
 */
export function checkMisbehaviour(m: Misbehaviour): CheckedMisbehaviour {
  const h1 = m.header1;
  const h2 = m.header2;
  if (!h1) throw tendermintErrors.ErrInvalidHeader.wrap("misbehaviour Header1 cannot be nil");
  if (!h2) throw tendermintErrors.ErrInvalidHeader.wrap("misbehaviour Header2 cannot be nil");
  if (heightOf(h1.trustedHeight).revisionHeight === 0n)
    throw tendermintErrors.ErrInvalidHeaderHeight.wrap("misbehaviour Header1 cannot have zero revision height");
  if (heightOf(h2.trustedHeight).revisionHeight === 0n)
    throw tendermintErrors.ErrInvalidHeaderHeight.wrap("misbehaviour Header2 cannot have zero revision height");
  if (!h1.trustedValidators) throw tendermintErrors.ErrInvalidValidatorSet.wrap("trusted validator set in Header1 cannot be empty");
  if (!h2.trustedValidators) throw tendermintErrors.ErrInvalidValidatorSet.wrap("trusted validator set in Header2 cannot be empty");
  if (h1.signedHeader?.header?.chainId !== h2.signedHeader?.header?.chainId) {
    throw clientErrors.ErrInvalidMisbehaviour.wrap("headers must have identical chainIDs");
  }
  const idErr = clientIdError(m.clientId);
  if (idErr) throw clientErrors.ErrInvalidMisbehaviour.wrap(`misbehaviour client ID is invalid: ${idErr}`);
  const header1 = checkedOrMisbehaviour(h1, "header 1");
  const header2 = checkedOrMisbehaviour(h2, "header 2");
  if (compareHeight(header1.height, header2.height) < 0) {
    throw clientErrors.ErrInvalidMisbehaviour.wrap(
      `Header1 height is less than Header2 height (${formatHeight(header1.height)} < ${formatHeight(header2.height)})`,
    );
  }
  for (const h of [header1, header2]) {
    const c = h.signedHeader.commit;
    if (verifyCommitLight(h.header.chainId, h.validatorSet, c.blockId, c.height, c)) {
      throw clientErrors.ErrInvalidMisbehaviour.wrap("validator set did not commit to header");
    }
  }
  return { header1, header2 };
}

function checkedOrMisbehaviour(h: TmClientHeader, which: string): CheckedHeader {
  try {
    return checkHeader(h);
  } catch (e) {
    throw clientErrors.ErrInvalidMisbehaviour.wrap(`${which} failed validation: ${(e as Error).message}`);
  }
}

/**
 * ibc-go's checkMisbehaviourHeader: a misbehaviour header would have convinced the client: its
 * trusted validators match the consensus state at its trusted height, that state is within the
 * trusting period, and the trust level of those validators signed its commit.
 */
function checkMisbehaviourHeader(cs: ClientState, trusted: ConsensusState, h: CheckedHeader, now: Timestamp): void {
  const trustedVals = checkTrustedValidators(h.msg, trusted);
  const age = timeNanos(now) - timeNanos(trusted.timestamp);
  const period = durationNanos(cs.trustingPeriod);
  if (age >= period) {
    throw tendermintErrors.ErrTrustingPeriodExpired.wrap(
      `current timestamp minus the latest consensus state timestamp is greater than or equal to the trusting period (${age} >= ${period})`,
    );
  }
  // Misbehaviour at a later revision is checked under that revision's chain id.
  const chainId = isRevisionFormat(cs.chainId) ? withRevision(cs.chainId, h.height.revisionNumber) : cs.chainId;
  const trust = verifyCommitLightTrusting(chainId, trustedVals, h.signedHeader.commit, cs.trustLevel ?? { numerator: 0n, denominator: 0n });
  if (trust)
    throw clientErrors.ErrInvalidMisbehaviour.wrap(
      `validator set in header has too much change from trusted validator set: ${trust.detail}`,
    );
}

/** ibc-go's verifyMisbehaviour: both headers would have been accepted from their trusted states. */
export function verifyMisbehaviour(cs: ClientState, states: ConsensusStates, m: Misbehaviour, now: Timestamp): CheckedMisbehaviour {
  const checked = checkMisbehaviour(m);
  const pairs: Array<[CheckedHeader, string]> = [
    [checked.header1, "Header1"],
    [checked.header2, "Header2"],
  ];
  const trusted = pairs.map(([h, name]) => {
    const at = heightOf(h.msg.trustedHeight);
    const c = states.get(at);
    if (!c)
      throw clientErrors.ErrConsensusStateNotFound.wrap(
        `could not get trusted consensus state for ${name} at TrustedHeight: ${formatHeight(at)}`,
      );
    return c;
  });
  pairs.forEach(([h, name], i) => {
    wrapped(`verifying ${name} in Misbehaviour failed`, () => checkMisbehaviourHeader(cs, trusted[i], h, now));
  });
  return checked;
}

function consensusStatesEqual(a: ConsensusState, b: ConsensusState): boolean {
  return (
    timeNanos(a.timestamp) === timeNanos(b.timestamp) &&
    bytesEqual(a.root?.hash ?? new Uint8Array(0), b.root?.hash ?? new Uint8Array(0)) &&
    bytesEqual(a.nextValidatorsHash, b.nextValidatorsHash)
  );
}

/**
 * ibc-go's CheckForMisbehaviour on a verified header: a different consensus state already
 * stored at its height (a fork), or a time out of order with its stored neighbours.
 */
export function headerIsMisbehaviour(states: ConsensusStates, h: CheckedHeader): boolean {
  const mine = consensusStateFromHeader(h.header);
  const existing = states.get(h.height);
  if (existing) return !consensusStatesEqual(existing, mine);
  const t = timeNanos(mine.timestamp);
  const prev = states.previous(h.height);
  if (prev && timeNanos(prev.timestamp) >= t) return true;
  const next = states.next(h.height);
  return next !== undefined && timeNanos(next.timestamp) <= t;
}

/**
 * ibc-go's CheckForMisbehaviour on a verified Misbehaviour: same height and different block
 * hashes (a fork), or header1 (higher) not later than header2 (BFT time violation).
 */
export function misbehaviourIsEvidence(m: CheckedMisbehaviour): boolean {
  if (compareHeight(m.header1.height, m.header2.height) === 0) {
    const id1 = m.header1.signedHeader.commit.blockId?.hash ?? new Uint8Array(0);
    const id2 = m.header2.signedHeader.commit.blockId?.hash ?? new Uint8Array(0);
    return !bytesEqual(id1, id2);
  }
  return timeNanos(m.header1.header.time) <= timeNanos(m.header2.header.time);
}
