import { CommitmentProof, HashOp, type ExistenceProof } from "cosmjs-types/cosmos/ics23/v1/proofs";
import { describe, expect, it } from "vitest";
import { verifyCommitmentProof, type ProofOpLike } from "../../../src/client/commitment-proof";
import { existenceRoot, verifyExistence } from "../../../src/types/ics23";
import { commitInfoHash, commitInfoProof, type StoreRoot } from "../../../src/store/commit-info";
import { COMMIT_INFO_PROOF_OP, EMPTY_STORE_ROOT, IAVL_STORE_SPEC, STORE_PROOF_OP } from "../../../src/types/commitment-spec";
import { iavlExist, iavlProve, iavlTree, zigzag, type IavlNode } from "../../helpers/iavl-fixture";

const utf = (s: string) => new TextEncoder().encode(s);
const encode = (p: CommitmentProof) => CommitmentProof.encode(p).finish();

/** Three stores (one empty) whose roots the app hash commits to, with proofs built as a node answers. */
function world(seed: number) {
  const trees = new Map<string, IavlNode | undefined>();
  for (const [name, n] of [
    ["acc", 5],
    ["bank", 37 + seed],
    ["ibc", 12],
  ] as const)
    trees.set(
      name,
      iavlTree(Array.from({ length: n }, (_, i) => [utf(`${name}-k${String(i * 2).padStart(3, "0")}`), utf(`v${i}-${seed}`)])),
    );
  trees.set("empty", undefined);
  const roots: StoreRoot[] = [...trees].map(([name, t]) => ({ name, root: t?.hash ?? EMPTY_STORE_ROOT }));
  const appHash = commitInfoHash(roots);
  const ops = (store: string, key: Uint8Array, storeProof = iavlProve(trees.get(store), key)): ProofOpLike[] => [
    { type: STORE_PROOF_OP, key, data: encode(storeProof) },
    { type: COMMIT_INFO_PROOF_OP, key: utf(store), data: encode(commitInfoProof(roots, store)) },
  ];
  return { trees, appHash, ops };
}

