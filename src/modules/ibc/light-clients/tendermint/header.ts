import type { Header as TmClientHeader } from "../../../../gen/ibc/lightclients/tendermint/v1/tendermint";
import type { Height } from "../../../../gen/ibc/core/client/v1/client";
import type { Header, SignedHeader } from "../../../../gen/tendermint/types/types";
import { bytesEqual } from "../../../../store/bytes";
import { blockIdError, commitError } from "./commit";
import { clientErrors, tendermintErrors } from "./errors";
import { headerHash } from "./hashing";
import { compareHeight, formatHeight, revisionOf } from "./height";
import { checkValidatorSet, toHex, type CheckedValidatorSet } from "./validator-set";

/** CometBFT's block protocol version (version.BlockProtocol) in v0.38. */
export const BLOCK_PROTOCOL = 11n;
export const MAX_CHAIN_ID_LEN = 50;
const HASH_SIZE = 32;
const ADDRESS_SIZE = 20;

/** A 07-tendermint Header whose signed header and validator set passed basic validation. */
export interface CheckedHeader {
  msg: TmClientHeader;
  header: Header;
  signedHeader: Required<SignedHeader> & { header: Header; commit: NonNullable<SignedHeader["commit"]> };
  validatorSet: CheckedValidatorSet;
  /** The IBC height: revision from the chain id, revision height = block height. */
  height: Height;
}

const hashError = (name: string, h: Uint8Array) =>
  h.length !== 0 && h.length !== HASH_SIZE ? `wrong ${name}: expected size to be ${HASH_SIZE} bytes, got ${h.length} bytes` : undefined;

/** CometBFT's Header.ValidateBasic. */
export function headerError(h: Header): string | undefined {
  if ((h.version?.block ?? 0n) !== BLOCK_PROTOCOL)
    return `block protocol is incorrect: got: ${h.version?.block ?? 0n}, want: ${BLOCK_PROTOCOL}`;
  if (h.chainId.length > MAX_CHAIN_ID_LEN) return `chainID is too long; got: ${h.chainId.length}, max: ${MAX_CHAIN_ID_LEN}`;
  if (h.height < 0n) return "negative Height";
  if (h.height === 0n) return "zero Height";
  const lastId = blockIdError(h.lastBlockId);
  if (lastId) return `wrong LastBlockID: ${lastId}`;
  if (h.proposerAddress.length !== ADDRESS_SIZE)
    return `invalid ProposerAddress length; got: ${h.proposerAddress.length}, expected: ${ADDRESS_SIZE}`;
  return (
    hashError("LastCommitHash", h.lastCommitHash) ??
    hashError("DataHash", h.dataHash) ??
    hashError("EvidenceHash", h.evidenceHash) ??
    hashError("ValidatorsHash", h.validatorsHash) ??
    hashError("NextValidatorsHash", h.nextValidatorsHash) ??
    hashError("ConsensusHash", h.consensusHash) ??
    hashError("LastResultsHash", h.lastResultsHash)
  );
}

/**
 * CometBFT's SignedHeaderFromProto + SignedHeader.ValidateBasic(chainId): a well-formed header
 * and commit, of `chainId`, the commit for this very header (same height, block id = header hash).
 */
export function signedHeaderError(sh: SignedHeader | undefined, chainId: string): string | undefined {
  if (!sh?.header) return "missing header";
  if (!sh.commit) return "missing commit";
  const h = headerError(sh.header);
  if (h) return `invalid header: ${h}`;
  const c = commitError(sh.commit);
  if (c) return `invalid commit: ${c}`;
  if (sh.header.chainId !== chainId) return `header belongs to another chain "${sh.header.chainId}", not "${chainId}"`;
  if (sh.commit.height !== sh.header.height) return `header and commit height mismatch: ${sh.header.height} vs ${sh.commit.height}`;
  const hash = headerHash(sh.header);
  const signed = sh.commit.blockId?.hash ?? new Uint8Array(0);
  if (!bytesEqual(hash, signed)) return `commit signs block ${toHex(signed)}, header is block ${toHex(hash)}`;
  return undefined;
}

/** The IBC height of a CometBFT header. */
export function headerHeight(h: Header): Height {
  return { revisionNumber: revisionOf(h.chainId), revisionHeight: h.height };
}

/**
 * ibc-go's Header.ValidateBasic (run by MsgUpdateClient/MsgSubmitMisbehaviour's ValidateBasic):
 * the signed header is valid on its own chain id, the trusted height is below the header's,
 * and the validator set hashes to the header's validators_hash.
 */
export function checkHeader(msg: TmClientHeader): CheckedHeader {
  const sh = msg.signedHeader;
  if (!sh) throw clientErrors.ErrInvalidHeader.wrap("tendermint signed header cannot be nil");
  if (!sh.header) throw clientErrors.ErrInvalidHeader.wrap("tendermint header cannot be nil");
  const shErr = signedHeaderError(sh, sh.header.chainId);
  if (shErr) throw clientErrors.ErrInvalidHeader.wrap(`header failed basic validation: ${shErr}`);
  const height = headerHeight(sh.header);
  if (compareHeight(msg.trustedHeight, height) >= 0) {
    throw tendermintErrors.ErrInvalidHeaderHeight.wrap(
      `TrustedHeight ${formatHeight(msg.trustedHeight)} must be less than header height ${formatHeight(height)}`,
    );
  }
  if (!msg.validatorSet) throw clientErrors.ErrInvalidHeader.wrap("validator set is nil");
  const vals = checkValidatorSet(msg.validatorSet);
  if (!vals.ok) throw tendermintErrors.ErrInvalidValidatorSet.wrap(`validator set is not tendermint validator set: ${vals.error}`);
  if (!bytesEqual(sh.header.validatorsHash, vals.value.hash)) throw clientErrors.ErrInvalidHeader.wrap("validator set does not match hash");
  return {
    msg,
    header: sh.header,
    signedHeader: { header: sh.header, commit: sh.commit! },
    validatorSet: vals.value,
    height,
  };
}
