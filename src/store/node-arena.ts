import { HASH_LEN, sha256Into } from "./smt-hash.js";

/** Index of no node: an empty subtree. */
export const NONE = -1;

/** 0x01 ‖ left hash ‖ right hash, or 0x00 ‖ key hash ‖ value hash: a node's hash input (ICS-23 smt). */
const pairScratch = new Uint8Array(1 + 2 * HASH_LEN);

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
  /** Own hash of each node, HASH_LEN bytes at node * HASH_LEN. */
  hashes = new Uint8Array(0);
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
    return this.hashes.subarray(i * HASH_LEN, (i + 1) * HASH_LEN);
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
    const buf = pairScratch;
    if (this.isLeaf(i)) {
      const { leafData } = this;
      buf[0] = 0;
      for (let j = 0, o = this.leafOffset(i); j < 2 * HASH_LEN; j++) buf[1 + j] = leafData[o + j]!;
    } else {
      const { hashes } = this;
      const left = this.left(i);
      const right = this.right(i);
      buf[0] = 1;
      // Byte loops: a subarray per child would be an allocation per hash.
      if (left === NONE) buf.fill(0, 1, 1 + HASH_LEN);
      else for (let j = 0, h = left * HASH_LEN; j < HASH_LEN; j++) buf[1 + j] = hashes[h + j]!;
      if (right === NONE) buf.fill(0, 1 + HASH_LEN);
      else for (let j = 0, h = right * HASH_LEN; j < HASH_LEN; j++) buf[1 + HASH_LEN + j] = hashes[h + j]!;
    }
    sha256Into(buf, this.hashes, i * HASH_LEN);
  }

  /** A new inner node; its hash is computed from the children unless given. */
  newInner(hash: Uint8Array | undefined, left: number, right: number, depth: number, fresh: boolean): number {
    const i = this.allocNode();
    if (hash) this.hashes.set(hash, i * HASH_LEN);
    const o = i * STRIDE;
    this.links[o + LEFT] = left;
    this.links[o + RIGHT] = right;
    this.links[o + INFO] = (depth << 8) | INNER | (fresh ? FRESH : 0);
    if (!hash) this.hashNode(i);
    return i;
  }

  /** A new leaf; its hash is computed unless given. */
  newLeaf(hash: Uint8Array | undefined, keyHash: Uint8Array, valueHash: Uint8Array, depth: number, fresh: boolean): number {
    const i = this.allocNode();
    const slot = this.allocLeaf();
    if (hash) this.hashes.set(hash, i * HASH_LEN);
    this.leafData.set(keyHash, slot * 2 * HASH_LEN);
    this.leafData.set(valueHash, slot * 2 * HASH_LEN + HASH_LEN);
    const o = i * STRIDE;
    this.links[o + LEFT] = slot;
    this.links[o + RIGHT] = NONE;
    this.links[o + INFO] = (depth << 8) | LEAF | (fresh ? FRESH : 0);
    if (!hash) this.hashNode(i);
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
      this.hashes = grow(this.hashes, cap * HASH_LEN);
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
