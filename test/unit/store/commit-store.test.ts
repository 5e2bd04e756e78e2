import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClassicLevel } from "classic-level";
import { afterAll, describe, expect, it } from "vitest";
import { CommitStore } from "../../../src/store/commit-store";
import { verifyExistence, verifyNonExistence } from "../../../src/store/smt-proof";
import { blockWrites } from "./fixtures/crash-model";
import { bin, hex, naiveRoot, prng, unbin, utf } from "./setup";

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), "commit-store-"));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

type State = Map<string, Uint8Array>;
const rootOf = (s: State) => naiveRoot([...s].map(([k, v]) => [unbin(k), v]));

/** Applies one random block to the store and the model. */
async function randomBlock(store: CommitStore, model: State, rnd: () => number, height: bigint) {
  const b = store.branch();
  for (let i = 0; i < 30; i++) {
    const k = utf("k" + Math.floor(rnd() * 200));
    if (rnd() < 0.3) {
      b.delete(k);
      model.delete(bin(k));
    } else {
      const v = utf("h" + height + "-" + i);
      b.set(k, v);
      model.set(bin(k), v);
    }
  }
  const predicted = store.computeAppHash(b);
  const info = await store.commit(b, height, [
    [utf("block/" + height), utf("meta")],
    [utf("last"), utf(String(height))],
  ]);
  expect(hex(info.appHash)).toBe(hex(predicted));
  return info;
}

function expectState(store: CommitStore, model: State) {
  const got = [...store.iterator()].map(([k, v]) => [bin(k), bin(v)]);
  const want = [...model].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, bin(v)]);
  expect(got).toEqual(want);
  expect(hex(store.lastAppHash)).toBe(hex(rootOf(model)));
}

