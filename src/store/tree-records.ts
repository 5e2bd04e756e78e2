import type { ClassicLevel } from "classic-level";
import { toBin } from "./bytes";
import { type NodeArena, NONE } from "./node-arena";
import { bitAt, HASH_LEN } from "./smt-hash";
import type { TreeUpdate } from "./smt";

/**
 * The tree on disk, in pages: a page is the part of the tree between two depths that are
 * multiples of PAGE_DEPTH (up to 63 nodes, in preorder), stored under its position — the
 * depth of its top and the path prefix leading there. A commit rewrites exactly the pages it
 * changed and deletes the ones that emptied, so nothing but the latest tree is stored and no
 * orphan bookkeeping is needed; rollback rebuilds the previous tree from the previous state
 * (the tree is a function of the key/value set). Pages sort by depth first, so loading meets
 * every parent before its children.
 *
 * Pages hold the tree's shape and its leaves, not the inner hashes: those are a function of
 * the leaves, recomputed once at open (about 1 µs per node), which also checks the whole
 * stored tree against the committed app hash. A commit thus writes a byte per inner node and
 * 65 per leaf instead of 33 and 97.
 *
 *   key  = ns ‖ top depth / PAGE_DEPTH (1 byte) ‖ the first `top depth` bits of the path
 *   node = tag [‖ keyHash ‖ valueHash for a leaf]; tag bit 0 = inner, bits 1 and 2 = left
 *          and right child present (for an inner node at the page's bottom depth the
 *          children are the tops of pages below)
 */
export const PAGE_DEPTH = 6;
const INNER = 1;
const HAS_LEFT = 2;
const HAS_RIGHT = 4;
const LEAF_LEN = 1 + 2 * HASH_LEN;
/** Most bytes one page can take. */
const PAGE_MAX = ((1 << PAGE_DEPTH) - 1) * LEAF_LEN;

export interface WriteBatch {
  put(key: Uint8Array, value: Uint8Array): unknown;
  del(key: Uint8Array): unknown;
}

/** Key of the page whose top is at `depth` (a multiple of PAGE_DEPTH) on `path`. */
export function pageKey(ns: number, depth: number, path: Uint8Array): Uint8Array {
  const bytes = (depth + 7) >> 3;
  const key = new Uint8Array(2 + bytes);
  key[0] = ns;
  key[1] = depth / PAGE_DEPTH;
  for (let i = 0; i < bytes; i++) key[2 + i] = path[i]!;
  if (depth & 7) key[1 + bytes] &= 0xff00 >> (depth & 7);
  return key;
}

/**
 * Adds to a batch the pages an update changed. A change anywhere in a page changes the
 * page's top node, so the pages to rewrite are exactly those topped by a created node; a
 * page where a node left and that has no top any more is deleted.
 */
export function writeTreeUpdate(batch: WriteBatch, ns: number, arena: NodeArena, up: TreeUpdate): void {
  const deleted = new Set<string>();
  for (const v of up.vacated) {
    const top = v.depth - (v.depth % PAGE_DEPTH);
    if (nodeAt(arena, up.root, top, v.path) !== NONE) continue;
    const key = pageKey(ns, top, v.path);
    const id = toBin(key);
    if (!deleted.has(id)) batch.del(key);
    deleted.add(id);
  }
  const out = new PageWriter();
  up.created.forEach((node, i) => {
    const depth = arena.depth(node);
    if (depth % PAGE_DEPTH === 0) batch.put(pageKey(ns, depth, up.createdPaths[i]!), out.page(arena, node));
  });
}

/** The node whose position is (depth, path), or NONE. */
function nodeAt(arena: NodeArena, root: number, depth: number, path: Uint8Array): number {
  let node = root;
  for (let d = 0; d < depth; d++) {
    if (node === NONE || arena.isLeaf(node)) return NONE;
    node = arena.child(node, bitAt(path, d));
  }
  return node;
}

/** Encodes pages into one growing buffer (the batch copies each value at once). */
class PageWriter {
  private buf = new Uint8Array(1 << 16);
  private o = 0;

  page(arena: NodeArena, top: number): Uint8Array {
    if (this.buf.length - this.o < PAGE_MAX) {
      this.buf = new Uint8Array(this.buf.length);
      this.o = 0;
    }
    const start = this.o;
    this.node(arena, top, 0);
    return this.buf.subarray(start, this.o);
  }

  private node(arena: NodeArena, node: number, rel: number): void {
    const { buf } = this;
    const at = this.o;
    if (arena.isLeaf(node)) {
      buf[at] = 0;
      // A byte loop: a subarray per copied field would be an allocation per leaf.
      const { leafData } = arena;
      for (let i = 0, ld = arena.leafOffset(node); i < 2 * HASH_LEN; i++) buf[at + 1 + i] = leafData[ld + i]!;
      this.o += LEAF_LEN;
      return;
    }
    const left = arena.left(node);
    const right = arena.right(node);
    buf[at] = INNER | (left !== NONE ? HAS_LEFT : 0) | (right !== NONE ? HAS_RIGHT : 0);
    this.o += 1;
    if (rel === PAGE_DEPTH - 1) return;
    if (left !== NONE) this.node(arena, left, rel + 1);
    if (right !== NONE) this.node(arena, right, rel + 1);
  }
}

