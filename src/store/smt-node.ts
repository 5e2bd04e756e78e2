import { hash } from "node:crypto";

/**
 * Nodes of the sparse Merkle tree and their hashing (ICS-23 `smt` spec: SHA-256,
 * prehashed key and value, leaf prefix 0x00, inner prefix 0x01, 32-zero empty child).
 */
export const HASH_LEN = 32;
export const NODE_KEY_LEN = 12;
export const EMPTY_HASH: Uint8Array = new Uint8Array(HASH_LEN);

/**
 * A reference to a child. `key` is set once the node is persisted (8-byte height +
 * 4-byte sequence); `node` is set for nodes not yet persisted.
 */
export interface Ref {
  hash: Uint8Array;
  key?: Uint8Array;
  node?: TreeNode;
}

export interface LeafNode {
  t: "leaf";
  keyHash: Uint8Array;
  valueHash: Uint8Array;
}

export interface InnerNode {
  t: "inner";
  left: Ref | null;
  right: Ref | null;
}

export type TreeNode = LeafNode | InnerNode;

// One-shot hashing of a reused scratch buffer: a hash object per node costs twice as much,
// and a commit hashes every node on the paths of its changed keys.
export function sha256(data: Uint8Array): Uint8Array {
  return hash("sha256", data, "buffer");
}

const scratch = new Uint8Array(1 + 2 * HASH_LEN);

export function leafHash(keyHash: Uint8Array, valueHash: Uint8Array): Uint8Array {
  return prefixedPairHash(0, keyHash, valueHash);
}

export function innerHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return prefixedPairHash(1, left, right);
}

function prefixedPairHash(prefix: number, a: Uint8Array, b: Uint8Array): Uint8Array {
  // Proofs from outside may carry odd-sized siblings; they hash as given (and fail to verify).
  if (a.length !== HASH_LEN || b.length !== HASH_LEN) return hash("sha256", Buffer.concat([Uint8Array.of(prefix), a, b]), "buffer");
  scratch[0] = prefix;
  scratch.set(a, 1);
  scratch.set(b, 1 + HASH_LEN);
  return hash("sha256", scratch, "buffer");
}

export function hashOf(ref: Ref | null): Uint8Array {
  return ref === null ? EMPTY_HASH : ref.hash;
}

/** Bit `depth` of a 32-byte path, most significant bit first (0 = left). */
export function bitAt(path: Uint8Array, depth: number): number {
  return (path[depth >> 3]! >> (7 - (depth & 7))) & 1;
}

// Encoding: leaf = 0x00 | keyHash | valueHash; inner = 0x01 | lHash | lKey | rHash | rKey,
// where an empty child is stored as a zero hash and an all-zero node key.
const ZERO_KEY = new Uint8Array(NODE_KEY_LEN);

export const LEAF_ENCODED_LEN = 1 + 2 * HASH_LEN;
export const INNER_ENCODED_LEN = 1 + 2 * (HASH_LEN + NODE_KEY_LEN);

export function encodeNode(node: TreeNode): Uint8Array {
  const out = new Uint8Array(node.t === "leaf" ? LEAF_ENCODED_LEN : INNER_ENCODED_LEN);
  encodeNodeInto(node, out);
  return out;
}

/** Writes the encoding at the start of `out` (≥ INNER_ENCODED_LEN bytes); returns its length. */
export function encodeNodeInto(node: TreeNode, out: Uint8Array): number {
  if (node.t === "leaf") {
    out[0] = 0;
    out.set(node.keyHash, 1);
    out.set(node.valueHash, 1 + HASH_LEN);
    return LEAF_ENCODED_LEN;
  }
  out.fill(0, 0, INNER_ENCODED_LEN);
  out[0] = 1;
  writeChild(out, 1, node.left);
  writeChild(out, 1 + HASH_LEN + NODE_KEY_LEN, node.right);
  return INNER_ENCODED_LEN;
}

function writeChild(out: Uint8Array, off: number, ref: Ref | null): void {
  if (ref === null) return;
  if (!ref.key) throw new Error("smt: child node persisted before its key was assigned");
  out.set(ref.hash, off);
  out.set(ref.key, off + HASH_LEN);
}

/**
 * Decodes into separate small copies: typed arrays of up to 64 bytes live on V8's heap, while
 * one larger shared buffer would be an off-heap allocation each young-generation GC must sweep.
 */
export function decodeNode(b: Uint8Array): TreeNode {
  if (b[0] === 0 && b.length === 1 + 2 * HASH_LEN) {
    return { t: "leaf", keyHash: b.slice(1, 1 + HASH_LEN), valueHash: b.slice(1 + HASH_LEN) };
  }
  if (b[0] === 1 && b.length === 1 + 2 * (HASH_LEN + NODE_KEY_LEN)) {
    return { t: "inner", left: readChild(b, 1), right: readChild(b, 1 + HASH_LEN + NODE_KEY_LEN) };
  }
  throw new Error("smt: corrupt node encoding");
}

function readChild(b: Uint8Array, off: number): Ref | null {
  const key = b.slice(off + HASH_LEN, off + HASH_LEN + NODE_KEY_LEN);
  if (Buffer.compare(key, ZERO_KEY) === 0) return null;
  return { hash: b.slice(off, off + HASH_LEN), key };
}

export function nodeHash(node: TreeNode): Uint8Array {
  return node.t === "leaf"
    ? leafHash(node.keyHash, node.valueHash)
    : innerHash(hashOf(node.left), hashOf(node.right));
}

export function bytesEqualHash(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}
