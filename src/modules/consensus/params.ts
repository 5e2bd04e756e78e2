import type { ConsensusParams } from "cosmjs-types/tendermint/types/params";
import { sdkErrors } from "../../types/errors";

/** CometBFT's types.MaxBlockSizeBytes (100 MiB). */
export const MAX_BLOCK_SIZE_BYTES = 104857600n;
/** Key types CometBFT 0.38 knows (types.ABCIPubKeyTypesToNameMap). */
export const KNOWN_PUBKEY_TYPES = ["ed25519", "secp256k1"];

const invalid = (why: string) => sdkErrors.ErrInvalidRequest.wrap(why);

/** CometBFT's ConsensusParams.Update: block, evidence, validator replaced; version and abci when given. */
export function updateParams(current: ConsensusParams | undefined, update: ConsensusParams): ConsensusParams {
  return {
    block: update.block ?? current?.block,
    evidence: update.evidence ?? current?.evidence,
    validator: update.validator ?? current?.validator,
    version: update.version ?? current?.version,
    abci: update.abci ?? current?.abci,
  };
}

/** CometBFT 0.38's ConsensusParams.ValidateBasic, with its messages. */
export function validateParams(p: ConsensusParams): void {
  const block = p.block;
  const evidence = p.evidence;
  const validator = p.validator;
  if (!block || !evidence || !validator) throw invalid("all parameters must be present");
  if (block.maxBytes === 0n) throw invalid("block.MaxBytes cannot be 0");
  if (block.maxBytes < -1n) throw invalid(`block.MaxBytes must be -1 or greater than 0. Got ${block.maxBytes}`);
  if (block.maxBytes > MAX_BLOCK_SIZE_BYTES) throw invalid(`block.MaxBytes is too big. ${block.maxBytes} > ${MAX_BLOCK_SIZE_BYTES}`);
  if (block.maxGas < -1n) throw invalid(`block.MaxGas must be greater or equal to -1. Got ${block.maxGas}`);
  if (evidence.maxAgeNumBlocks <= 0n) throw invalid(`evidence.MaxAgeNumBlocks must be greater than 0. Got ${evidence.maxAgeNumBlocks}`);
  const age = evidence.maxAgeDuration;
  if (!age || age.seconds < 0n || (age.seconds === 0n && age.nanos <= 0)) {
    throw invalid(`evidence.MaxAgeDuration must be greater than 0 if provided, Got ${age ? `${age.seconds}s${age.nanos}ns` : "0s"}`);
  }
  const maxBytes = block.maxBytes === -1n ? MAX_BLOCK_SIZE_BYTES : block.maxBytes;
  if (evidence.maxBytes > maxBytes)
    throw invalid(`evidence.MaxBytesEvidence is greater than upper bound, ${evidence.maxBytes} > ${maxBytes}`);
  if (evidence.maxBytes < 0n) throw invalid(`evidence.MaxBytes must be non negative. Got: ${evidence.maxBytes}`);
  if (p.abci && p.abci.voteExtensionsEnableHeight < 0n) {
    throw invalid(`ABCI.VoteExtensionsEnableHeight cannot be negative. Got: ${p.abci.voteExtensionsEnableHeight}`);
  }
  if (validator.pubKeyTypes.length === 0) throw invalid("len(Validator.PubKeyTypes) must be greater than 0");
  validator.pubKeyTypes.forEach((t, i) => {
    if (!KNOWN_PUBKEY_TYPES.includes(t)) throw invalid(`params.Validator.PubKeyTypes[${i}], ${t}, is an unknown pubkey type`);
  });
}

/** CometBFT 0.38's ConsensusParams.ValidateUpdate: vote extensions are enabled once, at a future height. */
export function validateUpdate(current: ConsensusParams | undefined, update: ConsensusParams, height: bigint): void {
  if (!update.abci) return;
  const was = current?.abci?.voteExtensionsEnableHeight ?? 0n;
  const next = update.abci.voteExtensionsEnableHeight;
  if (was === next) return;
  if (was !== 0n && height >= was) throw invalid("vote extensions cannot be updated once enabled");
  if (next <= height) {
    throw invalid(`VoteExtensionsEnableHeight cannot be updated to a past height, initial height: ${next}, current height ${height}`);
  }
}