describe("verifyCommitmentProof (store level under IavlSpec, commit info under TendermintSpec)", () => {
  const { trees, appHash, ops } = world(0);
  const other = world(1).appHash;
  const key = (i: number) => utf(`bank-k${String(i).padStart(3, "0")}`);

  it("accepts every present key of a store with its value, and no other value, store or root", () => {
    for (let i = 0; i < 37; i++) {
      const k = key(2 * i);
      const v = utf(`v${i}-0`);
      const o = ops("bank", k);
      expect(verifyCommitmentProof(appHash, "bank", k, v, o)).toBe(true);
      expect(verifyCommitmentProof(appHash, "bank", k, utf(`v${i}-1`), o)).toBe(false);
      expect(verifyCommitmentProof(appHash, "bank", k, undefined, o)).toBe(false);
      expect(verifyCommitmentProof(other, "bank", k, v, o)).toBe(false);
      expect(verifyCommitmentProof(appHash, "acc", k, v, o)).toBe(false);
      expect(verifyCommitmentProof(appHash, "bank", key(2 * i + 1), v, o)).toBe(false);
    }
  });

  it("accepts absence between two keys, before the first and after the last, and not for a present key", () => {
    for (const i of [-1, 1, 3, 39, 75, 77]) {
      const k = i < 0 ? utf("bank-") : key(i);
      const o = ops("bank", k);
      expect(CommitmentProof.decode(o[0]!.data).nonexist).toBeDefined();
      expect(verifyCommitmentProof(appHash, "bank", k, undefined, o)).toBe(true);
      expect(verifyCommitmentProof(appHash, "bank", k, utf("x"), o)).toBe(false);
      expect(verifyCommitmentProof(other, "bank", k, undefined, o)).toBe(false);
    }
    // The neighbours of k001 claimed for the present k002: its key is not between them.
    const forged = CommitmentProof.decode(ops("bank", key(1))[0]!.data);
    forged.nonexist!.key = key(2);
    expect(verifyCommitmentProof(appHash, "bank", key(2), undefined, ops("bank", key(2), forged))).toBe(false);
  });

  it("refuses neighbours that are swapped, not adjacent, or missing when the key is inside the range", () => {
    const k = key(41);
    const non = CommitmentProof.decode(ops("bank", k)[0]!.data).nonexist!;
    const tree = trees.get("bank")!;
    const check = (left: ExistenceProof | undefined, right: ExistenceProof | undefined) =>
      verifyCommitmentProof(appHash, "bank", k, undefined, ops("bank", k, { nonexist: { key: k, left, right } }));
    expect(check(non.left, non.right)).toBe(true);
    expect(check(non.right, non.left)).toBe(false);
    expect(check(iavlExist(tree, key(38)), non.right)).toBe(false);
    expect(check(non.left, iavlExist(tree, key(44)))).toBe(false);
    expect(check(undefined, non.right)).toBe(false);
    expect(check(non.left, undefined)).toBe(false);
    expect(check(undefined, undefined)).toBe(false);
  });

  it("proves absence in an empty store only against the empty root", () => {
    const k = utf("anything");
    const o = ops("empty", k);
    expect(verifyCommitmentProof(appHash, "empty", k, undefined, o)).toBe(true);
    // The same claim for a store with keys: its root is not the empty one.
    const claim: ProofOpLike[] = [o[0]!, ops("ibc", k)[1]!];
    expect(verifyCommitmentProof(appHash, "ibc", k, undefined, claim)).toBe(false);
  });

  it("refuses a missing, extra, reordered or mistyped op, and a commit-info op of another store", () => {
    const k = key(10);
    const v = utf("v5-0");
    const o = ops("bank", k);
    expect(verifyCommitmentProof(appHash, "bank", k, v, o)).toBe(true);
    expect(verifyCommitmentProof(appHash, "bank", k, v, o.slice(0, 1))).toBe(false);
    expect(verifyCommitmentProof(appHash, "bank", k, v, o.slice(1))).toBe(false);
    expect(verifyCommitmentProof(appHash, "bank", k, v, [...o, o[1]!])).toBe(false);
    expect(verifyCommitmentProof(appHash, "bank", k, v, [o[1]!, o[0]!])).toBe(false);
    expect(verifyCommitmentProof(appHash, "bank", k, v, [{ ...o[0]!, type: "ics23:smt" }, o[1]!])).toBe(false);
    expect(verifyCommitmentProof(appHash, "bank", k, v, [{ ...o[0]!, key: key(12) }, o[1]!])).toBe(false);
    expect(verifyCommitmentProof(appHash, "bank", k, v, [o[0]!, ops("acc", k)[1]!])).toBe(false);
    expect(verifyCommitmentProof(appHash, "bank", k, v, [{ ...o[0]!, data: Uint8Array.of(0xff, 0xff) }, o[1]!])).toBe(false);
  });

  it("holds IAVL ops to their shape: three non-negative varints, height at least the layer, 1 or 34 bytes after", () => {
    const k = key(20);
    const v = utf("v10-0");
    const good = iavlExist(trees.get("bank")!, k);
    const root = trees.get("bank")!.hash;
    expect(verifyExistence(IAVL_STORE_SPEC, good, root, k, v)).toBe(true);
    const op0 = good.path[0]!;
    const headerLen = op0.prefix.length - (op0.suffix.length ? 1 : 34);
    const withOp0 = (prefix: Uint8Array, hash = HashOp.SHA256): ExistenceProof => ({
      ...good,
      path: [{ ...op0, prefix, hash }, ...good.path.slice(1)],
    });
    const rest = op0.prefix.subarray(headerLen);
    const oldHeader = op0.prefix.subarray(0, headerLen);
    // Each tampered proof is checked against the root it hashes to, so only its shape can fail it.
    const selfConsistent = (p: ExistenceProof) => verifyExistence(IAVL_STORE_SPEC, p, existenceRoot(p) ?? root, k, v);
    const [height, size] = [oldHeader.subarray(0, 1), oldHeader.subarray(1, 2)];
    expect(selfConsistent(withOp0(Buffer.concat([height, size, zigzag(99), rest]))), "another version").toBe(true);
    const cases: [string, Uint8Array][] = [
      ["height 0 at layer 1, which also reads as a leaf", Buffer.concat([zigzag(0), oldHeader.subarray(1), rest])],
      ["negative size", Buffer.concat([height, Uint8Array.of(1), oldHeader.subarray(2), rest])],
      ["a byte too many", Buffer.concat([oldHeader, Uint8Array.of(0x20), rest])],
      ["truncated varint", Uint8Array.of(0x82, 0x80, 0x80, 0x80)],
    ];
    for (const [what, prefix] of cases) expect(selfConsistent(withOp0(prefix)), what).toBe(false);
    // Height 1 for the node above the lowest one (layer 2).
    const op1 = good.path[1]!;
    const lowered: ExistenceProof = {
      ...good,
      path: [op0, { ...op1, prefix: Buffer.concat([zigzag(1), op1.prefix.subarray(1)]) }, ...good.path.slice(2)],
    };
    expect(op1.prefix[0]).toBeGreaterThanOrEqual(4);
    expect(selfConsistent(lowered), "height below layer").toBe(false);
    // The leaf prefix is the three varints alone.
    const leafPlus: ExistenceProof = { ...good, leaf: { ...good.leaf!, prefix: Buffer.concat([good.leaf!.prefix, Uint8Array.of(0)]) } };
    expect(selfConsistent(leafPlus)).toBe(false);
    expect(verifyExistence(IAVL_STORE_SPEC, withOp0(op0.prefix, HashOp.SHA512), root, k, v)).toBe(false);
  });
});
