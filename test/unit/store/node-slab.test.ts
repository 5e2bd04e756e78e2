import { describe, expect, it } from "vitest";
import { NodeSlab } from "../../../src/store/node-slab.js";
import { encodeNode, type TreeNode } from "../../../src/store/smt-node.js";

const filled = (n: number, len: number) => new Uint8Array(len).fill(n);
const leaf = (n: number): TreeNode => ({ t: "leaf", keyHash: filled(n, 32), valueHash: filled(n + 1, 32) });
const inner = (n: number): TreeNode => ({
  t: "inner",
  left: { hash: filled(n, 32), key: filled(n, 12) },
  right: n % 2 ? null : { hash: filled(n + 1, 32), key: filled(n + 1, 12) },
});
const nodeOf = (i: number) => (i % 3 ? inner(i) : leaf(i));

describe("NodeSlab", () => {
  it("returns what was stored, leaf and inner alike, and forgets deleted entries", () => {
    const slab = new NodeSlab(100);
    for (let i = 1; i <= 30; i++) slab.set("k" + i, encodeNode(nodeOf(i)));
    for (let i = 1; i <= 30; i++) expect(slab.get("k" + i)).toEqual(nodeOf(i));
    slab.delete("k7");
    expect(slab.get("k7")).toBeUndefined();
    slab.set("k8", encodeNode(leaf(200)));
    expect(slab.get("k8")).toEqual(leaf(200));
    slab.setFresh("fresh", encodeNode(inner(4)));
    expect(slab.get("fresh")).toEqual(inner(4));
  });

  it("stays within its capacity, keeps recently used entries, and reused slots never alter nodes handed out", () => {
    const slab = new NodeSlab(10);
    slab.set("hot", encodeNode(inner(2)));
    const handedOut = slab.get("hot")!;
    for (let i = 1; i <= 200; i++) {
      slab.set("k" + i, encodeNode(nodeOf(i)));
      expect(slab.get("hot")).toEqual(inner(2));
      expect(slab.size).toBeLessThanOrEqual(10);
    }
    expect(slab.get("k1")).toBeUndefined();
    expect(slab.get("k200")).toEqual(nodeOf(200));
    expect(handedOut).toEqual(inner(2));
    slab.clear();
    expect(slab.get("hot")).toBeUndefined();
    expect(new NodeSlab(0).get("x")).toBeUndefined();
  });
});
