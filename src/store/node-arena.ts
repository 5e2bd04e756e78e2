import { HASH_LEN, sha256 } from "./smt-hash.js";

/** 0x01 ‖ left hash ‖ right hash: the input of an inner node's hash (ICS-23 smt). */
const pairScratch = new Uint8Array(1 + 2 * HASH_LEN);

/** Index of no node: an empty subtree. */
export const NONE = -1;

const INNER = 1;
const LEAF = 2;
/** Set on nodes created by an update not yet committed or discarded. */
const FRESH = 0x80;

/**
 * Every node of the commitment tree, in memory, as columns of typed arrays indexed by node
 * number: the garbage collector sees a handful of large arrays instead of millions of small
 * objects, and a commit never waits for a disk read. About 50 bytes per inner node and 115
 * per leaf (a tree over n keys has n leaves and about n inner nodes).
 *
 * Nodes are immutable once built: an update allocates new nodes for the changed paths and
 * leaves the committed tree intact until the update is committed (its replaced nodes are
 * freed) or discarded (its new nodes are freed).
 */
export class NodeArena {
  /** Own hash of each node. */
  hashes = new Uint8Array(0);
  /** Inner: child node numbers (NONE = empty). Leaf: `left` is the leaf's data slot. */
  left = new Int32Array(0);
  right = new Int32Array(0);
  /** Depth at which the node sits (0 = root). */
  depths = new Uint16Array(0);
  private kinds = new Uint8Array(0);
  /** Per leaf slot: keyHash ‖ valueHash. */
  leafData = new Uint8Array(0);
  private nodeCount = 0;
  private leafCount = 0;
  private readonly freeNodes: number[] = [];
  private readonly freeLeaves: number[] = [];

  /** Live nodes (allocated and not freed). */
  get size(): number {
    return this.nodeCount - this.freeNodes.length;
  }

  isLeaf(i: number): boolean {
    return (this.kinds[i]! & 3) === LEAF;
  }

  isFresh(i: number): boolean {
    return (this.kinds[i]! & FRESH) !== 0;
  }

  /** Marks fresh nodes as committed. */
  settle(nodes: readonly number[]): void {
    for (const i of nodes) this.kinds[i]! &= ~FRESH;
  }

  hashOf(i: number): Uint8Array {
    return this.hashes.subarray(i * HASH_LEN, (i + 1) * HASH_LEN);
  }

  keyHashOf(leaf: number): Uint8Array {
    const s = this.left[leaf]! * 2 * HASH_LEN;
    return this.leafData.subarray(s, s + HASH_LEN);
  }

  valueHashOf(leaf: number): Uint8Array {
    const s = this.left[leaf]! * 2 * HASH_LEN + HASH_LEN;
    return this.leafData.subarray(s, s + HASH_LEN);
  }

  /** Byte offset of a leaf's keyHash in `leafData` (valueHash follows it). */
  leafOffset(leaf: number): number {
    return this.left[leaf]! * 2 * HASH_LEN;
  }

  /** Hash of an inner node over these children (NONE = empty), read straight from the arena. */
  innerHashOf(left: number, right: number): Uint8Array {
    const buf = pairScratch;
    const { hashes } = this;
    buf[0] = 1;
    if (left === NONE) buf.fill(0, 1, 1 + HASH_LEN);
    else for (let i = 0, h = left * HASH_LEN; i < HASH_LEN; i++) buf[1 + i] = hashes[h + i]!;
    if (right === NONE) buf.fill(0, 1 + HASH_LEN);
    else for (let i = 0, h = right * HASH_LEN; i < HASH_LEN; i++) buf[1 + HASH_LEN + i] = hashes[h + i]!;
    return sha256(buf);
  }

  newInner(hash: Uint8Array, left: number, right: number, depth: number, fresh: boolean): number {
    const i = this.allocNode();
    this.hashes.set(hash, i * HASH_LEN);
    this.left[i] = left;
    this.right[i] = right;
    this.depths[i] = depth;
    this.kinds[i] = INNER | (fresh ? FRESH : 0);
    return i;
  }

  newLeaf(hash: Uint8Array, keyHash: Uint8Array, valueHash: Uint8Array, depth: number, fresh: boolean): number {
    const i = this.allocNode();
    const slot = this.allocLeaf();
    this.hashes.set(hash, i * HASH_LEN);
    this.leafData.set(keyHash, slot * 2 * HASH_LEN);
    this.leafData.set(valueHash, slot * 2 * HASH_LEN + HASH_LEN);
    this.left[i] = slot;
    this.right[i] = NONE;
    this.depths[i] = depth;
    this.kinds[i] = LEAF | (fresh ? FRESH : 0);
    return i;
  }

  /** A fresh node's depth may still move (a leaf floating up while its update is built). */
  setDepth(i: number, depth: number): void {
    this.depths[i] = depth;
  }

  free(i: number): void {
    if (this.kinds[i] === 0) throw new Error("node arena: double free");
    if (this.isLeaf(i)) this.freeLeaves.push(this.left[i]!);
    this.kinds[i] = 0;
    this.freeNodes.push(i);
  }

  clear(): void {
    this.nodeCount = this.leafCount = 0;
    this.freeNodes.length = this.freeLeaves.length = 0;
    this.kinds.fill(0);
  }

  private allocNode(): number {
    const reused = this.freeNodes.pop();
    if (reused !== undefined) return reused;
    if (this.nodeCount === this.left.length) this.growNodes(Math.max(1024, this.left.length * 2));
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

  private growNodes(cap: number): void {
    this.hashes = grow(this.hashes, cap * HASH_LEN);
    this.left = grow(this.left, cap);
    this.right = grow(this.right, cap);
    this.depths = grow(this.depths, cap);
    this.kinds = grow(this.kinds, cap);
  }
}

function grow<T extends Uint8Array | Int32Array | Uint16Array>(a: T, length: number): T {
  const out = new (a.constructor as new (n: number) => T)(length);
  out.set(a);
  return out;
}
