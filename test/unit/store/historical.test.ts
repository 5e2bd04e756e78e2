import { describe, expect, it } from "vitest";
import { tempDirs } from "../../helpers/temp-dirs";
import { CommitStore } from "../../../src/store/commit-store";
import { verifyExistence, verifyNonExistence } from "../../../src/types/ics23";
import { commitInfoHash } from "../../../src/store/commit-info";
import { IAVL_STORE_SPEC } from "../../../src/types/commitment-spec";
import { bin, hex, naiveAppHash, prng, unbin, utf } from "./setup";

const tmp = tempDirs("historical-");

type State = Map<string, Uint8Array>;

/** 20 random writes and deletes over 60 keys, committed; the model follows; meta records the height. */
async function commitRandom(store: CommitStore, model: State, rnd: () => number, height: bigint): Promise<void> {
  const b = store.branch();
  for (let i = 0; i < 20; i++) {
    const k = utf("s/k" + Math.floor(rnd() * 60));
    if (rnd() < 0.25) {
      b.delete(k);
      model.delete(bin(k));
    } else {
      const v = utf(`h${height}-${i}`);
      b.set(k, v);
      model.set(bin(k), v);
    }
  }
  await store.commit(b, height, [[utf("time"), utf(String(height))]]);
}

const sorted = (m: State) => [...m].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, hex(v)]);

describe("CommitStore.stateAt", () => {
  it("reads every retained height exactly as it was committed, with its meta and app hash, and proves its values", async () => {
    const s = await CommitStore.open(tmp(), { keepRecent: 0, sync: false });
    const rnd = prng(21);
    const model: State = new Map();
    const history: Array<{ state: State; hash: string }> = [{ state: new Map(), hash: hex(s.lastAppHash) }];
    for (let h = 1n; h <= 30n; h++) {
      await commitRandom(s, model, rnd, h);
      history.push({ state: new Map(model), hash: hex(s.lastAppHash) });
    }
    expect(s.oldestHeight).toBe(0n);
    for (const h of [0, 1, 7, 29, 30]) {
      const view = (await s.stateAt(BigInt(h)))!;
      expect(view.current()).toBe(true);
      expect(hex(view.appHash)).toBe(history[h]!.hash);
      expect(hex(naiveAppHash([...history[h]!.state].map(([k, v]) => [unbin(k), v])))).toBe(history[h]!.hash);
      expect([...view.iterator()].map(([k, v]) => [bin(k), hex(v)])).toEqual(sorted(history[h]!.state));
      expect([...view.iterator(undefined, undefined, true)].length).toBe(history[h]!.state.size);
      const time = view.getMeta(utf("time"));
      expect(time && new TextDecoder().decode(time)).toBe(h === 0 ? undefined : String(h));
      // Height 0 has no key: nothing to prove a key's absence by.
      for (let i = 0; i < 60 && h > 0; i += 7) {
        const key = utf("s/k" + i);
        const want = history[h]!.state.get(bin(key));
        expect(hex(view.get(key) ?? new Uint8Array())).toBe(hex(want ?? new Uint8Array()));
        const { value, proof, storeRoots } = s.proveInStore("s", utf("k" + i), view);
        expect(hex(commitInfoHash(storeRoots))).toBe(history[h]!.hash);
        const root = storeRoots.find((r) => r.name === "s")!.root;
        expect(value && hex(value)).toBe(want && hex(want));
        if (want) {
          expect(verifyExistence(IAVL_STORE_SPEC, proof.exist!, root, utf("k" + i), want)).toBe(true);
          expect(verifyExistence(IAVL_STORE_SPEC, proof.exist!, root, utf("k" + i), utf("tampered"))).toBe(false);
        } else {
          expect(verifyNonExistence(IAVL_STORE_SPEC, proof.nonexist!, root, utf("k" + i))).toBe(true);
        }
      }
    }
    // The proofs did not disturb the committed tree: the next commit still predicts right.
    await commitRandom(s, model, rnd, 31n);
    expect(hex(s.lastAppHash)).toBe(hex(naiveAppHash([...model].map(([k, v]) => [unbin(k), v]))));
    expect(await s.stateAt(32n)).toBeUndefined();
    await s.close();
  });

  it("refuses heights whose undo logs were pruned, and a view goes stale once a commit moves the base", async () => {
    const s = await CommitStore.open(tmp(), { keepRecent: 5, pruneInterval: 10, sync: false });
    const rnd = prng(5);
    const model: State = new Map();
    for (let h = 1n; h <= 19n; h++) await commitRandom(s, model, rnd, h);
    // Logs are deleted only at multiples of the interval: at 10 those up to 5 went.
    expect(s.oldestHeight).toBe(5n);
    expect(s.rollbackHeights.length).toBe(14);
    await commitRandom(s, model, rnd, 20n);
    expect(s.rollbackHeights).toEqual([16n, 17n, 18n, 19n, 20n]);
    expect(s.oldestHeight).toBe(15n);
    expect(await s.stateAt(14n)).toBeUndefined();
    const view = (await s.stateAt(15n))!;
    expect(view.current()).toBe(true);
    await commitRandom(s, model, rnd, 21n);
    expect(view.current()).toBe(false);
    expect(() => s.proveInStore("s", utf("k1"), view)).toThrow(/out of date/);
    expect(() => s.storeRoots(view)).toThrow(/out of date/);
    await s.close();
  });
});
