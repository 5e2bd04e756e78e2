import type { Timestamp } from "../../../../gen/google/protobuf/timestamp";
import type { Height } from "../../../../gen/ibc/core/client/v1/client";
import type { ClientState, ConsensusState, Fraction } from "../../../../gen/ibc/lightclients/tendermint/v1/tendermint";
import { durationNanos, timestampNanos } from "../../../../types/time";
import { clientErrors, tendermintErrors } from "./errors";
import { goTime } from "./hashing";
import { isZeroHeight, revisionOf } from "./height";
import { MAX_CHAIN_ID_LEN } from "./header";

/** Where the client's consensus states live; the module answers from its store. */
export interface ConsensusStates {
  get(height: Height): ConsensusState | undefined;
  /** The consensus state at the greatest height below `height`. */
  previous(height: Height): ConsensusState | undefined;
  /** The consensus state at the least height above `height`. */
  next(height: Height): ConsensusState | undefined;
}

export type ClientStatus = "Active" | "Frozen" | "Expired";

/** The height misbehaviour freezes a client at: any non-zero height means frozen. */
export const FROZEN_HEIGHT: Height = { revisionNumber: 0n, revisionHeight: 1n };

/** CometBFT's light.DefaultTrustLevel, ibc-go's DefaultTrustLevel. */
export const DEFAULT_TRUST_LEVEL: Fraction = { numerator: 1n, denominator: 3n };

export const timeNanos = (t: Timestamp | undefined): bigint => timestampNanos(goTime(t));

/** ibc-go's IsExpired: the trusting period since `latest` has run out at `now`. */
export function isExpired(cs: ClientState, latest: Timestamp | undefined, now: Timestamp): boolean {
  return timeNanos(latest) + durationNanos(cs.trustingPeriod) <= timeNanos(now);
}

/** Frozen wins over expired; no consensus state at the latest height counts as expired. */
export function clientStatus(cs: ClientState, states: ConsensusStates, now: Timestamp): ClientStatus {
  if (!isZeroHeight(cs.frozenHeight)) return "Frozen";
  const latest = cs.latestHeight && states.get(cs.latestHeight);
  if (!latest || isExpired(cs, latest.timestamp, now)) return "Expired";
  return "Active";
}

/** CometBFT's ValidateTrustLevel: within [1/3, 1]. */
export function trustLevelError(t: Fraction | undefined): string | undefined {
  const n = t?.numerator ?? 0n;
  const d = t?.denominator ?? 0n;
  if (n * 3n < d || n > d || d === 0n) return `trustLevel must be within [1/3, 1], given ${n}/${d}`;
  return undefined;
}

/** ibc-go's ClientState.Validate (MsgCreateClient, upgrades). */
export function validateClientState(cs: ClientState): void {
  if (cs.chainId.trim() === "") throw tendermintErrors.ErrInvalidChainID.wrap("chain id cannot be empty string");
  if (cs.chainId.length > MAX_CHAIN_ID_LEN) {
    throw tendermintErrors.ErrInvalidChainID.wrap(`chainID is too long; got: ${cs.chainId.length}, max: ${MAX_CHAIN_ID_LEN}`);
  }
  const tl = trustLevelError(cs.trustLevel);
  if (tl) throw tendermintErrors.ErrInvalidTrustLevel.wrap(tl);
  const trusting = durationNanos(cs.trustingPeriod);
  const unbonding = durationNanos(cs.unbondingPeriod);
  if (trusting <= 0n) throw tendermintErrors.ErrInvalidTrustingPeriod.wrap("trusting period must be greater than zero");
  if (unbonding <= 0n) throw tendermintErrors.ErrInvalidUnbondingPeriod.wrap("unbonding period must be greater than zero");
  if (durationNanos(cs.maxClockDrift) <= 0n)
    throw tendermintErrors.ErrInvalidMaxClockDrift.wrap("max clock drift must be greater than zero");
  const revision = revisionOf(cs.chainId);
  if ((cs.latestHeight?.revisionNumber ?? 0n) !== revision) {
    throw tendermintErrors.ErrInvalidHeaderHeight.wrap(
      `latest height revision number must match chain id revision number (${cs.latestHeight?.revisionNumber ?? 0n} != ${revision})`,
    );
  }
  if ((cs.latestHeight?.revisionHeight ?? 0n) === 0n) {
    throw tendermintErrors.ErrInvalidHeaderHeight.wrap("tendermint client's latest height revision height cannot be zero");
  }
  if (trusting >= unbonding) throw tendermintErrors.ErrInvalidTrustingPeriod.wrap("trusting period should be < unbonding period");
  if (cs.proofSpecs.length === 0) throw tendermintErrors.ErrInvalidProofSpecs.wrap("proof specs cannot be nil for tm client");
  cs.upgradePath.forEach((k, i) => {
    if (k.trim() === "") throw clientErrors.ErrInvalidClient.wrap(`key in upgrade path at index ${i} cannot be empty`);
  });
}

/** ibc-go's ConsensusState.ValidateBasic. */
export function validateConsensusState(c: ConsensusState): void {
  if ((c.root?.hash.length ?? 0) === 0) throw clientErrors.ErrInvalidConsensus.wrap("root cannot be empty");
  if (c.nextValidatorsHash.length !== 0 && c.nextValidatorsHash.length !== 32) {
    throw clientErrors.ErrInvalidConsensus.wrap("next validators hash is invalid");
  }
  if ((c.timestamp?.seconds ?? 0n) <= 0n) throw clientErrors.ErrInvalidConsensus.wrap("timestamp must be a positive Unix time");
}
