import { grown } from "./bytes";
import { HASH_LEN, sha256Into } from "./hash";
import { LeafKeys, type LeafKeysImage } from "./leaf-keys";

/** Index of no node: an empty subtree. */
export const NONE = -1;

/** Leaves and inner nodes are numbered apart: leaf slot s is node -2 - s, inner nodes are >= 0. */
export function isLeaf(node: number): boolean {
  return node < NONE;
}

const slotOf = (leaf: number) => -2 - leaf;

// Per inner node, six int32 side by side:
const LEFT = 0;
const RIGHT = 1;
/** Bit position where its two subtrees part (trie-bits.ts). */
const CRIT = 2;
/** Leaves below it. */
const SIZE = 3;
/** Its leftmost leaf: a key every key below it shares the first CRIT bits with. */
const REP = 4;
/** 1 + the larger child height (leaves are 0); -1 while the slot is free. */
const HEIGHT = 5;
const STRIDE = 6;

/** First bytes of a leaf's hash input: zigzag varints of height 0, size 1 and version 0. */
const LEAF_HEADER = [0, 2, 0];
/** Length prefix of a 32-byte hash (uvarint 32). */
const HASH_LEN_PREFIX = 0x20;

/** The arena as a tries image (tries-image.ts) saves it: its arrays, up to its counts, and free lists. */
export interface ArenaImage {
  innerCount: number;
  leafCount: number;
  /** STRIDE int32 per inner node. */
  inner: Int32Array<ArrayBuffer>;
  innerHashes: Uint8Array<ArrayBuffer>;
  leafHashes: Uint8Array<ArrayBuffer>;
  freeInner: Int32Array<ArrayBuffer>;
  freeLeaves: Int32Array<ArrayBuffer>;
  keys: LeafKeysImage;
}

export const INNER_STRIDE = STRIDE;

/**
 * Every node of the stores' tries, in memory, in a few large typed arrays indexed by node
 * number: the garbage collector sees a handful of arrays instead of millions of small objects,
 * and a commit never waits for a disk read. Per inner node 56 bytes (links, crit bit, size,
 * leftmost leaf, height, hash); per leaf its hash (32 bytes) and its key, packed with the
 * others in one buffer (leaf-keys.ts). A trie over n keys has n leaves and n − 1 inner nodes:
 * about 100 bytes per key beside the key's bytes.
 *
 * Hashes are IAVL's with version 0 (what ics23's IavlSpec verifies):
 *   leaf  = SHA256(0x00 0x02 0x00 ‖ uvarint(len key) ‖ key ‖ 0x20 ‖ sha256(value))
 *   inner = SHA256(zz(height) ‖ zz(size) ‖ 0x00 ‖ 0x20 ‖ left ‖ 0x20 ‖ right)
 * where zz is a zigzag varint. A node's hash does not depend on where it sits, so subtrees
 * are shared freely between tries of different heights.
 *
 * Nodes are immutable once built: an update allocates new nodes for the changed paths and
 * leaves the committed tries intact until the update is committed (its replaced nodes are
 * freed) or discarded (its new nodes are freed).
 */
export class NodeArena {
  private inner = new Int32Array(0);
  private innerHashes = new Uint8Array(0);
  private leafHashes = new Uint8Array(0);
  /** Per leaf slot: the full state key ("<store>/" ‖ key in store). */
  private readonly leafKeys = new LeafKeys();
  private innerCount = 0;
  private leafCount = 0;
  private readonly freeInner: number[] = [];
  private readonly freeLeaves: number[] = [];
  /** Hash input, and views of it by length (crypto.hash takes a whole view). */
  private buf = new Uint8Array(256);
  private views: Uint8Array[] = [];

  /** Live nodes (allocated and not freed). */
  get size(): number {
    return this.innerCount - this.freeInner.length + this.leafCount - this.freeLeaves.length;
  }

  /** Views of the used part of every array: valid until the arena next changes. */
  image(): ArenaImage {
    return {
      innerCount: this.innerCount,
      leafCount: this.leafCount,
      inner: this.inner.subarray(0, this.innerCount * STRIDE),
      innerHashes: this.innerHashes.subarray(0, this.innerCount * HASH_LEN),
      leafHashes: this.leafHashes.subarray(0, this.leafCount * HASH_LEN),
      freeInner: Int32Array.from(this.freeInner),
      freeLeaves: Int32Array.from(this.freeLeaves),
      keys: this.leafKeys.image(this.leafCount),
    };
  }

