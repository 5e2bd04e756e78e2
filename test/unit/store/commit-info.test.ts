import { createHash } from "node:crypto";
import { CommitmentProof } from "cosmjs-types/cosmos/ics23/v1/proofs";
import { describe, expect, it } from "vitest";
import { commitInfoHash, commitInfoProof, type StoreRoot } from "../../../src/store/commit-info";
import { prng } from "./setup";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const sha = (...parts: Uint8Array[]) => new Uint8Array(createHash("sha256").update(Buffer.concat(parts)).digest());

/** Stores named `names` whose i-th root is the bytes i*31, i*31 + 1, … (the vectors below use the same roots). */
const storesOf = (names: string[]): StoreRoot[] =>
  names.map((name, i) => ({ name, root: Uint8Array.from({ length: 32 }, (_, j) => (i * 31 + j) & 0xff) }));

// Computed with cosmossdk.io/store v1.1.1: CommitInfo{StoreInfos: storesOf(names)}.Hash() and
// .ProofOp("ibc").Data.
const SDK_VECTORS: { names: string[]; hash: string; ibcProof?: string }[] = [
  { names: [], hash: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
  { names: ["ibc"], hash: "2af42e7b42cb372e77dd5bac03013afe5e66e859cf6a01886177a710c56398a1" },
  { names: ["bank", "acc"], hash: "5190eb6f135976873970bfd45655aa9521f273bf0591117aee7bc5e6b55b1fc9" },
  {
    names: ["bank", "acc", "ibc"],
    hash: "886c919a4d1fb69ecac0e48e9d1028959fd5484c138579c1226662a794b688ff",
    ibcProof:
      "0a590a0369626312203e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d1a090801180120012a0100222508011221015190eb6f135976873970bfd45655aa9521f273bf0591117aee7bc5e6b55b1fc9",
  },
  {
    names: ["acc", "bank", "ibc", "staking", "upgrade", "gov", "distribution"],
    hash: "7fce1cf2479d69f7d41716b06fdac980729fb0c1c0c92b1dd35a12136273cf21",
    ibcProof:
      "0aab010a0369626312203e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d1a090801180120012a0100222708011201011a20e6057188d54f31e7bfccc936a0fdaac52d4a41034e685b82a221e9605fb1f83b222708011201011a20a642fe312fcaac780800166fae7d90f779df5e680ce2153034d2a46cbadf108322250801122101f3dd1a8233dc6fdc283d3452a485d074369f5c5890e01b35b3b5fd9c28d7e3e3",
  },
  {
    names: ["a", "b", "c", "d", "e", "f", "ibc", "h"],
    hash: "cb1ccc512cb3fcafd9c8758b65642b8575827e4cf4593bd76789a0ec8a717945",
    ibcProof:
      "0aa7010a036962631220babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d91a090801180120012a0100222508011221017f321791b414a967d77f2628ae201e69de0ea7159db0d93418346d85f7d3e3622225080112210102de7989602a37f4ba5c31d61f40459b26b117d8d9eb1700e5385bc4634c12eb2225080112210151f07f9eabf0d843dd5074eae24d6d154c25c5504552143300ed4c545b313ebf",
  },
];

/** RFC-6962 tree hash, level by level from the leaves (a different construction from the code's recursion). */
function naiveHash(stores: StoreRoot[]): Uint8Array {
  if (stores.length === 0) return sha();
  const sorted = [...stores].sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)));
  const leaf = (s: StoreRoot) => {
    const name = Buffer.from(s.name);
    return sha(Uint8Array.of(0), Uint8Array.of(name.length), name, Uint8Array.of(32), sha(s.root));
  };
  // Hash the largest power-of-two-sized perfect subtrees of the level from the left, then fold right to left.
  const perfect = (hs: Uint8Array[]): Uint8Array => {
    let level = hs;
    while (level.length > 1) {
      const next: Uint8Array[] = [];
      for (let i = 0; i < level.length; i += 2) next.push(sha(Uint8Array.of(1), level[i]!, level[i + 1]!));
      level = next;
    }
    return level[0]!;
  };
  const hashes = sorted.map(leaf);
  const chunks: Uint8Array[] = [];
  let rest = hashes;
  while (rest.length > 0) {
    let size = 1;
    while (size * 2 <= rest.length) size *= 2;
    chunks.push(perfect(rest.slice(0, size)));
    rest = rest.slice(size);
  }
  return chunks.reduceRight((right, left) => sha(Uint8Array.of(1), left, right));
}

/** Root an existence proof computes (ics23's Calculate for this leaf spec). */
function applyProof(p: CommitmentProof): Uint8Array {
  const e = p.exist!;
  let h = sha(e.leaf!.prefix, Uint8Array.of(e.key.length), e.key, Uint8Array.of(32), sha(e.value));
  for (const op of e.path) h = sha(op.prefix, h, op.suffix);
  return h;
}

describe("commit info (the app hash over the stores' roots)", () => {
  it("matches the SDK's CommitInfo.Hash and its ProofOp byte for byte", () => {
    for (const v of SDK_VECTORS) {
      const stores = storesOf(v.names);
      expect(hex(commitInfoHash(stores)), v.names.join(",")).toBe(v.hash);
      if (v.ibcProof) expect(hex(CommitmentProof.encode(commitInfoProof(stores, "ibc")).finish())).toBe(v.ibcProof);
    }
  });

  it("agrees with a naive tree for 1..40 stores in any order, and every store's proof yields the hash", () => {
    const rnd = prng(7);
    for (let n = 1; n <= 40; n++) {
      const stores = storesOf(Array.from({ length: n }, (_, i) => `s${Math.floor(rnd() * 1e9)}-${i}`));
      const hash = commitInfoHash(stores);
      expect(hex(hash)).toBe(hex(naiveHash(stores)));
      expect(hex(commitInfoHash([...stores].reverse()))).toBe(hex(hash));
      for (const s of stores) {
        const proof = commitInfoProof(stores, s.name);
        expect(hex(proof.exist!.value)).toBe(hex(s.root));
        expect(hex(applyProof(proof))).toBe(hex(hash));
      }
    }
  });

  it("changes with any root and refuses unknown, empty and repeated names", () => {
    const stores = storesOf(["acc", "bank", "ibc"]);
    const changed = stores.map((s, i) => (i === 1 ? { ...s, root: Uint8Array.from(s.root, (b, j) => (j === 0 ? b ^ 1 : b)) } : s));
    expect(hex(commitInfoHash(changed))).not.toBe(hex(commitInfoHash(stores)));
    expect(() => commitInfoProof(stores, "gov")).toThrow(/no store named gov/);
    expect(() => commitInfoHash([...stores, { name: "", root: new Uint8Array(32) }])).toThrow(/empty store name/);
    expect(() => commitInfoHash([...stores, { name: "bank", root: new Uint8Array(32) }])).toThrow(/store bank twice/);
  });
});
