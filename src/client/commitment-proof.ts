import { sha256 } from "@noble/hashes/sha2.js";
import { concatBytes } from "@noble/hashes/utils.js";
import { CommitmentProof, HashOp, LengthOp, type ExistenceProof, type InnerOp, type LeafOp } from "cosmjs-types/cosmos/ics23/v1/proofs";
import { COMMITMENT_PROOF_OP, SMT_COMMITMENT_SPEC, type CommitmentSpec } from "../types/commitment-spec";

/**
 * Verifies the chain's ICS-23 commitment proofs (abci_query with prove = true on a
 * `/store/<module>/key` path) against an app hash, following ics23's VerifyMembership and
 * VerifyNonMembership for the chain's spec. The app hash of the state at height h is the one
 * in the header of block h + 1: take it from a header you trust (a light client, or a
 * CometBFT RPC `commit` you verified) — a proof is only as good as the root it is checked
 * against.
 */

export interface ProofOpLike {
  type: string;
  key: Uint8Array;
  data: Uint8Array;
}

/**
 * True when `ops` (one `ics23:smt` op) proves `value` under `key` (value undefined: proves
 * that the key is absent) in the state whose app hash is `appHash`.
 */
export function verifyCommitmentProof(
  appHash: Uint8Array,
  key: Uint8Array,
  value: Uint8Array | undefined,
  ops: readonly ProofOpLike[],
  spec: CommitmentSpec = SMT_COMMITMENT_SPEC,
): boolean {
  if (ops.length !== 1 || ops[0]!.type !== COMMITMENT_PROOF_OP || !equal(ops[0]!.key, key)) return false;
  let proof: CommitmentProof;
  try {
    proof = CommitmentProof.decode(ops[0]!.data);
  } catch {
    return false;
  }
  if (value !== undefined) return !!proof.exist && verifyExistence(spec, proof.exist, appHash, key, value);
  const non = proof.nonexist;
  if (!non || !equal(non.key, key) || (!non.left && !non.right)) return false;
  const ordered = (k: Uint8Array) => (spec.prehashKeyBeforeComparison ? doHash(spec.leafSpec.prehashKey, k) : k);
  const target = ordered(key);
  if (non.left && !(verifyExistence(spec, non.left, appHash, non.left.key, non.left.value) && compare(ordered(non.left.key), target) < 0))
    return false;
  if (
    non.right &&
    !(verifyExistence(spec, non.right, appHash, non.right.key, non.right.value) && compare(target, ordered(non.right.key)) < 0)
  )
    return false;
  if (!non.left) return isLeftMost(spec, non.right!.path);
  if (!non.right) return isRightMost(spec, non.left.path);
  return isLeftNeighbour(spec, non.left.path, non.right.path);
}

export function verifyExistence(spec: CommitmentSpec, p: ExistenceProof, root: Uint8Array, key: Uint8Array, value: Uint8Array): boolean {
  if (!equal(p.key, key) || !equal(p.value, value) || !p.leaf || !sameLeafOp(p.leaf, spec.leafSpec)) return false;
  if (p.path.length > spec.maxDepth || p.path.length < spec.minDepth) return false;
  if (!p.path.every((op) => innerOpFits(spec, op))) return false;
  let h = applyLeaf(p.leaf, key, value);
  for (const op of p.path) h = doHash(op.hash, concatBytes(op.prefix, h, op.suffix));
  return equal(h, root);
}

function applyLeaf(leaf: LeafOp, key: Uint8Array, value: Uint8Array): Uint8Array {
  if (leaf.length !== LengthOp.NO_PREFIX) throw new Error("only NO_PREFIX leaves are supported");
  return doHash(leaf.hash, concatBytes(leaf.prefix, doHash(leaf.prehashKey, key), doHash(leaf.prehashValue, value)));
}

function innerOpFits(spec: CommitmentSpec, op: InnerOp): boolean {
  const inner = spec.innerSpec;
  if (op.hash !== inner.hash) return false;
  // An inner node must not pass for a leaf (second-preimage guard of ics23).
  if (startsWith(op.prefix, spec.leafSpec.prefix)) return false;
  const maxLeftChildBytes = (inner.childOrder.length - 1) * inner.childSize;
  if (op.prefix.length < inner.minPrefixLength || op.prefix.length > inner.maxPrefixLength + maxLeftChildBytes) return false;
  return op.suffix.length % inner.childSize === 0 && op.suffix.length <= maxLeftChildBytes;
}

