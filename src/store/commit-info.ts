import { concatBytes } from "@noble/hashes/utils.js";
import { HashOp, LengthOp, type CommitmentProof, type LeafOp } from "cosmjs-types/cosmos/ics23/v1/proofs";
import { compareBytes } from "./bytes";
import { sha256 } from "./hash";
import { SIMPLE_MERKLE_INNER_PREFIX, simpleMerklePath, simpleMerkleRoot } from "./simple-merkle";

/**
 * The app hash over the stores' roots, as the SDK's commit info computes it, so that a
 * relayer's TendermintSpec proof of (store name → store root) verifies against it: the
 * stores sorted by name, each a leaf 0x00 ‖ uvarint(len(name)) ‖ name ‖ uvarint(32) ‖
 * sha256(root), in a simple Merkle tree whose inner nodes hash 0x01 ‖ left ‖ right and whose
 * left subtree holds the largest power of two strictly below the leaf count.
 */
export interface StoreRoot {
  name: string;
  root: Uint8Array;
}

/** The leaf op every commit-info proof carries (the leaf spec of ics23's TendermintSpec). */
export const COMMIT_INFO_LEAF: LeafOp = {
  hash: HashOp.SHA256,
  prehashKey: HashOp.NO_HASH,
  prehashValue: HashOp.SHA256,
  length: LengthOp.VAR_PROTO,
  prefix: Uint8Array.of(0),
};

/** The app hash committing to `stores` (any order; names must be distinct and non-empty). */
export function commitInfoHash(stores: readonly StoreRoot[]): Uint8Array {
  // No store: the SDK's commit info hashes to sha256 of nothing, as the empty tree does.
  return simpleMerkleRoot(sortedLeaves(stores));
}

/** ICS-23 existence proof of `name` → its root (key = the name's UTF-8 bytes, value = the root). */
export function commitInfoProof(stores: readonly StoreRoot[], name: string): CommitmentProof {
  const sorted = sortedStores(stores);
  const index = sorted.findIndex((s) => s.name === name);
  if (index < 0) throw new Error(`commit info: no store named ${name}`);
  const path = simpleMerklePath(sorted.map(leafBytes), index).map(({ sibling, siblingIsLeft }) => ({
    hash: HashOp.SHA256,
    prefix: siblingIsLeft ? concatBytes(SIMPLE_MERKLE_INNER_PREFIX, sibling) : SIMPLE_MERKLE_INNER_PREFIX,
    suffix: siblingIsLeft ? new Uint8Array() : sibling,
  }));
  return { exist: { key: utf8.encode(name), value: sorted[index]!.root, leaf: COMMIT_INFO_LEAF, path } };
}

const utf8 = new TextEncoder();

function sortedStores(stores: readonly StoreRoot[]): StoreRoot[] {
  const keyed = stores.map((s) => ({ s, key: utf8.encode(s.name) }));
  keyed.sort((a, b) => compareBytes(a.key, b.key));
  for (let i = 0; i < keyed.length; i++) {
    if (keyed[i]!.key.length === 0) throw new Error("commit info: empty store name");
    if (i > 0 && compareBytes(keyed[i - 1]!.key, keyed[i]!.key) === 0) throw new Error(`commit info: store ${keyed[i]!.s.name} twice`);
  }
  return keyed.map((k) => k.s);
}

function sortedLeaves(stores: readonly StoreRoot[]): Uint8Array[] {
  return sortedStores(stores).map(leafBytes);
}

/** The bytes a store contributes before leaf hashing: its name and sha256(root), each length-prefixed. */
function leafBytes(s: StoreRoot): Uint8Array {
  const name = utf8.encode(s.name);
  const valueHash = sha256(s.root);
  return concatBytes(uvarint(name.length), name, uvarint(valueHash.length), valueHash);
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
