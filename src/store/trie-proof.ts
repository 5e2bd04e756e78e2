import { HashOp, LengthOp, type ExistenceProof, type InnerOp, type LeafOp } from "cosmjs-types/cosmos/ics23/v1/proofs";
import { concat, fromBin } from "./bytes";
import { isLeaf, type NodeArena, NONE } from "./node-arena";
import { bitAt, EQUAL } from "./trie-bits";
import { partingBit } from "./trie-walk";

/**
 * ICS-23 proofs of a store's trie in the shape of ics23's IavlSpec: the leaf op hashes
 * 0x00 0x02 0x00 ‖ uvarint(len key) ‖ key ‖ uvarint(32) ‖ sha256(value); each inner op is the
 * node's header (zigzag height, size, version 0) with the sibling's hash on its side, both
 * hashes length-prefixed (0x20).
 */

/** The leaf op of every existence proof (height 0, size 1, version 0). */
export const TRIE_LEAF_OP: LeafOp = {
  hash: HashOp.SHA256,
  prehashKey: HashOp.NO_HASH,
  prehashValue: HashOp.SHA256,
  length: LengthOp.VAR_PROTO,
  prefix: Uint8Array.of(0, 2, 0),
};

const LEN_PREFIX = Uint8Array.of(0x20);

/**
 * Existence proof of `leaf` in the trie rooted at `root`: inner ops from the leaf up. `value`
 * is the leaf's value (the trie keeps only its hash); the proof's key is the key in the store.
 */
export function existenceProof(arena: NodeArena, root: number, leaf: number, off: number, value: Uint8Array): ExistenceProof {
  const key = arena.key(leaf);
  const path: InnerOp[] = [];
  let node = root;
  while (!isLeaf(node)) {
    const bit = bitAt(key, off, arena.crit(node));
    const sibling = arena.hashOf(arena.child(node, bit ^ 1));
    const header = arena.header(node);
    path.push(
      bit === 0
        ? { hash: HashOp.SHA256, prefix: concat(header, LEN_PREFIX), suffix: concat(LEN_PREFIX, sibling) }
        : { hash: HashOp.SHA256, prefix: concat(header, LEN_PREFIX, sibling, LEN_PREFIX), suffix: new Uint8Array() },
    );
    node = arena.child(node, bit);
  }
  if (node !== leaf) throw new Error("trie: the leaf is not in this trie");
  path.reverse();
  return { key: fromBin(key.slice(off)), value, leaf: TRIE_LEAF_OP, path };
}

/** The leaf holding `key`, or NONE. */
export function findLeaf(arena: NodeArena, root: number, key: string, off: number): number {
  if (root === NONE) return NONE;
  let node = root;
  while (!isLeaf(node)) node = arena.child(node, bitAt(key, off, arena.crit(node)));
  return arena.compareKey(node, key) === 0 ? node : NONE;
}

/**
 * The leaves just before and just after an absent `key` in key order (NONE past either end):
 * the neighbours a non-existence proof shows adjacent. The key's bits lead to the leaf it
 * shares the longest prefix with; where they part, at bit d, is where the key would go. On the
 * way down to that point every left subtree passed is smaller and every right one larger, the
 * last ones passed the closest; the subtree found there is smaller or larger as a whole.
 */
export function neighbourLeaves(arena: NodeArena, root: number, key: string, off: number): { left: number; right: number } {
  if (root === NONE) return { left: NONE, right: NONE };
  const d = partingBit(arena, root, key, off);
  if (d === EQUAL) throw new Error("trie: the key is present");
  let smaller = NONE;
  let larger = NONE;
  let node = root;
  while (!isLeaf(node) && arena.crit(node) < d) {
    const bit = bitAt(key, off, arena.crit(node));
    if (bit === 1) smaller = arena.left(node);
    else larger = arena.right(node);
    node = arena.child(node, bit);
  }
  if (bitAt(key, off, d) === 1) smaller = node;
  else larger = node;
  return { left: smaller === NONE ? NONE : rightmost(arena, smaller), right: larger === NONE ? NONE : arena.rep(larger) };
}

function rightmost(arena: NodeArena, node: number): number {
  while (!isLeaf(node)) node = arena.right(node);
  return node;
}
