import { createHash } from "node:crypto";

const sha256 = (...parts: Uint8Array[]) => {
  const h = createHash("sha256");
  for (const p of parts) h.update(p);
  return new Uint8Array(h.digest());
};
const LEAF = Uint8Array.of(0);
const INNER = Uint8Array.of(1);

/** Largest power of two below n (CometBFT's getSplitPoint). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

interface Subtree {
  root: Uint8Array;
  /** Per leaf, the sibling hashes from the leaf up. */
  aunts: Uint8Array[][];
}

function subtree(items: Uint8Array[]): Subtree {
  if (items.length === 1) return { root: sha256(LEAF, items[0]), aunts: [[]] };
  const k = splitPoint(items.length);
  const left = subtree(items.slice(0, k));
  const right = subtree(items.slice(k));
  return {
    root: sha256(INNER, left.root, right.root),
    aunts: [...left.aunts.map((a) => [...a, right.root]), ...right.aunts.map((a) => [...a, left.root])],
  };
}

/** CometBFT's Txs.Hash(): the RFC 6962 root over the txs' sha256 hashes (the header's data_hash). */
export function txsRoot(txs: Uint8Array[]): Uint8Array {
  if (txs.length === 0) return sha256();
  return subtree(txs.map((t) => sha256(t))).root;
}

/** CometBFT's Txs.Proof(index): the RFC 6962 tree over the txs' sha256 hashes (the header's data_hash). */
export function txProofJson(txs: Uint8Array[], index: number) {
  const hashes = txs.map((t) => sha256(t));
  const tree = subtree(hashes);
  return {
    root_hash: Buffer.from(tree.root).toString("hex").toUpperCase(),
    data: Buffer.from(txs[index]).toString("base64"),
    proof: {
      total: String(txs.length),
      index: String(index),
      leaf_hash: Buffer.from(sha256(LEAF, hashes[index])).toString("base64"),
      aunts: tree.aunts[index].map((a) => Buffer.from(a).toString("base64")),
    },
  };
}
