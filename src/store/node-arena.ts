import { HASH_LEN, INNER_PREFIX, LEAF_PREFIX, sha256Into } from "./smt-hash";

/** Index of no node: an empty subtree. */
export const NONE = -1;

/**
 * The first bytes of `hashes` are scratch for a node's hash input — 0x01 ‖ left hash ‖ right
 * hash, or 0x00 ‖ key hash ‖ value hash (ICS-23 smt) — so child hashes are copied in with
 * copyWithin (a native move, no view allocated); node hashes start after it.
 */
const SCRATCH_LEN = 1 + 2 * HASH_LEN;
const BASE = Math.ceil(SCRATCH_LEN / HASH_LEN) * HASH_LEN;

// Per node, three int32 side by side (one cache line covers a node's links and depth):
const LEFT = 0; // inner: left child (NONE = empty); leaf: its slot in leafData
const RIGHT = 1; // inner: right child
const INFO = 2; // depth << 8 | kind
const STRIDE = 3;
const INNER = 1;
const LEAF = 2;
/** Set on nodes created by an update not yet committed or discarded. */
const FRESH = 0x80;
const FREE = 0;

/**
 * Every node of the commitment tree, in memory, in a few large typed arrays indexed by node
 * number: the garbage collector sees a handful of arrays instead of millions of small
 * objects, and a commit never waits for a disk read. About 45 bytes per inner node and 110
 * per leaf (a tree over n keys has n leaves and about 1.4n inner nodes).
 *
 * Nodes are immutable once built: an update allocates new nodes for the changed paths and
 * leaves the committed tree intact until the update is committed (its replaced nodes are
 * freed) or discarded (its new nodes are freed).
 */
export class NodeArena {
  /** Own hash of each node, HASH_LEN bytes at hashOffset(node). */
  private hashes = new Uint8Array(BASE);
  private scratch = this.hashes.subarray(0, SCRATCH_LEN);
  /** Per leaf slot: keyHash ‖ valueHash. */
  leafData = new Uint8Array(0);
  private links = new Int32Array(0);
  private nodeCount = 0;
  private leafCount = 0;
  private readonly freeNodes: number[] = [];
  private readonly freeLeaves: number[] = [];

  /** Live nodes (allocated and not freed). */
  get size(): number {
    return this.nodeCount - this.freeNodes.length;
  }

  left(i: number): number {
    return this.links[i * STRIDE + LEFT]!;
  }

  right(i: number): number {
    return this.links[i * STRIDE + RIGHT]!;
  }

  /** The child on side `bit` (0 = left, 1 = right). */
  child(i: number, bit: number): number {
    return this.links[i * STRIDE + bit]!;
  }

  /** Links a child of an inner node; only while loading or building fresh nodes. */
  setChild(i: number, bit: number, child: number): void {
    this.links[i * STRIDE + bit] = child;
  }

  depth(i: number): number {
    return this.links[i * STRIDE + INFO]! >>> 8;
  }

  isLeaf(i: number): boolean {
    return (this.links[i * STRIDE + INFO]! & 3) === LEAF;
  }

  isFresh(i: number): boolean {
    return (this.links[i * STRIDE + INFO]! & FRESH) !== 0;
  }

  /** Marks fresh nodes as committed. */
  settle(nodes: readonly number[]): void {
    for (const i of nodes) this.links[i * STRIDE + INFO]! &= ~FRESH;
  }

  hashOf(i: number): Uint8Array {
    return this.hashes.subarray(BASE + i * HASH_LEN, BASE + (i + 1) * HASH_LEN);
  }

  keyHashOf(leaf: number): Uint8Array {
    const s = this.leafOffset(leaf);
    return this.leafData.subarray(s, s + HASH_LEN);
  }

  valueHashOf(leaf: number): Uint8Array {
    const s = this.leafOffset(leaf) + HASH_LEN;
    return this.leafData.subarray(s, s + HASH_LEN);
  }

