import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ics23 as confio, iavlSpec, verifyMembership, verifyNonMembership } from "@confio/ics23";
import { CommitmentProof, type ExistenceProof } from "cosmjs-types/cosmos/ics23/v1/proofs";
import { afterAll, describe, expect, it } from "vitest";
import { verifyExistence, verifyNonExistence } from "../../../src/types/ics23";
import { commitInfoHash } from "../../../src/store/commit-info";
import { CommitStore } from "../../../src/store/commit-store";
import { IAVL_STORE_SPEC } from "../../../src/types/commitment-spec";
import { bin, hex, naiveStoreRoot, prng, unbin, utf } from "./setup";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The same proof as the @confio/ics23 package decodes it. */
const toConfio = (p: CommitmentProof) => confio.CommitmentProof.decode(CommitmentProof.encode(p).finish());

/** Both verifiers, the repo's and @confio/ics23, must agree. */
function verifies(root: Uint8Array, key: Uint8Array, value: Uint8Array | undefined, proof: CommitmentProof): boolean {
  const ours =
    value === undefined
      ? !!proof.nonexist && verifyNonExistence(IAVL_STORE_SPEC, proof.nonexist, root, key)
      : !!proof.exist && verifyExistence(IAVL_STORE_SPEC, proof.exist, root, key, value);
  const theirs =
    value === undefined
      ? verifyNonMembership(toConfio(proof), iavlSpec, root, key)
      : verifyMembership(toConfio(proof), iavlSpec, root, key, value);
  expect(theirs).toBe(ours);
  return ours;
}

/** Reads a protobuf varint at `at`: [value, next offset]. */
function varint(b: Uint8Array, at: number): [number, number] {
  let n = 0;
  let mul = 1;
  for (;;) {
    const x = b[at++]!;
    n += (x & 0x7f) * mul;
    if (x < 0x80) return [n, at];
    mul *= 128;
  }
}

/**
 * ics23 (Go, v0.11)'s checks of IavlSpec ops beyond the JS verifiers: a leaf prefix of exactly
 * three zigzag varints; an inner prefix of three varints, the first (height) at least the op's
 * layer, then 1 byte (left child) or 34 (right child after its sibling).
 */
function iavlOpsValid(p: ExistenceProof): boolean {
  const header = (prefix: Uint8Array): [number[], number] => {
    const values: number[] = [];
    let at = 0;
    for (let i = 0; i < 3; i++) {
      const [v, next] = varint(prefix, at);
      values.push(v / 2);
      at = next;
    }
    return [values, prefix.length - at];
  };
  const [leaf, leafRest] = header(p.leaf!.prefix);
  if (leafRest !== 0 || leaf[0] !== 0) return false;
  return p.path.every((op, i) => {
    const [[height], rest] = header(op.prefix);
    return height! >= i + 1 && (rest === 1 || rest === 34) && op.hash === 1;
  });
}

async function storeWith(keys: Iterable<[string, Uint8Array]>, stores: readonly string[] = []): Promise<CommitStore> {
  const dir = mkdtempSync(join(tmpdir(), "proofs-"));
  dirs.push(dir);
  const s = await CommitStore.open(dir, { sync: false, stores });
  const b = s.branch();
  for (const [k, v] of keys) b.set(unbin(k), v);
  await s.commit(b, 1n);
  return s;
}

