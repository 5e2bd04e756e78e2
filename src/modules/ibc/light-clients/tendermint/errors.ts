import { AppError, registerError, type ErrorKind } from "../../../../types/errors";

/** 07-tendermint's codespace, numbered as ibc-go's modules/light-clients/07-tendermint/errors.go. */
export const tendermintErrors = {
  ErrInvalidChainID: registerError("07-tendermint", 2, "invalid chain-id"),
  ErrInvalidTrustingPeriod: registerError("07-tendermint", 3, "invalid trusting period"),
  ErrInvalidUnbondingPeriod: registerError("07-tendermint", 4, "invalid unbonding period"),
  ErrInvalidHeaderHeight: registerError("07-tendermint", 5, "invalid header height"),
  ErrInvalidHeader: registerError("07-tendermint", 6, "invalid header"),
  ErrInvalidMaxClockDrift: registerError("07-tendermint", 7, "invalid max clock drift"),
  ErrProcessedTimeNotFound: registerError("07-tendermint", 8, "processed time not found"),
  ErrProcessedHeightNotFound: registerError("07-tendermint", 9, "processed height not found"),
  ErrDelayPeriodNotPassed: registerError("07-tendermint", 10, "packet-specified delay period has not been reached"),
  ErrTrustingPeriodExpired: registerError("07-tendermint", 11, "time since latest trusted state has passed the trusting period"),
  ErrUnbondingPeriodExpired: registerError("07-tendermint", 12, "time since latest trusted state has passed the unbonding period"),
  ErrInvalidProofSpecs: registerError("07-tendermint", 13, "invalid proof specs"),
  ErrInvalidValidatorSet: registerError("07-tendermint", 14, "invalid validator set"),
  ErrInvalidTrustLevel: registerError("07-tendermint", 15, "invalid trust level"),
} as const;

/**
 * The 02-client errors the light client returns, numbered as ibc-go's
 * modules/core/02-client/types/errors.go. The client keeper registers the same codes with the
 * same descriptions; registering twice with equal text is allowed.
 */
export const clientErrors = {
  ErrInvalidClient: registerError("client", 3, "light client is invalid"),
  ErrClientFrozen: registerError("client", 5, "light client is frozen due to misbehaviour"),
  ErrConsensusStateNotFound: registerError("client", 7, "consensus state not found"),
  ErrInvalidConsensus: registerError("client", 8, "invalid consensus state"),
  ErrInvalidHeader: registerError("client", 12, "invalid client header"),
  ErrInvalidMisbehaviour: registerError("client", 13, "invalid light client misbehaviour"),
  ErrClientNotActive: registerError("client", 29, "client state is not active"),
} as const;

/**
 * Why CometBFT's light verifier refused a header, by the name of its error
 * (light/errors.go; `ErrNextValidatorsMismatch` is its unnamed adjacent-hash error,
 * `ErrInvalidCommit` a commit that does not verify outside the light verifier).
 */
export type LightFailure =
  "ErrOldHeaderExpired" | "ErrInvalidHeader" | "ErrNewValSetCantBeTrusted" | "ErrNextValidatorsMismatch" | "ErrInvalidCommit";

/**
 * A light-verifier refusal. ibc-go wraps CometBFT's untyped light errors, which reach ABCI as
 * an undefined code; here each carries the 07-tendermint kind that means the same thing
 * (expired trust → ErrTrustingPeriodExpired, a bad header or commit → ErrInvalidHeader, a
 * validator set that cannot be trusted → ErrInvalidValidatorSet) and the CometBFT name.
 */
export class LightClientError extends AppError {
  constructor(
    kind: ErrorKind,
    readonly reason: LightFailure,
    detail: string,
  ) {
    super(kind.codespace, kind.code, `${reason}: ${detail}: ${kind.description}`, kind.grpcCode);
    this.name = "LightClientError";
  }
}

const LIGHT_KIND: Record<LightFailure, ErrorKind> = {
  ErrOldHeaderExpired: tendermintErrors.ErrTrustingPeriodExpired,
  ErrInvalidHeader: tendermintErrors.ErrInvalidHeader,
  ErrNewValSetCantBeTrusted: tendermintErrors.ErrInvalidValidatorSet,
  ErrNextValidatorsMismatch: tendermintErrors.ErrInvalidValidatorSet,
  ErrInvalidCommit: tendermintErrors.ErrInvalidHeader,
};

export function lightFailure(reason: LightFailure, detail: string): LightClientError {
  return new LightClientError(LIGHT_KIND[reason], reason, detail);
}
