import { cpSync, existsSync, readFileSync, renameSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../../helpers/temp-dirs";
import { CommitStore } from "../../../src/store/commit-store";
import { TRIES_IMAGE_FILE } from "../../../src/store/tries-image";
import { bin, prng, unbin, utf } from "./setup";

const tmp = tempDirs("tries-image-");
const STORES = ["acc", "bank", "x"];

/** A commit of `writes` random sets and deletes over a small key space, so keys come and go. */
async function randomCommit(store: CommitStore, rnd: () => number, writes: number): Promise<string> {
  const b = store.branch();
  for (let i = 0; i < writes; i++) {
    const key = `${STORES[Math.floor(rnd() * STORES.length)]}/${Math.floor(rnd() * 400)
      .toString(36)
      .repeat(1 + Math.floor(rnd() * 3))}`;
    if (rnd() < 0.3) b.delete(unbin(key));
    else b.set(unbin(key), utf(`v${store.lastHeight}-${i}`));
  }
  return Buffer.from((await store.commit(b, store.lastHeight + 1n)).appHash).toString("hex");
}

function everything(store: CommitStore): string[] {
  return [...store.iterator(undefined, undefined, false)].map(([k, v]) => `${bin(k)}=${bin(v)}`);
}

async function grownStore(dir: string, seed: number, commits: number): Promise<CommitStore> {
  const store = await CommitStore.open(dir, { stores: STORES });
  const rnd = prng(seed);
  for (let h = 0; h < commits; h++) await randomCommit(store, rnd, 60);
  return store;
}

describe("tries image", () => {
  it("close saves the tries; the next open reads them back and goes on exactly as a store that rebuilt them", async () => {
    const dir = tmp();
    const first = await grownStore(dir, 7, 12);
    const hash = Buffer.from(first.lastAppHash).toString("hex");
    await first.close();
    expect(existsSync(join(dir, TRIES_IMAGE_FILE))).toBe(true);

    // A copy without the image rebuilds from the records: the reference.
    const copy = tmp();
    cpSync(dir, copy, { recursive: true });
    renameSync(join(copy, TRIES_IMAGE_FILE), join(copy, "set-aside"));

    const imaged = await CommitStore.open(dir, { stores: STORES });
    const scanned = await CommitStore.open(copy, { stores: STORES });
    expect(imaged.openedFrom).toBe("tries image");
    expect(scanned.openedFrom).toBe("state scan");
    expect(existsSync(join(dir, TRIES_IMAGE_FILE))).toBe(false);
    expect(Buffer.from(imaged.lastAppHash).toString("hex")).toBe(hash);
    expect(imaged.size).toBe(scanned.size);
    expect(everything(imaged)).toEqual(everything(scanned));

    // The same commits on both (freed nodes and key bytes reused, arrays grown): same hashes and reads.
    const a = prng(99);
    const b = prng(99);
    for (let h = 0; h < 30; h++) {
      expect(await randomCommit(imaged, a, 90)).toBe(await randomCommit(scanned, b, 90));
    }
    // Many new keys while the old ones stay: the restored buffers and positions must hold both.
    for (const store of [imaged, scanned]) {
      const fresh = store.branch();
      for (let i = 0; i < 1500; i++) fresh.set(unbin(`x/fresh-${i}`), utf(`f${i}`));
      await store.commit(fresh, store.lastHeight + 1n);
    }
    expect(Buffer.from(imaged.lastAppHash)).toEqual(Buffer.from(scanned.lastAppHash));
    expect(everything(imaged)).toEqual(everything(scanned));
    const probe = unbin("bank/5");
    expect(imaged.has(probe)).toBe(scanned.has(probe));
    await imaged.close();
    await scanned.close();

    // And through a second save and restore.
    const again = await CommitStore.open(dir, { stores: STORES });
    expect(again.openedFrom).toBe("tries image");
    expect(everything(again)).toEqual(everything(await reopenedByScan(copy)));
    await again.close();
  });

  async function reopenedByScan(dir: string): Promise<CommitStore> {
    renameSync(join(dir, TRIES_IMAGE_FILE), join(dir, "set-aside"));
    const store = await CommitStore.open(dir, { stores: STORES });
    expect(store.openedFrom).toBe("state scan");
    return store;
  }

  it("an image of another height is not used, and is deleted", async () => {
    const dir = tmp();
    const store = await grownStore(dir, 3, 5);
    await store.close();
    const old = readFileSync(join(dir, TRIES_IMAGE_FILE));
    const next = await CommitStore.open(dir, { stores: STORES });
    await randomCommit(next, prng(4), 40);
    const hash = Buffer.from(next.lastAppHash).toString("hex");
    await next.close();
    writeFileSync(join(dir, TRIES_IMAGE_FILE), old);

    const reopened = await CommitStore.open(dir, { stores: STORES });
    expect(reopened.openedFrom).toBe("state scan");
    expect(Buffer.from(reopened.lastAppHash).toString("hex")).toBe(hash);
    expect(existsSync(join(dir, TRIES_IMAGE_FILE))).toBe(false);
    await reopened.close();
  });

  it("an image of the same height but another state (another app hash) is not used", async () => {
    const base = tmp();
    await (await grownStore(base, 5, 4)).close();
    const other = tmp();
    cpSync(base, other, { recursive: true });
    for (const [dir, seed] of [
      [base, 1],
      [other, 2],
    ] as const) {
      const s = await CommitStore.open(dir, { stores: STORES });
      await randomCommit(s, prng(seed), 40);
      await s.close();
    }
    writeFileSync(join(base, TRIES_IMAGE_FILE), readFileSync(join(other, TRIES_IMAGE_FILE)));
    const reopened = await CommitStore.open(base, { stores: STORES });
    expect(reopened.openedFrom).toBe("state scan");
    await reopened.close();
  });

  it.each([
    ["a flipped byte in its arrays", (f: string) => flipByte(f, Math.floor(statSync(f).size / 2))],
    ["a flipped byte in its header", (f: string) => flipByte(f, 40)],
    ["a cut end", (f: string) => truncateSync(f, statSync(f).size - 100)],
    ["no bytes", (f: string) => truncateSync(f, 0)],
  ])("an image with %s is not used: the store rebuilds and opens at the right app hash", async (_, damage) => {
    const dir = tmp();
    const store = await grownStore(dir, 11, 6);
    const hash = Buffer.from(store.lastAppHash).toString("hex");
    const reads = everything(store);
    await store.close();
    damage(join(dir, TRIES_IMAGE_FILE));
    const reopened = await CommitStore.open(dir, { stores: STORES });
    expect(reopened.openedFrom).toBe("state scan");
    expect(Buffer.from(reopened.lastAppHash).toString("hex")).toBe(hash);
    expect(everything(reopened)).toEqual(reads);
    await reopened.close();
  });

  it("an update computed but not committed at close is not saved, and the image's free lists serve the next commits as a rebuild's do", async () => {
    const dir = tmp();
    const store = await grownStore(dir, 13, 4);
    await store.close();
    const open = await CommitStore.open(dir, { stores: STORES });
    // A computed app hash for a block that is never committed, then a close.
    const b = open.branch();
    b.set(unbin("bank/uncommitted"), utf("x"));
    open.computeAppHash(b);
    const hash = Buffer.from(open.lastAppHash).toString("hex");
    await open.close();
    const reopened = await CommitStore.open(dir, { stores: STORES });
    expect(reopened.openedFrom).toBe("tries image");
    expect(reopened.get(unbin("bank/uncommitted"))).toBeUndefined();
    expect(Buffer.from(reopened.lastAppHash).toString("hex")).toBe(hash);
    // What the image held equals a rebuild, free lists included: the next commits agree.
    const copy = tmp();
    await reopened.close();
    cpSync(dir, copy, { recursive: true });
    const imaged = await CommitStore.open(dir, { stores: STORES });
    const scanned = await reopenedByScan(copy);
    expect(await randomCommit(imaged, prng(8), 80)).toBe(await randomCommit(scanned, prng(8), 80));
    await imaged.close();
    await scanned.close();
  });
});

function flipByte(file: string, at: number): void {
  const bytes = readFileSync(file);
  bytes[at] ^= 0x01;
  writeFileSync(file, bytes);
}
