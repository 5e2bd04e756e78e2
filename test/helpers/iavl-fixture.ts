import { createHash } from "node:crypto";
import { HashOp, type CommitmentProof, type ExistenceProof, type InnerOp } from "cosmjs-types/cosmos/ics23/v1/proofs";
import { IAVL_STORE_SPEC } from "../../src/types/commitment-spec";

/**
 * A balanced IAVL-hashed tree built from scratch over sorted keys, independent of the
 * store's, so the proof verifier can be tested on proofs of every shape (present, absent in
 * the middle and at both ends) without a node. Every node gets its own version so the
 * varints in the ops vary.
 */
export interface IavlNode {
  hash: Uint8Array;
  height: number;
  size: number;
  version: number;
  key?: Uint8Array;
  value?: Uint8Array;
  left?: IavlNode;
  right?: IavlNode;
}

const sha = (...parts: Uint8Array[]) => new Uint8Array(createHash("sha256").update(Buffer.concat(parts)).digest());

function uvarint(n: number): Uint8Array {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return Uint8Array.from(out);
}

/** IAVL's signed varint (zigzag), for non-negative numbers. */
export const zigzag = (n: number): Uint8Array => uvarint(2 * n);

const header = (n: { height: number; size: number; version: number }) =>
  Buffer.concat([zigzag(n.height), zigzag(n.size), zigzag(n.version)]);

export function iavlTree(entries: readonly (readonly [Uint8Array, Uint8Array])[]): IavlNode | undefined {
  const sorted = [...entries].sort((a, b) => Buffer.compare(a[0], b[0]));
  let version = 1;
  const build = (lo: number, hi: number): IavlNode => {
    if (hi - lo === 1) {
      const [key, value] = sorted[lo]!;
      const n = { height: 0, size: 1, version: version++ };
      const hash = sha(header(n), uvarint(key.length), key, uvarint(32), sha(value));
      return { ...n, hash, key, value };
    }
    const mid = lo + Math.ceil((hi - lo) / 2);
    const left = build(lo, mid);
    const right = build(mid, hi);
    const n = { height: Math.max(left.height, right.height) + 1, size: left.size + right.size, version: version++ };
    const hash = sha(header(n), uvarint(32), left.hash, uvarint(32), right.hash);
    return { ...n, hash, left, right };
  };
  return sorted.length === 0 ? undefined : build(0, sorted.length);
}

/** Existence proof of `key`, which must be in the tree. */
export function iavlExist(root: IavlNode, key: Uint8Array): ExistenceProof {
  const path: InnerOp[] = [];
  let node = root;
  while (node.left && node.right) {
    const goRight = Buffer.compare(key, smallest(node.right)) >= 0;
    const h = header(node);
    path.unshift(
      goRight
        ? { hash: HashOp.SHA256, prefix: Buffer.concat([h, uvarint(32), node.left.hash, uvarint(32)]), suffix: new Uint8Array() }
        : { hash: HashOp.SHA256, prefix: Buffer.concat([h, uvarint(32)]), suffix: Buffer.concat([uvarint(32), node.right.hash]) },
    );
    node = goRight ? node.right : node.left;
  }
  if (Buffer.compare(node.key!, key) !== 0) throw new Error("iavl fixture: key not in tree");
  return { key, value: node.value!, leaf: { ...IAVL_STORE_SPEC.leafSpec, prefix: header(node) }, path };
}

/** Existence proof when present, else non-existence with the adjacent keys' existence proofs. */
export function iavlProve(root: IavlNode | undefined, key: Uint8Array): CommitmentProof {
  const keys = root ? leaves(root).map((l) => l.key!) : [];
  if (keys.some((k) => Buffer.compare(k, key) === 0)) return { exist: iavlExist(root!, key) };
  const left = keys.filter((k) => Buffer.compare(k, key) < 0).at(-1);
  const right = keys.find((k) => Buffer.compare(k, key) > 0);
  return { nonexist: { key, left: left && iavlExist(root!, left), right: right && iavlExist(root!, right) } };
}

function leaves(n: IavlNode): IavlNode[] {
  return n.left && n.right ? [...leaves(n.left), ...leaves(n.right)] : [n];
}

function smallest(n: IavlNode): Uint8Array {
  return n.left ? smallest(n.left) : n.key!;
}