  /** Byte offset of a leaf's keyHash in `leafData` (valueHash follows it). */
  leafOffset(leaf: number): number {
    return this.links[leaf * STRIDE + LEFT]! * 2 * HASH_LEN;
  }

  /** Computes a node's hash in place from its children or, for a leaf, its key and value hash. */
  hashNode(i: number): void {
    const h = this.hashes;
    if (this.isLeaf(i)) {
      h[0] = LEAF_PREFIX;
      const o = this.leafOffset(i);
      h.set(this.leafData.subarray(o, o + 2 * HASH_LEN), 1);
    } else {
      const left = this.left(i);
      const right = this.right(i);
      h[0] = INNER_PREFIX;
      if (left === NONE) h.fill(0, 1, 1 + HASH_LEN);
      else h.copyWithin(1, BASE + left * HASH_LEN, BASE + (left + 1) * HASH_LEN);
      if (right === NONE) h.fill(0, 1 + HASH_LEN, SCRATCH_LEN);
      else h.copyWithin(1 + HASH_LEN, BASE + right * HASH_LEN, BASE + (right + 1) * HASH_LEN);
    }
    sha256Into(this.scratch, h, BASE + i * HASH_LEN);
  }

  /** A new inner node; its hash is set by hashNode once its children are. */
  newInner(left: number, right: number, depth: number, fresh: boolean): number {
    const i = this.allocNode();
    const o = i * STRIDE;
    this.links[o + LEFT] = left;
    this.links[o + RIGHT] = right;
    this.links[o + INFO] = (depth << 8) | INNER | (fresh ? FRESH : 0);
    return i;
  }

  /** A new leaf; its hash is set by hashNode. */
  newLeaf(keyHash: Uint8Array, valueHash: Uint8Array, depth: number, fresh: boolean): number {
    const i = this.allocNode();
    const slot = this.allocLeaf();
    this.leafData.set(keyHash, slot * 2 * HASH_LEN);
    this.leafData.set(valueHash, slot * 2 * HASH_LEN + HASH_LEN);
    const o = i * STRIDE;
    this.links[o + LEFT] = slot;
    this.links[o + RIGHT] = NONE;
    this.links[o + INFO] = (depth << 8) | LEAF | (fresh ? FRESH : 0);
    return i;
  }

  /** A fresh node's depth may still move (a leaf floating up while its update is built). */
  setDepth(i: number, depth: number): void {
    const o = i * STRIDE + INFO;
    this.links[o] = (depth << 8) | (this.links[o]! & 0xff);
  }

  free(i: number): void {
    const o = i * STRIDE + INFO;
    if ((this.links[o]! & 3) === FREE) throw new Error("node arena: double free");
    if (this.isLeaf(i)) this.freeLeaves.push(this.links[i * STRIDE + LEFT]!);
    this.links[o] = FREE;
    this.freeNodes.push(i);
  }

  private allocNode(): number {
    const reused = this.freeNodes.pop();
    if (reused !== undefined) return reused;
    if ((this.nodeCount + 1) * STRIDE > this.links.length) {
      const cap = Math.max(1024, this.nodeCount * 2);
      this.links = grow(this.links, cap * STRIDE);
      this.hashes = grow(this.hashes, BASE + cap * HASH_LEN);
      this.scratch = this.hashes.subarray(0, SCRATCH_LEN);
    }
    return this.nodeCount++;
  }

  private allocLeaf(): number {
    const reused = this.freeLeaves.pop();
    if (reused !== undefined) return reused;
    if ((this.leafCount + 1) * 2 * HASH_LEN > this.leafData.length) {
      this.leafData = grow(this.leafData, Math.max(1024, this.leafCount * 2) * 2 * HASH_LEN);
    }
    return this.leafCount++;
  }
}

function grow<T extends Uint8Array | Int32Array>(a: T, length: number): T {
  const out = new (a.constructor as new (n: number) => T)(length);
  out.set(a);
  return out;
}
