import { sha256 } from "@noble/hashes/sha2.js";
import { concatBytes } from "@noble/hashes/utils.js";
import {
  HashOp,
  LengthOp,
  type CommitmentProof,
  type ExistenceProof,
  type InnerOp,
  type InnerSpec,
  type LeafOp,
  type NonExistenceProof,
} from "cosmjs-types/cosmos/ics23/v1/proofs";
import { IAVL_STORE_SPEC, type CommitmentSpec } from "./commitment-spec";

/**
 * ICS-23 verification of existence and non-existence proofs against a proof spec, with the
 * checks ics23 (the Go module ibc-go verifies with) makes: each op against the proof spec, IAVL
 * ops' shape under the IAVL spec, depth bounds, and, for absence, that the two neighbours are
 * adjacent in the tree. Every function answers false (or undefined) instead of throwing.
 */

/** ics23's default bound on a path's length when a proof spec leaves max_depth at 0. */
const DEFAULT_MAX_DEPTH = 128;

/** The root an existence proof hashes up to (ics23's Calculate), undefined when it cannot be computed. */
export function existenceRoot(p: ExistenceProof): Uint8Array | undefined {
  if (!p.leaf) return undefined;
  let h = applyLeaf(p.leaf, p.key, p.value);
  for (const op of p.path) {
    if (!h) return undefined;
    h = doHash(op.hash, concatBytes(op.prefix, h, op.suffix));
  }
  return h;
}

/** The root a commitment proof commits to: its existence proof's, or a non-existence proof's left (else right) neighbour's. */
export function commitmentRoot(proof: CommitmentProof): Uint8Array | undefined {
  if (proof.exist) return existenceRoot(proof.exist);
  const side = proof.nonexist?.left ?? proof.nonexist?.right;
  return side ? existenceRoot(side) : undefined;
}

/** ics23's ExistenceProof.Verify: `p` proves `key` → `value` under `root`. */
export function verifyExistence(spec: CommitmentSpec, p: ExistenceProof, root: Uint8Array, key: Uint8Array, value: Uint8Array): boolean {
  if (!fitsSpec(spec, p) || !equal(p.key, key) || !equal(p.value, value)) return false;
  const calculated = existenceRoot(p);
  return calculated !== undefined && equal(calculated, root);
}

/** ics23's NonExistenceProof.Verify: `p` proves `key` absent under `root`. */
export function verifyNonExistence(spec: CommitmentSpec, p: NonExistenceProof, root: Uint8Array, key: Uint8Array): boolean {
  const { left, right } = p;
  if (!left && !right) return false;
  if (left && !verifyExistence(spec, left, root, left.key, left.value)) return false;
  if (right && !verifyExistence(spec, right, root, right.key, right.value)) return false;
  const ordered = (k: Uint8Array) => (spec.prehashKeyBeforeComparison ? (doHash(spec.leafSpec.prehashKey, k) ?? k) : k);
  if (right && compare(ordered(key), ordered(right.key)) >= 0) return false;
  if (left && compare(ordered(key), ordered(left.key)) <= 0) return false;
  if (!left) return isLeftMost(spec.innerSpec, right!.path);
  if (!right) return isRightMost(spec.innerSpec, left.path);
  return isLeftNeighbour(spec.innerSpec, left.path, right.path);
}

/** ics23's CheckAgainstSpec: the leaf op and every inner op have the shapes the proof spec allows. */
function fitsSpec(spec: CommitmentSpec, p: ExistenceProof): boolean {
  if (!p.leaf || !leafFits(spec, p.leaf)) return false;
  const maxDepth = spec.maxDepth > 0 ? spec.maxDepth : DEFAULT_MAX_DEPTH;
  if (spec.minDepth > 0 && p.path.length < spec.minDepth) return false;
  if (p.path.length > maxDepth) return false;
  return p.path.every((op, i) => innerFits(spec, op, i + 1));
}

function leafFits(spec: CommitmentSpec, leaf: LeafOp): boolean {
  const want = spec.leafSpec;
  if (isIavl(spec) && !iavlOpFits(leaf, 0)) return false;
  return (
    leaf.hash === want.hash &&
    leaf.prehashKey === want.prehashKey &&
    leaf.prehashValue === want.prehashValue &&
    leaf.length === want.length &&
    startsWith(leaf.prefix, want.prefix)
  );
}

