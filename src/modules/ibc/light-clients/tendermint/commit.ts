import { ed25519 } from "@noble/curves/ed25519.js";
import { BlockIDFlag } from "../../../../gen/tendermint/types/validator";
import type { BlockID, Commit, CommitSig } from "../../../../gen/tendermint/types/types";
import type { Fraction } from "../../../../gen/ibc/lightclients/tendermint/v1/tendermint";
import { bytesEqual } from "../../../../store/bytes";
import { isGoZeroTime } from "./hashing";
import { voteSignBytes } from "./sign-bytes";
import { MAX_INT64, toHex, type CheckedValidator, type CheckedValidatorSet } from "./validator-set";

const HASH_SIZE = 32;
const ADDRESS_SIZE = 20;
const MAX_SIGNATURE_SIZE = 64;

/** Why a commit did not verify; `notEnoughPower` is CometBFT's ErrNotEnoughVotingPowerSigned. */
export interface CommitFailure {
  notEnoughPower: boolean;
  detail: string;
}

const fail = (detail: string): CommitFailure => ({ notEnoughPower: false, detail });

/** CometBFT's BlockID.ValidateBasic: hashes empty or 32 bytes. */
export function blockIdError(id: BlockID | undefined): string | undefined {
  if (id && id.hash.length !== 0 && id.hash.length !== HASH_SIZE) return "wrong Hash";
  const psh = id?.partSetHeader?.hash;
  if (psh && psh.length !== 0 && psh.length !== HASH_SIZE) return "wrong PartSetHeader: wrong Hash";
  return undefined;
}

export function isZeroBlockId(id: BlockID | undefined): boolean {
  return (id?.hash.length ?? 0) === 0 && (id?.partSetHeader?.total ?? 0) === 0 && (id?.partSetHeader?.hash.length ?? 0) === 0;
}

export function blockIdsEqual(a: BlockID | undefined, b: BlockID | undefined): boolean {
  return (
    bytesEqual(a?.hash ?? new Uint8Array(0), b?.hash ?? new Uint8Array(0)) &&
    (a?.partSetHeader?.total ?? 0) === (b?.partSetHeader?.total ?? 0) &&
    bytesEqual(a?.partSetHeader?.hash ?? new Uint8Array(0), b?.partSetHeader?.hash ?? new Uint8Array(0))
  );
}

function commitSigError(s: CommitSig): string | undefined {
  switch (s.blockIdFlag) {
    case BlockIDFlag.BLOCK_ID_FLAG_ABSENT:
      if (s.validatorAddress.length !== 0) return "validator address is present";
      if (!isGoZeroTime(s.timestamp)) return "time is present";
      if (s.signature.length !== 0) return "signature is present";
      return undefined;
    case BlockIDFlag.BLOCK_ID_FLAG_COMMIT:
    case BlockIDFlag.BLOCK_ID_FLAG_NIL:
      if (s.validatorAddress.length !== ADDRESS_SIZE) return `expected ValidatorAddress size to be ${ADDRESS_SIZE} bytes`;
      if (s.signature.length === 0) return "signature is missing";
      if (s.signature.length > MAX_SIGNATURE_SIZE) return `signature is too big (max: ${MAX_SIGNATURE_SIZE})`;
      return undefined;
    default:
      return `unknown BlockIDFlag: ${s.blockIdFlag}`;
  }
}

/** CometBFT's CommitFromProto + Commit.ValidateBasic. */
export function commitError(c: Commit): string | undefined {
  const idErr = blockIdError(c.blockId);
  if (idErr) return idErr;
  for (let i = 0; i < c.signatures.length; i++) {
    const e = commitSigError(c.signatures[i]);
    if (e) return `wrong CommitSig #${i}: ${e}`;
  }
  if (c.height < 0n) return "negative Height";
  if (c.round < 0) return "negative Round";
  if (c.height >= 1n) {
    if (isZeroBlockId(c.blockId)) return "commit cannot be for nil block";
    if (c.signatures.length === 0) return "no signatures in commit";
  }
  return undefined;
}

