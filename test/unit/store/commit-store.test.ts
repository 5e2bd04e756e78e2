import { ClassicLevel } from "classic-level";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../../helpers/temp-dirs";
import { CommitStore } from "../../../src/store/commit-store";
import { TRIES_IMAGE_FILE } from "../../../src/store/tries-image";
import { verifyExistence, verifyNonExistence } from "../../../src/types/ics23";
import { commitInfoHash } from "../../../src/store/commit-info";
import { sha256 } from "../../../src/store/hash";
import { IAVL_STORE_SPEC } from "../../../src/types/commitment-spec";
import { blockWrites } from "./fixtures/crash-model";
import { bin, hex, naiveAppHash, naiveStoreRoot, prng, unbin, utf } from "./setup";

const tmp = tempDirs("commit-store-");

type State = Map<string, Uint8Array>;
const rootOf = (s: State, stores: readonly string[] = []) =>
  naiveAppHash(
    [...s].map(([k, v]) => [unbin(k), v]),
    stores,
  );

/** Applies one random block to the store and the model. */
async function randomBlock(store: CommitStore, model: State, rnd: () => number, height: bigint) {
  const b = store.branch();
  for (let i = 0; i < 30; i++) {
    const k = utf((rnd() < 0.5 ? "s/k" : "t/k") + Math.floor(rnd() * 200));
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

function expectState(store: CommitStore, model: State, stores: readonly string[] = [], appHash = rootOf(model, stores)) {
  const got = [...store.iterator()].map(([k, v]) => [bin(k), bin(v)]);
  const want = [...model].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, bin(v)]);
  expect(got).toEqual(want);
  expect(hex(store.lastAppHash)).toBe(hex(appHash));
}