describe("ICS-23 proofs of a store's keys (IavlSpec)", () => {
  it("prove presence and absence of random raw keys, first, last and in between; forged neighbours fail", async () => {
    for (const seed of [1, 2, 3]) {
      const rnd = prng(seed);
      const model = new Map<string, Uint8Array>();
      const n = 1 + Math.floor(rnd() * 200);
      // Short keys over a small alphabet: many keys extend others ("a", "a\0", "ab").
      const randomKey = () => Array.from({ length: Math.floor(rnd() * 4) }, () => "\x00a\x7f\x80\xff"[Math.floor(rnd() * 5)]).join("");
      for (let i = 0; i < n; i++) model.set("ibc/" + randomKey() + "x" + randomKey(), utf(`v${i}`));
      model.set("bank/other", utf("1"));
      const s = await storeWith(model);
      const roots = s.storeRoots();
      expect(hex(commitInfoHash(roots))).toBe(hex(s.lastAppHash));
      const root = roots.find((r) => r.name === "ibc")!.root;
      const inStore = [...model].filter(([k]) => k.startsWith("ibc/")).map(([k, v]) => [k.slice(4), v] as const);
      expect(hex(root)).toBe(hex(naiveStoreRoot(inStore.map(([k, v]) => [unbin(k), v]))));
      const sorted = inStore.map(([k]) => k).sort();
      for (const [k, v] of inStore) {
        const { value, proof, storeRoots } = s.proveInStore("ibc", unbin(k));
        expect(storeRoots).toEqual(roots);
        expect(hex(value!)).toBe(hex(v));
        expect(iavlOpsValid(proof.exist!)).toBe(true);
        expect(verifies(root, unbin(k), v, proof)).toBe(true);
        expect(verifies(root, unbin(k), utf("other"), proof)).toBe(false);
        expect(verifies(root, unbin(k), undefined, proof)).toBe(false);
      }
      // Absent keys: before the first, after the last, between any two, and extensions of present keys.
      const absent = ["", "\x00", "\xff\xff\xff\xff\xff", ...sorted.map((k) => k + "\x00"), ...sorted.map((k) => k.slice(0, -1))].filter(
        (k) => k.length > 0 && !model.has("ibc/" + k),
      );
      for (const k of absent) {
        const { value, proof } = s.proveInStore("ibc", unbin(k));
        expect(value).toBeUndefined();
        const non = proof.nonexist!;
        // The neighbours are the adjacent keys in raw byte order.
        const at = sorted.findIndex((x) => x > k);
        expect(non.left && bin(non.left.key)).toBe(at === 0 ? undefined : sorted[(at === -1 ? sorted.length : at) - 1]);
        expect(non.right && bin(non.right.key)).toBe(at === -1 ? undefined : sorted[at]);
        for (const side of [non.left, non.right]) if (side) expect(iavlOpsValid(side)).toBe(true);
        expect(verifies(root, unbin(k), undefined, proof)).toBe(true);
        // Not adjacent any more: a neighbour swapped for the key before / after it.
        const before = non.left && sorted[sorted.indexOf(bin(non.left.key)) - 1];
        if (before) {
          const forged = { nonexist: { ...non, left: s.proveInStore("ibc", unbin(before)).proof.exist } };
          expect(verifies(root, unbin(k), undefined, forged)).toBe(false);
        }
        const after = non.right && sorted[sorted.indexOf(bin(non.right.key)) + 1];
        if (after) {
          const forged = { nonexist: { ...non, right: s.proveInStore("ibc", unbin(after)).proof.exist } };
          expect(verifies(root, unbin(k), undefined, forged)).toBe(false);
        }
        // Dropping a neighbour claims the key lies beyond an end of the store.
        if (non.left && non.right) {
          expect(verifies(root, unbin(k), undefined, { nonexist: { ...non, left: undefined } })).toBe(false);
          expect(verifies(root, unbin(k), undefined, { nonexist: { ...non, right: undefined } })).toBe(false);
        }
      }
      await s.close();
    }
  });

  it("a store of one key proves it and the absence of keys on either side; an empty store has no proof", async () => {
    const s = await storeWith([["ibc/clients/07-tendermint-0/clientState", utf("cs")]], ["bank", "ibc"]);
    const root = s.storeRoots().find((r) => r.name === "ibc")!.root;
    const exist = s.proveInStore("ibc", utf("clients/07-tendermint-0/clientState"));
    expect(exist.proof.exist!.path).toEqual([]);
    expect(verifies(root, utf("clients/07-tendermint-0/clientState"), utf("cs"), exist.proof)).toBe(true);
    for (const k of ["clients", "connections/connection-0"]) {
      expect(verifies(root, utf(k), undefined, s.proveInStore("ibc", utf(k)).proof)).toBe(true);
    }
    expect(() => s.proveInStore("bank", utf("x"))).toThrow(/store bank is empty/);
    await s.close();
  });
});