function innerFits(spec: CommitmentSpec, op: InnerOp, layer: number): boolean {
  const inner = spec.innerSpec;
  if (op.hash !== inner.hash) return false;
  if (isIavl(spec) && !iavlOpFits(op, layer)) return false;
  // An inner node must not pass for a leaf (ics23's second-preimage guard).
  if (startsWith(op.prefix, spec.leafSpec.prefix)) return false;
  const maxLeftChildBytes = (inner.childOrder.length - 1) * inner.childSize;
  if (op.prefix.length < inner.minPrefixLength || op.prefix.length > inner.maxPrefixLength + maxLeftChildBytes) return false;
  return inner.childSize > 0 && op.suffix.length % inner.childSize === 0;
}

/** ics23 recognises the IAVL spec by its hashing and sizes, not by identity (SpecEquals). */
function isIavl(spec: CommitmentSpec): boolean {
  const a = spec.leafSpec;
  const b = IAVL_STORE_SPEC.leafSpec;
  const i = spec.innerSpec;
  const j = IAVL_STORE_SPEC.innerSpec;
  return (
    a.hash === b.hash &&
    a.prehashKey === b.prehashKey &&
    a.prehashValue === b.prehashValue &&
    a.length === b.length &&
    i.hash === j.hash &&
    i.minPrefixLength === j.minPrefixLength &&
    i.maxPrefixLength === j.maxPrefixLength &&
    i.childSize === j.childSize &&
    i.childOrder.length === j.childOrder.length
  );
}

/**
 * An IAVL op's prefix starts with three non-negative zigzag varints (height, size, version);
 * the height is at least the op's layer (0 for the leaf). A leaf has nothing after them; an
 * inner op has the length byte of the proven child (1 byte) or the left sibling with its
 * length byte and the proven child's length byte (34 bytes), and hashes with SHA-256.
 */
function iavlOpFits(op: { prefix: Uint8Array; hash: HashOp }, layer: number): boolean {
  let at = 0;
  const values: bigint[] = [];
  for (let n = 0; n < 3; n++) {
    const read = readVarint(op.prefix, at);
    if (!read || read.value < 0n) return false;
    values.push(read.value);
    at = read.next;
  }
  if (values[0]! < BigInt(layer)) return false;
  const rest = op.prefix.length - at;
  if (layer === 0) return rest === 0;
  return (rest === 1 || rest === 34) && op.hash === HashOp.SHA256;
}

/** A zigzag-encoded signed varint (Go's binary.ReadVarint): undefined when truncated or over 64 bits. */
function readVarint(bytes: Uint8Array, from: number): { value: bigint; next: number } | undefined {
  let ux = 0n;
  let shift = 0n;
  for (let i = 0; i < 10; i++) {
    const b = bytes[from + i];
    if (b === undefined) return undefined;
    if (b < 0x80) {
      if (i === 9 && b > 1) return undefined;
      ux |= BigInt(b) << shift;
      const value = ux & 1n ? -(ux >> 1n) - 1n : ux >> 1n;
      return { value, next: from + i + 1 };
    }
    ux |= BigInt(b & 0x7f) << shift;
    shift += 7n;
  }
  return undefined;
}

function applyLeaf(leaf: LeafOp, key: Uint8Array, value: Uint8Array): Uint8Array | undefined {
  if (key.length === 0 || value.length === 0) return undefined;
  const k = leafData(leaf.prehashKey, leaf.length, key);
  const v = leafData(leaf.prehashValue, leaf.length, value);
  return k && v ? doHash(leaf.hash, concatBytes(leaf.prefix, k, v)) : undefined;
}

function leafData(prehash: HashOp, length: LengthOp, data: Uint8Array): Uint8Array | undefined {
  const hashed = prehash === HashOp.NO_HASH ? data : doHash(prehash, data);
  if (!hashed) return undefined;
  if (length === LengthOp.NO_PREFIX) return hashed;
  if (length === LengthOp.VAR_PROTO) return concatBytes(uvarint(hashed.length), hashed);
  if (length === LengthOp.REQUIRE_32_BYTES) return hashed.length === 32 ? hashed : undefined;
  return undefined;
}