describe("CommitStore", () => {
  it("starts empty at height 0 with the zero root and is read-only", async () => {
    const s = await CommitStore.open(tmp());
    expect(s.lastHeight).toBe(0n);
    expect(hex(s.lastAppHash)).toBe("00".repeat(32));
    expect(() => s.set()).toThrow(/read-only/);
    await expect(s.rollback()).rejects.toThrow(/no undo information/);
    await s.close();
  });

  it("commits, reopens with the same height, hash and state, and iterates after reopen", async () => {
    const dir = tmp();
    const rnd = prng(5);
    const model: State = new Map();
    let s = await CommitStore.open(dir, { sync: false });
    for (let h = 1n; h <= 15n; h++) await randomBlock(s, model, rnd, h);
    expectState(s, model);
    const hash = hex(s.lastAppHash);
    await s.close();
    s = await CommitStore.open(dir, { sync: false });
    expect(s.lastHeight).toBe(15n);
    expect(hex(s.lastAppHash)).toBe(hash);
    expectState(s, model);
    expect([...s.iterator(utf("k1"), utf("k2"), true)].map(([k]) => bin(k))).toEqual(
      [...model.keys()]
        .filter((k) => k >= "k1" && k < "k2")
        .sort()
        .reverse(),
    );
    expect(new TextDecoder().decode(s.getMeta(utf("block/7")))).toBe("meta");
    // Proofs against the committed root.
    const [someKey, someVal] = [...model][0]!;
    const p = s.prove(unbin(someKey));
    expect(verifyExistence(s.lastAppHash, unbin(someKey), someVal, p.proof)).toBe(true);
    const absent = s.prove(utf("nope"));
    expect(absent.value).toBeUndefined();
    expect(verifyNonExistence(s.lastAppHash, utf("nope"), absent.proof)).toBe(true);
    // Continue after reopen: nodes from disk must combine with new ones.
    await randomBlock(s, model, rnd, 16n);
    expectState(s, model);
    await expect(s.commit(s.branch(), 18n)).rejects.toThrow(/does not follow/);
    await s.close();
  });

  it("refuses to compute an app hash while a commit is being written", async () => {
    const s = await CommitStore.open(tmp(), { sync: false });
    const b = s.branch();
    b.set(utf("a"), utf("1"));
    const committing = s.commit(b, 1n);
    const other = s.branch();
    other.set(utf("b"), utf("2"));
    expect(() => s.computeAppHash(other)).toThrow(/in progress/);
    await committing;
    expect(hex(s.lastAppHash)).toBe(hex(naiveRoot([[utf("a"), utf("1")]])));
    await s.close();
  });

  it("reuses computeAppHash for an unchanged branch and recomputes after a change", async () => {
    const s = await CommitStore.open(tmp(), { sync: false });
    const b = s.branch();
    b.set(utf("a"), utf("1"));
    const h1 = s.computeAppHash(b);
    b.set(utf("b"), utf("2"));
    const h2 = s.computeAppHash(b);
    expect(hex(h2)).not.toBe(hex(h1));
    const info = await s.commit(b, 1n);
    expect(hex(info.appHash)).toBe(
      hex(
        naiveRoot([
          [utf("a"), utf("1")],
          [utf("b"), utf("2")],
        ]),
      ),
    );
    await s.close();
  });

  it("rolls back keepRecent heights exactly, then refuses", async () => {
    const dir = tmp();
    const rnd = prng(8);
    const model: State = new Map();
    const s = await CommitStore.open(dir, { keepRecent: 3, sync: false });
    const snapshots: Array<{ state: State; hash: string }> = [{ state: new Map(), hash: hex(s.lastAppHash) }];
    for (let h = 1n; h <= 8n; h++) {
      await randomBlock(s, model, rnd, h);
      snapshots.push({ state: new Map(model), hash: hex(s.lastAppHash) });
    }
    expect(s.rollbackHeights).toEqual([6n, 7n, 8n]);
    for (let h = 7; h >= 5; h--) {
      const info = await s.rollback();
      expect(info.height).toBe(BigInt(h));
      expect(hex(info.appHash)).toBe(snapshots[h]!.hash);
      expectState(s, snapshots[h]!.state);
      // Meta goes back too: the height's own entry is gone, the overwritten one restored.
      expect(s.getMeta(utf("block/" + (h + 1)))).toBeUndefined();
      expect(new TextDecoder().decode(s.getMeta(utf("last")))).toBe(String(h));
    }
    await expect(s.rollback()).rejects.toThrow(/no undo information/);
    // Committing again after rollback reuses node keys of the undone heights safely.
    const again = new Map(snapshots[5]!.state);
    await randomBlock(s, again, prng(99), 6n);
    expectState(s, again);
    await s.close();
    const re = await CommitStore.open(dir, { keepRecent: 3 });
    expect(re.lastHeight).toBe(6n);
    expectState(re, again);
    await re.close();
  });

  it("stores exactly the live tree and prunes undo logs older than keepRecent heights", async () => {
    const dir = tmp();
    const rnd = prng(3);
    const model: State = new Map();
    const s = await CommitStore.open(dir, { keepRecent: 2, sync: false });
    for (let h = 1n; h <= 20n; h++) await randomBlock(s, model, rnd, h);
    const liveNodes = s.treeNodes;
    await s.close();
    const db = new ClassicLevel<Uint8Array, Uint8Array>(dir, { keyEncoding: "view", valueEncoding: "view" });
    const count = async (ns: number) => {
      let n = 0;
      for await (const _ of db.keys({ gte: Uint8Array.of(ns), lt: Uint8Array.of(ns + 1) })) n++;
      return n;
    };
    // Pages of the current tree only (reopening checks they form exactly the tree): a commit
    // overwrites what it changed and deletes pages that emptied.
    expect(liveNodes).toBeGreaterThanOrEqual(2 * model.size - 1);
    const pages = await count(0x74);
    expect(pages).toBeGreaterThan(0);
    expect(pages).toBeLessThan(liveNodes / 2);
    const undo: string[] = [];
    for await (const k of db.keys({ gte: Uint8Array.of(0x75), lt: Uint8Array.of(0x76) })) undo.push(hex(k.subarray(1)));
    expect(undo).toEqual([hex(Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 19)), hex(Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 20))]);
    await db.close();
    const re = await CommitStore.open(dir);
    expect(re.treeNodes).toBe(liveNodes);
    expectState(re, model);
    await re.close();
  });

  it("a store reopened after every commit keeps the same tree as one never reopened", async () => {
    const steady = await CommitStore.open(tmp(), { sync: false });
    const dir = tmp();
    let reopened = await CommitStore.open(dir, { sync: false });
    for (let h = 1n; h <= 25n; h++) {
      const write = (s: CommitStore) => {
        const b = s.branch();
        for (const [k, v] of blockWrites(h)) {
          if (v === undefined) b.delete(k);
          else b.set(k, v);
        }
        return s.commit(b, h);
      };
      const [a, b] = [await write(steady), await write(reopened)];
      expect(hex(b.appHash)).toBe(hex(a.appHash));
      await reopened.close();
      reopened = await CommitStore.open(dir, { sync: false });
      expect(reopened.treeNodes).toBe(steady.treeNodes);
    }
    await Promise.all([steady.close(), reopened.close()]);
  });

  it("refuses to open when the stored tree does not match the app hash or is not a tree", async () => {
    const dir = tmp();
    const s = await CommitStore.open(dir, { sync: false });
    const b = s.branch();
    b.set(utf("only"), utf("one"));
    await s.commit(b, 1n);
    await s.close();
    const rewriteRoot = async (edit: (v: Uint8Array) => Uint8Array) => {
      const db = new ClassicLevel<Uint8Array, Uint8Array>(dir, { keyEncoding: "view", valueEncoding: "view" });
      const rootPage = Uint8Array.of(0x74, 0);
      await db.put(rootPage, edit(Uint8Array.from((await db.get(rootPage))!)));
      await db.close();
    };
    // The root page is the lone leaf: tag, keyHash, valueHash. A changed value hash...
    await rewriteRoot((v) => {
      v[40] = v[40]! ^ 1;
      return v;
    });
    await expect(CommitStore.open(dir)).rejects.toThrow(/does not match the app hash/);
    // ...and a cut page.
    await rewriteRoot((v) => v.subarray(0, 30));
    await expect(CommitStore.open(dir)).rejects.toThrow(/tree page: truncated/);
  });

  it("upgrades a store of the node-key format by rebuilding the tree from the state", async () => {
    const dir = tmp();
    const model: State = new Map([
      [bin(utf("a")), utf("1")],
      [bin(utf("b")), utf("2")],
      [bin(utf("c")), utf("3")],
    ]);
    const db = new ClassicLevel<Uint8Array, Uint8Array>(dir, { keyEncoding: "view", valueEncoding: "view" });
    await db.open();
    for (const [k, v] of model) await db.put(Uint8Array.of(0x73, ...unbin(k)), v);
    // Format 1: node-keyed tree records, orphan lists, root node key in the commit record.
    await db.put(Uint8Array.of(0x74, ...new Uint8Array(11), 7), new Uint8Array(89));
    await db.put(Uint8Array.of(0x6f, ...new Uint8Array(7), 7), new Uint8Array(12));
    const height = new Uint8Array(8);
    height[7] = 7;
    await db.put(Uint8Array.of(0x6d), Uint8Array.of(...height, ...rootOf(model), 12, ...new Uint8Array(11), 7));
    await db.close();

    let s = await CommitStore.open(dir);
    expect(s.lastHeight).toBe(7n);
    expectState(s, model);
    await randomBlock(s, model, prng(6), 8n);
    await s.close();
    s = await CommitStore.open(dir);
    expectState(s, model);
    await s.close();
    const raw = new ClassicLevel<Uint8Array, Uint8Array>(dir, { keyEncoding: "view", valueEncoding: "view" });
    for await (const _ of raw.keys({ gte: Uint8Array.of(0x6f), lt: Uint8Array.of(0x70) })) throw new Error("orphan lists left behind");
    await raw.close();
  });
});
