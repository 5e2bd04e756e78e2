/**
 * The 07-tendermint light client's verification core: pure functions over ibc-go's proto types
 * (no store, no clock; the caller passes its block time). The IBC client keeper stores client
 * and consensus states and answers `ConsensusStates` lookups.
 */
export { applyClientMessage, type ClientMessage, type ClientUpdate } from "./update";
export {
  clientStatus,
  DEFAULT_TRUST_LEVEL,
  FROZEN_HEIGHT,
  isExpired,
  validateClientState,
  validateConsensusState,
  type ClientStatus,
  type ConsensusStates,
} from "./client-state";
export { consensusStateFromHeader } from "./consensus-state";
export { checkHeader, headerHeight, type CheckedHeader } from "./header";
export { verifyHeader, lightVerify, checkTrustedValidators, type LightParams, type TrustedHeader } from "./verify";
export {
  checkMisbehaviour,
  verifyMisbehaviour,
  headerIsMisbehaviour,
  misbehaviourIsEvidence,
  type CheckedMisbehaviour,
} from "./misbehaviour";
export { verifyCommitLight, verifyCommitLightTrusting, type CommitFailure } from "./commit";
export { headerHash, validatorSetHash } from "./hashing";
export { voteSignBytes } from "./sign-bytes";
export { simpleMerkleRoot as merkleRoot } from "../../../../store/simple-merkle";
export { checkValidatorSet, type CheckedValidatorSet } from "./validator-set";
export { compareHeight, revisionOf, isRevisionFormat } from "./height";
export { tendermintErrors, clientErrors, LightClientError, type LightFailure } from "./errors";