/** Only SHA-256 hashes the chain's specs; any other op fails verification. */
function doHash(op: HashOp, data: Uint8Array): Uint8Array | undefined {
  return op === HashOp.SHA256 ? sha256(data) : undefined;
}

/** Prefix and suffix lengths an inner op has when its child sits at `branch` (ics23's getPadding). */
function padding(spec: InnerSpec, branch: number): { minPrefix: number; maxPrefix: number; suffix: number } {
  const idx = spec.childOrder.indexOf(branch);
  const prefix = idx * spec.childSize;
  return {
    minPrefix: prefix + spec.minPrefixLength,
    maxPrefix: prefix + spec.maxPrefixLength,
    suffix: (spec.childOrder.length - 1 - idx) * spec.childSize,
  };
}

function hasPadding(op: InnerOp, p: { minPrefix: number; maxPrefix: number; suffix: number }): boolean {
  return op.prefix.length >= p.minPrefix && op.prefix.length <= p.maxPrefix && op.suffix.length === p.suffix;
}

/** Which branch an inner op's child is on, from its padding; -1 when none fits. */
function branchOf(spec: InnerSpec, op: InnerOp): number {
  for (let b = 0; b < spec.childOrder.length; b++) if (hasPadding(op, padding(spec, b))) return b;
  return -1;
}

function leftBranchesEmpty(spec: InnerSpec, op: InnerOp): boolean {
  const branch = branchOf(spec, op);
  if (branch <= 0) return false;
  const start = op.prefix.length - branch * spec.childSize;
  if (start < 0) return false;
  for (let i = 0; i < branch; i++) {
    const from = start + spec.childOrder.indexOf(i) * spec.childSize;
    if (!equal(op.prefix.subarray(from, from + spec.childSize), spec.emptyChild)) return false;
  }
  return true;
}

function rightBranchesEmpty(spec: InnerSpec, op: InnerOp): boolean {
  const branch = branchOf(spec, op);
  if (branch < 0) return false;
  const right = spec.childOrder.length - 1 - branch;
  if (right === 0 || op.suffix.length !== right * spec.childSize) return false;
  for (let i = 0; i < right; i++) {
    const from = spec.childOrder.indexOf(i) * spec.childSize;
    if (!equal(op.suffix.subarray(from, from + spec.childSize), spec.emptyChild)) return false;
  }
  return true;
}

function isLeftMost(spec: InnerSpec, path: InnerOp[]): boolean {
  const p = padding(spec, 0);
  return path.every((op) => hasPadding(op, p) || leftBranchesEmpty(spec, op));
}

function isRightMost(spec: InnerSpec, path: InnerOp[]): boolean {
  const p = padding(spec, spec.childOrder.length - 1);
  return path.every((op) => hasPadding(op, p) || rightBranchesEmpty(spec, op));
}

/** The two paths (leaf to root) share their top, part at one node left → right, then hug each other. */
function isLeftNeighbour(spec: InnerSpec, left: InnerOp[], right: InnerOp[]): boolean {
  let l = left.length - 1;
  let r = right.length - 1;
  while (l >= 0 && r >= 0 && equal(left[l]!.prefix, right[r]!.prefix) && equal(left[l]!.suffix, right[r]!.suffix)) {
    l--;
    r--;
  }
  if (l < 0 || r < 0) return false;
  const leftBranch = branchOf(spec, left[l]!);
  if (leftBranch < 0 || branchOf(spec, right[r]!) !== leftBranch + 1) return false;
  return isRightMost(spec, left.slice(0, l)) && isLeftMost(spec, right.slice(0, r));
}

function uvarint(n: number): Uint8Array {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return Uint8Array.from(out);
}

export function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function compare(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

function startsWith(a: Uint8Array, prefix: Uint8Array): boolean {
  return a.length >= prefix.length && equal(a.subarray(0, prefix.length), prefix);
}
