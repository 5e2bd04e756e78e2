import { decodeNode, HASH_LEN, NODE_KEY_LEN, type TreeNode } from "./smt-node.js";

/** Largest encoded node (inner: tag + two children of hash and node key). */
const SLOT = 1 + 2 * (HASH_LEN + NODE_KEY_LEN);
const LEAF_LEN = 1 + 2 * HASH_LEN;

/**
 * Bounded cache of encoded tree nodes, packed into one byte slab. A decoded node costs
 * several hundred bytes of small heap objects; here an entry is its 89-byte slot plus a Map
 * entry, so millions of nodes fit and the garbage collector has almost nothing to trace.
 * Eviction is the same two-generation scheme as `LRU` (O(1) hits); slots of the dropped
 * generation are reused. `get` decodes into fresh copies, so a node handed out stays valid
 * when its slot is later reused.
 */
export class NodeSlab {
  private young = new Map<string, number>();
  private old = new Map<string, number>();
  private readonly free: number[] = [];
  private bytes: Uint8Array;
  private used = 0;
  private readonly half: number;

  constructor(private readonly capacity: number) {
    this.half = Math.max(1, Math.floor(capacity / 2));
    this.bytes = new Uint8Array(SLOT * Math.min(Math.max(capacity, 0), 4096));
  }

  get(key: string): TreeNode | undefined {
    let slot = this.young.get(key);
    if (slot === undefined) {
      slot = this.old.get(key);
      if (slot === undefined) return undefined;
      this.old.delete(key);
      this.place(key, slot);
    }
    const off = slot * SLOT;
    return decodeNode(this.bytes.subarray(off, off + (this.bytes[off] === 0 ? LEAF_LEN : SLOT)));
  }

  has(key: string): boolean {
    return this.young.has(key) || this.old.has(key);
  }

  /** Stores a node's encoding (as written to disk). */
  set(key: string, encoded: Uint8Array): void {
    if (this.capacity <= 0) return;
    if (encoded.length > SLOT) throw new Error("node slab: encoding larger than a slot");
    let slot = this.young.get(key) ?? this.old.get(key);
    if (slot === undefined) slot = this.allocate();
    else this.old.delete(key);
    this.bytes.set(encoded, slot * SLOT);
    this.place(key, slot);
  }

  /**
   * Stores a node under a key known not to be cached (a node key just assigned), skipping
   * the lookups of set(). Were the key in the old generation after all, the young entry
   * shadows it until that generation is dropped.
   */
  setFresh(key: string, encoded: Uint8Array): void {
    if (this.capacity <= 0) return;
    if (encoded.length > SLOT) throw new Error("node slab: encoding larger than a slot");
    const slot = this.allocate();
    this.bytes.set(encoded, slot * SLOT);
    this.place(key, slot);
  }

  delete(key: string): void {
    const slot = this.young.get(key) ?? this.old.get(key);
    if (slot === undefined) return;
    this.young.delete(key);
    this.old.delete(key);
    this.free.push(slot);
  }

  clear(): void {
    this.young.clear();
    this.old.clear();
    this.free.length = 0;
    this.used = 0;
  }

  get size(): number {
    return this.young.size + this.old.size;
  }

  private place(key: string, slot: number): void {
    this.young.set(key, slot);
    if (this.young.size >= this.half) {
      for (const s of this.old.values()) this.free.push(s);
      this.old = this.young;
      this.young = new Map();
    }
  }

  private allocate(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    if ((this.used + 1) * SLOT > this.bytes.length) {
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, SLOT * 64));
      grown.set(this.bytes);
      this.bytes = grown;
    }
    return this.used++;
  }
}