  /**
   * An empty arena takes over an image's arrays. They may be longer than the counts (room to
   * grow), as long as `inner` and `innerHashes` hold the same number of nodes.
   */
  restore(img: ArenaImage): void {
    if (this.innerCount !== 0 || this.leafCount !== 0) throw new Error("node arena: restore into an arena in use");
    if (img.inner.length / STRIDE !== img.innerHashes.length / HASH_LEN) throw new Error("node arena: image arrays of different capacity");
    this.inner = img.inner;
    this.innerHashes = img.innerHashes;
    this.leafHashes = img.leafHashes;
    this.innerCount = img.innerCount;
    this.leafCount = img.leafCount;
    for (const i of img.freeInner) this.freeInner.push(i);
    for (const s of img.freeLeaves) this.freeLeaves.push(s);
    this.leafKeys.restore(img.keys);
  }

  left(i: number): number {
    return this.inner[i * STRIDE + LEFT]!;
  }

  right(i: number): number {
    return this.inner[i * STRIDE + RIGHT]!;
  }

  /** The child on side `bit` (0 = left, 1 = right). */
  child(i: number, bit: number): number {
    return this.inner[i * STRIDE + bit]!;
  }

  crit(i: number): number {
    return this.inner[i * STRIDE + CRIT]!;
  }

  /** The leftmost leaf below a node (a leaf is its own). */
  rep(node: number): number {
    return isLeaf(node) ? node : this.inner[node * STRIDE + REP]!;
  }

  height(node: number): number {
    return isLeaf(node) ? 0 : this.inner[node * STRIDE + HEIGHT]!;
  }

  leaves(node: number): number {
    return isLeaf(node) ? 1 : this.inner[node * STRIDE + SIZE]!;
  }

  /** A leaf's full state key. */
  key(leaf: number): string {
    return this.leafKeys.get(slotOf(leaf));
  }

  /** Sign of (a leaf's key) − `key` in byte order. */
  compareKey(leaf: number, key: string): number {
    return this.leafKeys.compare(slotOf(leaf), key);
  }

  /** critBit(a leaf's key, `key`, off) (trie-bits.ts). */
  critBitWith(leaf: number, key: string, off: number): number {
    return this.leafKeys.critBit(slotOf(leaf), key, off);
  }

  /** critBit of two leaves' keys. */
  critBitOfLeaves(a: number, b: number, off: number): number {
    return this.leafKeys.critBitOfSlots(slotOf(a), slotOf(b), off);
  }

  /** bitAt(a leaf's key, off, pos) (trie-bits.ts). */
  keyBitAt(leaf: number, off: number, pos: number): number {
    return this.leafKeys.bitAt(slotOf(leaf), off, pos);
  }

  /** A copy of a node's hash. */
  hashOf(node: number): Uint8Array {
    return isLeaf(node)
      ? this.leafHashes.slice(slotOf(node) * HASH_LEN, (slotOf(node) + 1) * HASH_LEN)
      : this.innerHashes.slice(node * HASH_LEN, (node + 1) * HASH_LEN);
  }

  sameHash(a: number, b: number): boolean {
    const ha = this.hashArray(a);
    const hb = this.hashArray(b);
    const oa = this.hashOffset(a);
    const ob = this.hashOffset(b);
    for (let i = 0; i < HASH_LEN; i++) if (ha[oa + i] !== hb[ob + i]) return false;
    return true;
  }

  /** The bytes before a node's two child hashes in its hash input: zz(height) ‖ zz(size) ‖ zz(0). */
  header(i: number): Uint8Array {
    const out = new Uint8Array(16);
    return out.slice(0, this.writeHeader(out, 0, this.height(i), this.leaves(i)));
  }