function signatureValid(v: CheckedValidator, message: Uint8Array, signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  try {
    // ZIP-215 rules (noble's default), as CometBFT's ed25519 verifies consensus signatures.
    return ed25519.verify(signature, message, v.pubKey);
  } catch {
    return false;
  }
}

/**
 * Tallies the power of valid COMMIT-flag signatures until it exceeds `needed`. `byIndex`: the
 * commit's i-th signature belongs to the set's i-th validator (the set that made the commit);
 * otherwise signatures are matched by address, unknown ones skipped and a second vote by the
 * same validator refused (a trusted, possibly different, set).
 */
function tally(chainId: string, vals: CheckedValidatorSet, commit: Commit, needed: bigint, byIndex: boolean): CommitFailure | undefined {
  const seen = new Map<number, number>();
  let power = 0n;
  for (let idx = 0; idx < commit.signatures.length; idx++) {
    const sig = commit.signatures[idx];
    if (sig.blockIdFlag !== BlockIDFlag.BLOCK_ID_FLAG_COMMIT) continue;
    const sigErr = commitSigError(sig);
    if (sigErr) return fail(`invalid signature at index ${idx}: ${sigErr}`);
    let val: CheckedValidator | undefined;
    if (byIndex) {
      val = vals.validators[idx];
      if (!bytesEqual(val.address, sig.validatorAddress)) {
        return fail(`validator address mismatch at index ${idx}: expected ${toHex(val.address)}, got ${toHex(sig.validatorAddress)}`);
      }
    } else {
      const valIdx = vals.validators.findIndex((v) => bytesEqual(v.address, sig.validatorAddress));
      if (valIdx < 0) continue;
      const first = seen.get(valIdx);
      if (first !== undefined) return fail(`double vote from ${toHex(sig.validatorAddress)} (${first} and ${idx})`);
      seen.set(valIdx, idx);
      val = vals.validators[valIdx];
    }
    if (!signatureValid(val, voteSignBytes(chainId, commit, idx), sig.signature)) {
      return fail(`wrong signature (#${idx}): ${toHex(sig.signature)}`);
    }
    power += val.votingPower;
    if (power > needed) return undefined;
  }
  return { notEnoughPower: true, detail: `invalid commit -- insufficient voting power: got ${power}, needed more than ${needed}` };
}

/**
 * CometBFT's VerifyCommitLight: the set that made `commit` (same size, same order) signed
 * `blockId` at `height` with more than 2/3 of its power. Stops verifying once that is reached.
 */
export function verifyCommitLight(
  chainId: string,
  vals: CheckedValidatorSet,
  blockId: BlockID | undefined,
  height: bigint,
  commit: Commit,
): CommitFailure | undefined {
  if (vals.validators.length !== commit.signatures.length) {
    return fail(`invalid commit -- wrong set size: ${vals.validators.length} vs ${commit.signatures.length}`);
  }
  if (height !== commit.height) return fail(`invalid commit -- wrong height: ${height} vs ${commit.height}`);
  if (!blockIdsEqual(blockId, commit.blockId)) return fail("invalid commit -- wrong block ID");
  return tally(chainId, vals, commit, (vals.totalVotingPower * 2n) / 3n, true);
}

/**
 * CometBFT's VerifyCommitLightTrusting: validators of a trusted set (matched by address)
 * holding more than `trustLevel` of its power signed `commit`.
 */
export function verifyCommitLightTrusting(
  chainId: string,
  vals: CheckedValidatorSet,
  commit: Commit,
  trustLevel: Fraction,
): CommitFailure | undefined {
  if (trustLevel.denominator === 0n) return fail("trustLevel has zero Denominator");
  const product = vals.totalVotingPower * trustLevel.numerator;
  if (product > MAX_INT64) return fail("int64 overflow while calculating voting power needed");
  return tally(chainId, vals, commit, product / trustLevel.denominator, false);
}