function sameLeafOp(a: LeafOp, b: LeafOp): boolean {
  return (
    a.hash === b.hash &&
    a.prehashKey === b.prehashKey &&
    a.prehashValue === b.prehashValue &&
    a.length === b.length &&
    equal(a.prefix, b.prefix)
  );
}

/** Padding an inner op has when its child sits at `branch` (ics23's getPadding). */
function padding(spec: CommitmentSpec, branch: number): { minPrefix: number; maxPrefix: number; suffix: number } {
  const inner = spec.innerSpec;
  const idx = inner.childOrder.indexOf(branch);
  const prefix = idx * inner.childSize;
  return {
    minPrefix: prefix + inner.minPrefixLength,
    maxPrefix: prefix + inner.maxPrefixLength,
    suffix: (inner.childOrder.length - 1 - idx) * inner.childSize,
  };
}

function hasPadding(op: InnerOp, p: { minPrefix: number; maxPrefix: number; suffix: number }): boolean {
  return op.prefix.length >= p.minPrefix && op.prefix.length <= p.maxPrefix && op.suffix.length === p.suffix;
}

/** Which branch an inner op's child is on, from its padding; -1 when none fits. */
function branchOf(spec: CommitmentSpec, op: InnerOp): number {
  for (let b = 0; b < spec.innerSpec.childOrder.length; b++) if (hasPadding(op, padding(spec, b))) return b;
  return -1;
}

function leftBranchesEmpty(spec: CommitmentSpec, op: InnerOp): boolean {
  const inner = spec.innerSpec;
  const branch = branchOf(spec, op);
  if (branch <= 0) return false;
  const start = op.prefix.length - branch * inner.childSize;
  if (start < 0) return false;
  for (let i = 0; i < branch; i++) {
    const from = start + inner.childOrder.indexOf(i) * inner.childSize;
    if (!equal(op.prefix.subarray(from, from + inner.childSize), inner.emptyChild)) return false;
  }
  return true;
}

function rightBranchesEmpty(spec: CommitmentSpec, op: InnerOp): boolean {
  const inner = spec.innerSpec;
  const branch = branchOf(spec, op);
  if (branch < 0) return false;
  const right = inner.childOrder.length - 1 - branch;
  if (right === 0 || op.suffix.length !== right * inner.childSize) return false;
  for (let i = 0; i < right; i++) {
    const from = inner.childOrder.indexOf(i) * inner.childSize;
    if (!equal(op.suffix.subarray(from, from + inner.childSize), inner.emptyChild)) return false;
  }
  return true;
}

function isLeftMost(spec: CommitmentSpec, path: InnerOp[]): boolean {
  const p = padding(spec, 0);
  return path.every((op) => hasPadding(op, p) || leftBranchesEmpty(spec, op));
}

function isRightMost(spec: CommitmentSpec, path: InnerOp[]): boolean {
  const p = padding(spec, spec.innerSpec.childOrder.length - 1);
  return path.every((op) => hasPadding(op, p) || rightBranchesEmpty(spec, op));
}

/** The two paths (leaf to root) share their top, part at one node left → right, then hug each other. */
function isLeftNeighbour(spec: CommitmentSpec, left: InnerOp[], right: InnerOp[]): boolean {
  let l = left.length - 1;
  let r = right.length - 1;
  while (l >= 0 && r >= 0 && equal(left[l]!.prefix, right[r]!.prefix) && equal(left[l]!.suffix, right[r]!.suffix)) {
    l--;
    r--;
  }
  if (l < 0 || r < 0) return false;
  if (branchOf(spec, right[r]!) !== branchOf(spec, left[l]!) + 1 || branchOf(spec, left[l]!) < 0) return false;
  return isRightMost(spec, left.slice(0, l)) && isLeftMost(spec, right.slice(0, r));
}

function doHash(op: HashOp, data: Uint8Array): Uint8Array {
  if (op === HashOp.NO_HASH) return data;
  if (op === HashOp.SHA256) return sha256(data);
  throw new Error(`hash op ${op} is not used by this chain's spec`);
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function compare(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

function startsWith(a: Uint8Array, prefix: Uint8Array): boolean {
  return a.length >= prefix.length && equal(a.subarray(0, prefix.length), prefix);
}