  /**
   * A leaf for `key` (its part from `off` on is the key in its store) holding a value whose
   * sha256 is `valueHash`.
   */
  newLeaf(key: string, off: number, valueHash: Uint8Array): number {
    const slot = this.freeLeaves.pop() ?? this.growLeaves();
    this.leafKeys.set(slot, key);
    const len = key.length - off;
    this.reserve(3 + 5 + len + 1 + HASH_LEN);
    const buf = this.buf;
    buf[0] = LEAF_HEADER[0]!;
    buf[1] = LEAF_HEADER[1]!;
    buf[2] = LEAF_HEADER[2]!;
    let o = putUvarint(buf, 3, len);
    for (let i = off; i < key.length; i++) buf[o++] = key.charCodeAt(i);
    buf[o++] = HASH_LEN_PREFIX;
    for (let i = 0; i < HASH_LEN; i++) buf[o++] = valueHash[i]!;
    sha256Into(this.view(o), this.leafHashes, slot * HASH_LEN);
    return -2 - slot;
  }

  /** An inner node over two non-empty subtrees that part at bit `crit`; hashed at once. */
  newInner(left: number, right: number, crit: number): number {
    const i = this.freeInner.pop() ?? this.growInner();
    const height = 1 + Math.max(this.height(left), this.height(right));
    const size = this.leaves(left) + this.leaves(right);
    const o = i * STRIDE;
    const a = this.inner;
    a[o + LEFT] = left;
    a[o + RIGHT] = right;
    a[o + CRIT] = crit;
    a[o + SIZE] = size;
    a[o + REP] = this.rep(left);
    a[o + HEIGHT] = height;
    const buf = this.buf;
    let at = this.writeHeader(buf, 0, height, size);
    buf[at++] = HASH_LEN_PREFIX;
    at = this.copyHash(left, at);
    buf[at++] = HASH_LEN_PREFIX;
    at = this.copyHash(right, at);
    sha256Into(this.view(at), this.innerHashes, i * HASH_LEN);
    return i;
  }

  free(node: number): void {
    if (isLeaf(node)) {
      const slot = slotOf(node);
      this.leafKeys.release(slot);
      this.freeLeaves.push(slot);
      return;
    }
    const o = node * STRIDE + HEIGHT;
    if (this.inner[o] === -1) throw new Error("node arena: double free");
    this.inner[o] = -1;
    this.freeInner.push(node);
  }

  private writeHeader(out: Uint8Array, at: number, height: number, size: number): number {
    at = putUvarint(out, at, 2 * height);
    at = putUvarint(out, at, 2 * size);
    out[at] = 0;
    return at + 1;
  }

  private hashArray(node: number): Uint8Array {
    return isLeaf(node) ? this.leafHashes : this.innerHashes;
  }

  private hashOffset(node: number): number {
    return (isLeaf(node) ? slotOf(node) : node) * HASH_LEN;
  }

  /** Copies a node's hash into the hash input at `at`; a byte loop allocates no view. */
  private copyHash(node: number, at: number): number {
    const src = this.hashArray(node);
    const from = this.hashOffset(node);
    const buf = this.buf;
    for (let i = 0; i < HASH_LEN; i++) buf[at + i] = src[from + i]!;
    return at + HASH_LEN;
  }

  private view(len: number): Uint8Array {
    return (this.views[len] ??= this.buf.subarray(0, len));
  }

  private reserve(len: number): void {
    if (len <= this.buf.length) return;
    this.buf = new Uint8Array(Math.max(len, this.buf.length * 2));
    this.views = [];
  }

  private growInner(): number {
    if ((this.innerCount + 1) * STRIDE > this.inner.length) {
      const cap = Math.max(1024, this.innerCount * 2);
      this.inner = grown(this.inner, cap * STRIDE);
      this.innerHashes = grown(this.innerHashes, cap * HASH_LEN);
    }
    return this.innerCount++;
  }

  private growLeaves(): number {
    if ((this.leafCount + 1) * HASH_LEN > this.leafHashes.length) {
      this.leafHashes = grown(this.leafHashes, Math.max(1024, this.leafCount * 2) * HASH_LEN);
    }
    return this.leafCount++;
  }
}

/** Writes n (a non-negative integer below 2^53) as a protobuf uvarint; returns the end. */
export function putUvarint(out: Uint8Array, at: number, n: number): number {
  while (n >= 0x80) {
    out[at++] = (n % 0x80) | 0x80;
    n = Math.floor(n / 0x80);
  }
  out[at++] = n;
  return at;
}