/**
 * Loads every page into the arena, computes the hashes and returns the root (NONE for an
 * empty tree). Throws on records that do not form a tree; the caller compares the root hash
 * with the commit record.
 */
export async function loadTree(db: ClassicLevel<Uint8Array, Uint8Array>, ns: number, arena: NodeArena): Promise<number> {
  const reader = new PageReader(arena);
  const it = db.iterator({ gte: Uint8Array.of(ns), lt: Uint8Array.of(ns + 1) });
  try {
    for (;;) {
      const entries = await it.nextv(10_000);
      if (entries.length === 0) break;
      for (const [key, value] of entries) reader.page(key[1]! * PAGE_DEPTH, key.subarray(2), value);
    }
  } finally {
    await it.close();
  }
  const root = reader.end();
  if (root !== NONE) hashSubtree(arena, root);
  return root;
}

class PageReader {
  root = NONE;
  private top = -1;
  /** Inner nodes at the bottom depth of the pages above / being read, by path prefix. */
  private parents = new Map<string, number>();
  private bottoms = new Map<string, number>();
  /** Children the parents still expect. */
  private expected = 0;
  private path = new Uint8Array(HASH_LEN);
  private v: Uint8Array = new Uint8Array(0);
  private o = 0;

  constructor(private readonly arena: NodeArena) {}

  page(top: number, prefix: Uint8Array, value: Uint8Array): void {
    if (top !== this.top) {
      if (top < this.top || (this.top >= 0 && top !== this.top + PAGE_DEPTH)) throw new Error("tree pages out of order");
      this.finish();
      this.parents = this.bottoms;
      this.bottoms = new Map();
      this.top = top;
    }
    this.path.fill(0);
    this.path.set(prefix.subarray(0, HASH_LEN));
    this.v = value;
    this.o = 0;
    const node = this.node(top, 0);
    if (this.o !== value.length) throw new Error("tree page: trailing bytes");
    if (top === 0) {
      if (this.root !== NONE) throw new Error("tree pages: two roots");
      this.root = node;
      return;
    }
    const parent = this.parents.get(prefixString(this.path, top - 1));
    const right = bitAt(this.path, top - 1) === 1;
    if (parent === undefined || this.arena.child(parent, right ? 1 : 0) !== PENDING) {
      throw new Error(`tree page at depth ${top} has no parent expecting it`);
    }
    this.arena.setChild(parent, right ? 1 : 0, node);
    this.expected--;
  }

  end(): number {
    this.finish();
    if (this.expected !== 0) throw new Error(`tree pages: ${this.expected} missing below depth ${this.top + PAGE_DEPTH - 1}`);
    return this.root;
  }

  /** Every child announced by the pages above must have arrived. */
  private finish(): void {
    if (this.expected !== 0) throw new Error(`tree pages: ${this.expected} missing below depth ${this.top}`);
    this.expected = this.countPending();
  }

  private countPending(): number {
    let n = 0;
    for (const p of this.bottoms.values()) n += (this.arena.left(p) === PENDING ? 1 : 0) + (this.arena.right(p) === PENDING ? 1 : 0);
    return n;
  }

  private node(depth: number, rel: number): number {
    const { v, arena } = this;
    const at = this.o;
    const tag = v[at];
    if (tag === undefined) throw new Error("tree page: truncated");
    if ((tag & INNER) === 0) {
      if (at + LEAF_LEN > v.length) throw new Error("tree page: truncated");
      this.o += LEAF_LEN;
      return arena.newLeaf(v.subarray(at + 1, at + 1 + HASH_LEN), v.subarray(at + 1 + HASH_LEN, at + LEAF_LEN), depth, false);
    }
    if ((tag & (HAS_LEFT | HAS_RIGHT)) === 0) throw new Error("tree page: inner node without children");
    this.o += 1;
    const node = arena.newInner(NONE, NONE, depth, false);
    if (rel === PAGE_DEPTH - 1) {
      if (tag & HAS_LEFT) arena.setChild(node, 0, PENDING);
      if (tag & HAS_RIGHT) arena.setChild(node, 1, PENDING);
      this.bottoms.set(prefixString(this.path, depth), node);
      return node;
    }
    const bit = 0x80 >> (depth & 7);
    const byte = depth >> 3;
    if (tag & HAS_LEFT) {
      this.path[byte]! &= ~bit;
      arena.setChild(node, 0, this.node(depth + 1, rel + 1));
    }
    if (tag & HAS_RIGHT) {
      this.path[byte]! |= bit;
      arena.setChild(node, 1, this.node(depth + 1, rel + 1));
      this.path[byte]! &= ~bit;
    }
    return node;
  }
}

/** Computes the hashes of a loaded subtree, children before parents. */
function hashSubtree(arena: NodeArena, node: number): void {
  if (!arena.isLeaf(node)) {
    const left = arena.left(node);
    const right = arena.right(node);
    if (left !== NONE) hashSubtree(arena, left);
    if (right !== NONE) hashSubtree(arena, right);
  }
  arena.hashNode(node);
}

/** Child slot of a page's bottom node whose page has not been read yet. */
const PENDING = -2;

/** The first `bits` bits of `path` as a map key. */
function prefixString(path: Uint8Array, bits: number): string {
  const full = bits >> 3;
  const s = toBin(path.subarray(0, full));
  return bits & 7 ? s + String.fromCharCode(path[full]! & (0xff00 >> (bits & 7))) : s;
}