describe("CommitStore", () => {
  it("starts empty at height 0 with the commit info of no store and is read-only", async () => {
    const s = await CommitStore.open(tmp());
    expect(s.lastHeight).toBe(0n);
    expect(hex(s.lastAppHash)).toBe(hex(sha256(new Uint8Array())));
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
    expect([...s.iterator(utf("s/k1"), utf("s/k2"), true)].map(([k]) => bin(k))).toEqual(
      [...model.keys()]
        .filter((k) => k >= "s/k1" && k < "s/k2")
        .sort()
        .reverse(),
    );
    expect(new TextDecoder().decode(s.getMeta(utf("block/7")))).toBe("meta");
    // Proofs against the committed store roots, which give the app hash.
    const [someKey, someVal] = [...model].find(([k]) => k.startsWith("s/"))!;
    const p = s.proveInStore("s", unbin(someKey.slice(2)));
    expect(hex(commitInfoHash(p.storeRoots))).toBe(hash);
    const sRoot = p.storeRoots.find((r) => r.name === "s")!.root;
    expect(hex(sRoot)).toBe(hex(naiveStoreRoot([...model].filter(([k]) => k.startsWith("s/")).map(([k, v]) => [unbin(k.slice(2)), v]))));
    expect(verifyExistence(IAVL_STORE_SPEC, p.proof.exist!, sRoot, unbin(someKey.slice(2)), someVal)).toBe(true);
    const absent = s.proveInStore("s", utf("nope"));
    expect(absent.value).toBeUndefined();
    expect(verifyNonExistence(IAVL_STORE_SPEC, absent.proof.nonexist!, sRoot, utf("nope"))).toBe(true);
    // Continue after reopen: nodes from disk must combine with new ones.
    await randomBlock(s, model, rnd, 16n);
    expectState(s, model);
    await expect(s.commit(s.branch(), 18n)).rejects.toThrow(/does not follow/);
    await s.close();
  });

  it("refuses to compute an app hash while a commit is being written", async () => {
    const s = await CommitStore.open(tmp(), { sync: false });
    const b = s.branch();
    b.set(utf("s/a"), utf("1"));
    const committing = s.commit(b, 1n);
    const other = s.branch();
    other.set(utf("s/b"), utf("2"));
    expect(() => s.computeAppHash(other)).toThrow(/in progress/);
    await committing;
    expect(hex(s.lastAppHash)).toBe(hex(naiveAppHash([[utf("s/a"), utf("1")]])));
    await s.close();
  });

  it("reuses computeAppHash for an unchanged branch and recomputes after a change", async () => {
    const s = await CommitStore.open(tmp(), { sync: false });
    const b = s.branch();
    b.set(utf("s/a"), utf("1"));
    const h1 = s.computeAppHash(b);
    b.set(utf("s/b"), utf("2"));
    const h2 = s.computeAppHash(b);
    expect(hex(h2)).not.toBe(hex(h1));
    const info = await s.commit(b, 1n);
    expect(hex(info.appHash)).toBe(
      hex(
        naiveAppHash([
          [utf("s/a"), utf("1")],
          [utf("s/b"), utf("2")],
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

  it("stores one value-hash record per key, no tree records, and prunes undo logs older than keepRecent heights", async () => {
    const dir = tmp();
    const rnd = prng(3);
    const model: State = new Map();
    const s = await CommitStore.open(dir, { keepRecent: 2, sync: false });
    for (let h = 1n; h <= 20n; h++) await randomBlock(s, model, rnd, h);
    // Per store n leaves and n - 1 inner nodes.
    const liveNodes = s.treeNodes;
    expect(liveNodes).toBe(2 * model.size - 2);
    await s.close();
    const db = new ClassicLevel<Uint8Array, Uint8Array>(dir, { keyEncoding: "view", valueEncoding: "view" });
    const entries = async (ns: number) => {
      const out: Array<[string, string]> = [];
      for await (const [k, v] of db.iterator({ gte: Uint8Array.of(ns), lt: Uint8Array.of(ns + 1) })) out.push([bin(k.subarray(1)), hex(v)]);
      return out;
    };
    expect(await entries(0x76)).toEqual([...model].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, hex(sha256(v))]));
    for (const ns of [0x74, 0x68, 0x6f]) expect(await entries(ns)).toEqual([]);
    const undo = (await entries(0x75)).map(([k]) => hex(unbin(k)));
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

  it("refuses to open when the stored value hashes do not give the app hash", async () => {
    const dir = tmp();
    const s = await CommitStore.open(dir, { sync: false });
    const b = s.branch();
    b.set(utf("s/only"), utf("one"));
    b.set(utf("s/other"), utf("two"));
    await s.commit(b, 1n);
    await s.close();
    // The check is the rebuild's: without the tries image a clean close leaves (as after a crash).
    rmSync(join(dir, TRIES_IMAGE_FILE));
    const edit = async (fn: (db: ClassicLevel<Uint8Array, Uint8Array>) => Promise<void>) => {
      const db = new ClassicLevel<Uint8Array, Uint8Array>(dir, { keyEncoding: "view", valueEncoding: "view" });
      await fn(db);
      await db.close();
    };
    const record = Uint8Array.of(0x76, ...utf("s/only"));
    const good = await (async () => {
      let v: Uint8Array | undefined;
      await edit(async (db) => void (v = await db.get(record)));
      return v!;
    })();
    // A changed value hash...
    await edit((db) =>
      db.put(
        record,
        Uint8Array.from(good, (x, i) => (i === 0 ? x ^ 1 : x)),
      ),
    );
    await expect(CommitStore.open(dir)).rejects.toThrow(/do not give the app hash of height 1/);
    // ...a cut one...
    await edit((db) => db.put(record, good.subarray(0, 30)));
    await expect(CommitStore.open(dir)).rejects.toThrow(/value-hash record/);
    // ...and a missing key.
    await edit((db) => db.del(record));
    await expect(CommitStore.open(dir)).rejects.toThrow(/do not give the app hash/);
    await edit((db) => db.put(record, good));
    const back = await CommitStore.open(dir);
    expect(back.lastHeight).toBe(1n);
    await back.close();
  });

  it("names the stores it was opened with, even empty, and a store added later joins at the next commit", async () => {
    const dir = tmp();
    let s = await CommitStore.open(dir, { stores: ["bank", "ibc"], sync: false });
    const model: State = new Map([[bin(utf("bank/a")), utf("1")]]);
    const b = s.branch();
    b.set(utf("bank/a"), utf("1"));
    await s.commit(b, 1n);
    expect(hex(s.lastAppHash)).toBe(hex(rootOf(model, ["bank", "ibc"])));
    expect(s.storeRoots().map((r) => [r.name, hex(r.root)])).toEqual([
      ["bank", hex(naiveStoreRoot([[utf("a"), utf("1")]]))],
      ["ibc", hex(sha256(new Uint8Array()))],
    ]);
    expect(() => s.proveInStore("ibc", utf("x"))).toThrow(/empty/);
    expect(() => s.proveInStore("nope", utf("x"))).toThrow(/no store named nope/);
    await s.close();
    // An upgrade adds a module: the height already committed keeps its app hash...
    s = await CommitStore.open(dir, { stores: ["bank", "ibc", "nft"], sync: false });
    expect(s.storeRoots().map((r) => r.name)).toEqual(["bank", "ibc"]);
    // ...and the next commit names the new store.
    const c = s.branch();
    c.set(utf("bank/b"), utf("2"));
    model.set(bin(utf("bank/b")), utf("2"));
    await s.commit(c, 2n);
    expect(hex(s.lastAppHash)).toBe(hex(rootOf(model, ["bank", "ibc", "nft"])));
    await s.close();
    // Stores once named stay named, whatever the node is opened with; rollback names the earlier set again.
    s = await CommitStore.open(dir, { sync: false });
    expect(s.storeRoots().map((r) => r.name)).toEqual(["bank", "ibc", "nft"]);
    const d = s.branch();
    d.set(utf("extra/x"), utf("3"));
    await s.commit(d, 3n);
    expect(s.storeRoots().map((r) => r.name)).toEqual(["bank", "extra", "ibc", "nft"]);
    await s.rollback();
    expect(s.storeRoots().map((r) => r.name)).toEqual(["bank", "ibc", "nft"]);
    expect(hex(s.lastAppHash)).toBe(hex(rootOf(model, ["bank", "ibc", "nft"])));
    await s.close();
  });

  /** A store of an earlier single-tree format at height 7 over `model`, with an undo log of height 7. */
  async function legacyStore(format: 1 | 2, model: State): Promise<{ dir: string; hash: Uint8Array }> {
    const dir = tmp();
    const db = new ClassicLevel<Uint8Array, Uint8Array>(dir, { keyEncoding: "view", valueEncoding: "view" });
    await db.open();
    for (const [k, v] of model) await db.put(Uint8Array.of(0x73, ...unbin(k)), v);
    // The old tree's records: pages or nodes, orphan lists, the key-hash index.
    await db.put(Uint8Array.of(0x74, ...new Uint8Array(11), 7), new Uint8Array(89));
    await db.put(Uint8Array.of(0x6f, ...new Uint8Array(7), 7), new Uint8Array(12));
    await db.put(Uint8Array.of(0x68, ...new Uint8Array(32)), utf("a"));
    const height = Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 7);
    // Whatever the old tree's root was: the consensus engine has it, the store keeps it.
    const hash = sha256(utf("the single tree's root"));
    const tail = format === 1 ? [12, ...new Uint8Array(11), 7] : [2];
    await db.put(Uint8Array.of(0x6d), Uint8Array.of(...height, ...hash, ...tail));
    // Height 7's undo log (format 2): it restores height 6, whose app hash no trie gives.
    const prev = Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 6, ...sha256(utf("6")), 2);
    const undo = Uint8Array.of(0, 0, 0, prev.length, ...prev, 0, 0, 0, 0, 0, 0, 0, 0);
    await db.put(Uint8Array.of(0x75, ...height), undo);
    await db.close();
    return { dir, hash };
  }

  for (const format of [1, 2] as const) {
    it(`converts a store of format ${format} (one tree over every key) at open; proofs and rollback start above that height`, async () => {
      const model: State = new Map([
        [bin(utf("bank/a")), utf("1")],
        [bin(utf("bank/b")), utf("2")],
        [bin(utf("gov/c")), utf("3")],
      ]);
      const { dir, hash } = await legacyStore(format, model);
      let s = await CommitStore.open(dir, { stores: ["bank", "gov", "ibc"] });
      expect(s.lastHeight).toBe(7n);
      expect(hex(s.lastAppHash)).toBe(hex(hash));
      expect(s.convertedAt).toBe(7n);
      expectState(s, model, ["bank", "gov", "ibc"], hash);
      expect(() => s.storeRoots()).toThrow(/single-tree app hash .* converted from at height 7/);
      expect(() => s.proveInStore("bank", utf("a"))).toThrow(/converted/);
      await expect(s.rollback()).rejects.toThrow(/cannot roll back height 7: heights up to 7/);
      expect(s.rollbackHeights).toEqual([]);
      await s.close();
      // Reopening before the next commit: no tree to check against the old app hash, no second conversion.
      s = await CommitStore.open(dir, { stores: ["bank", "gov", "ibc"] });
      expect(hex(s.lastAppHash)).toBe(hex(hash));
      await randomBlock(s, model, prng(6), 8n);
      // The first commit after the conversion: the app hash over the store roots.
      expect(hex(s.lastAppHash)).toBe(hex(rootOf(model, ["bank", "gov", "ibc"])));
      const p = s.proveInStore("bank", utf("a"));
      expect(hex(commitInfoHash(p.storeRoots))).toBe(hex(s.lastAppHash));
      await expect(s.rollback()).rejects.toThrow(/cannot roll back height 8: heights up to 7/);
      expect(s.rollbackHeights).toEqual([]);
      await expect(s.stateAt(6n)).rejects.toThrow(/no state of height 6: heights up to 7/);
      const at7 = (await s.stateAt(7n))!;
      expect(hex(at7.appHash)).toBe(hex(hash));
      expect(() => s.proveInStore("bank", utf("a"), at7)).toThrow(/no store roots of height 7/);
      const model8 = new Map(model);
      await randomBlock(s, model, prng(7), 9n);
      const at8 = (await s.stateAt(8n))!;
      expect(hex(commitInfoHash(s.storeRoots(at8)))).toBe(hex(at8.appHash));
      expect(s.rollbackHeights).toEqual([9n]);
      await s.rollback();
      expect(s.lastHeight).toBe(8n);
      await s.close();
      s = await CommitStore.open(dir);
      expectState(s, model8, ["bank", "gov", "ibc"]);
      await s.close();
      const raw = new ClassicLevel<Uint8Array, Uint8Array>(dir, { keyEncoding: "view", valueEncoding: "view" });
      for (const ns of [0x74, 0x6f, 0x68]) {
        for await (const _ of raw.keys({ gte: Uint8Array.of(ns), lt: Uint8Array.of(ns + 1) }))
          throw new Error(`records of namespace ${ns} left behind`);
      }
      await raw.close();
    });
  }
});
