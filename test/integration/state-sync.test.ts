import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as abci from "cosmjs-types/tendermint/abci/types";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { QueryBalanceRequest, QueryBalanceResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { App } from "../../src/app/app";
import { buildModules } from "../../src/app/modules";
import { SnapshotManager } from "../../src/node/snapshots/manager";
import { silentLogger } from "../../src/types/logger";
import { DENOM, pack, TestChain, testKey } from "../helpers/chain";
import { createTestGovModule } from "../helpers/test-gov";

const Result = abci.ResponseApplySnapshotChunk_Result;
const Offer = abci.ResponseOfferSnapshot_Result;

/** Snapshots taken while blocks go on, served in chunks and restored into a fresh app. */
describe("state sync snapshots", () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = mkdtempSync(join(tmpdir(), "snap-"));
    dirs.push(d);
    return d;
  };
  let source: TestChain;
  let manager: SnapshotManager;
  let height: bigint;
  let snapshot: abci.Snapshot;
  let trusted: Uint8Array;
  const alice = testKey("alice");
  const bob = testKey("bob");

  const balanceAt = async (app: App, h: bigint) => {
    const res = await app.query({
      path: "/cosmos.bank.v1beta1.Query/Balance",
      data: QueryBalanceRequest.encode({ address: bob.address, denom: DENOM }).finish(),
      height: h,
      prove: false,
    });
    expect(res.code).toBe(0);
    return QueryBalanceResponse.decode(res.value).balance!.amount;
  };
  const send = (amount: number) =>
    source.mustDeliver(alice, [
      pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
        fromAddress: alice.address,
        toAddress: bob.address,
        amount: [{ denom: DENOM, amount: String(amount) }],
      }),
    ]);
  // The same modules as the source chain: every module's store is named in the app hash.
  const freshApp = () =>
    App.open({ dataDir: join(tmp(), "app"), modules: buildModules({ extraModules: [createTestGovModule()] }), logger: silentLogger });
  const chunks = async (m: SnapshotManager) =>
    Promise.all(
      Array.from({ length: snapshot.chunks }, (_, i) =>
        m.loadSnapshotChunk({ height: snapshot.height, format: snapshot.format, chunk: i }).then((r) => r.chunk),
      ),
    );

  beforeAll(async () => {
    source = await TestChain.create();
    for (let i = 1; i <= 10; i++) await send(i);
    height = source.app.lastHeight;
    // Small chunks and steps: several chunks, and blocks committed while the snapshot is written.
    manager = new SnapshotManager(source.app, {
      dir: tmp(),
      interval: 1,
      keepRecent: 2,
      chunkBytes: 4096,
      stepKeys: 20,
      logger: silentLogger,
    });
    manager.afterCommit(height);
    for (let i = 11; i <= 14; i++) await send(i);
    await manager.idle();
    snapshot = manager.listSnapshots().snapshots[0]!;
    trusted = (await source.app.store.stateAt(height))!.appHash;
  }, 120_000);
  afterAll(async () => {
    await source.close();
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  });

  it("lists the snapshot of the height it was taken at, in several chunks, while later blocks committed", async () => {
    expect(snapshot.height).toBe(height);
    expect(snapshot.format).toBe(1);
    expect(snapshot.chunks).toBeGreaterThan(1);
    expect(source.app.lastHeight).toBeGreaterThan(height);
  });

  it("restores into a fresh app: a corrupted chunk is refetched from another sender, the result matches the trusted app hash", async () => {
    const app = await freshApp();
    const target = new SnapshotManager(app, { dir: tmp(), interval: 0, keepRecent: 2, logger: silentLogger });
    expect(target.offerSnapshot({ snapshot, appHash: trusted }).result).toBe(Offer.ACCEPT);
    const good = await chunks(manager);
    const bad = Uint8Array.from(good[0]!);
    bad[10] ^= 0xff;
    expect(await target.applySnapshotChunk({ index: 0, chunk: bad, sender: "peer-a" })).toEqual({
      result: Result.RETRY,
      refetchChunks: [0],
      rejectSenders: ["peer-a"],
    });
    for (let i = 0; i < good.length; i++) {
      expect((await target.applySnapshotChunk({ index: i, chunk: good[i]!, sender: "peer-b" })).result).toBe(Result.ACCEPT);
    }
    expect(app.lastHeight).toBe(height);
    expect(Buffer.from(app.store.lastAppHash).equals(Buffer.from(trusted))).toBe(true);
    expect(await balanceAt(app, 0n)).toBe(await balanceAt(source.app, height));
    expect(app.info({ version: "", blockVersion: 0n, p2pVersion: 0n, abciVersion: "" }).lastBlockHeight).toBe(height);
    await app.close();
  });

  it("refuses state that does not reproduce the trusted app hash and stays empty, then restores when offered again", async () => {
    const app = await freshApp();
    const target = new SnapshotManager(app, { dir: tmp(), interval: 0, keepRecent: 2, logger: silentLogger });
    const good = await chunks(manager);
    const wrong = Uint8Array.from(trusted);
    wrong[0] ^= 1;
    expect(target.offerSnapshot({ snapshot, appHash: wrong }).result).toBe(Offer.ACCEPT);
    const results = [];
    for (let i = 0; i < good.length; i++)
      results.push((await target.applySnapshotChunk({ index: i, chunk: good[i]!, sender: "p" })).result);
    expect(results.at(-1)).toBe(Result.REJECT_SNAPSHOT);
    expect(app.lastHeight).toBe(0n);
    expect(target.offerSnapshot({ snapshot, appHash: trusted }).result).toBe(Offer.ACCEPT);
    for (let i = 0; i < good.length; i++) await target.applySnapshotChunk({ index: i, chunk: good[i]!, sender: "p" });
    expect(app.lastHeight).toBe(height);
    await app.close();
  });

  it("refuses offers of another format or with metadata that does not match, and chunks with no offer", async () => {
    const app = await freshApp();
    const target = new SnapshotManager(app, { dir: tmp(), interval: 0, keepRecent: 2, logger: silentLogger });
    expect(target.offerSnapshot({ snapshot: { ...snapshot, format: 2 }, appHash: trusted }).result).toBe(Offer.REJECT_FORMAT);
    expect(target.offerSnapshot({ snapshot: { ...snapshot, chunks: snapshot.chunks + 1 }, appHash: trusted }).result).toBe(Offer.REJECT);
    expect(target.offerSnapshot({ snapshot: { ...snapshot, metadata: new TextEncoder().encode("{") }, appHash: trusted }).result).toBe(
      Offer.REJECT,
    );
    expect((await target.applySnapshotChunk({ index: 0, chunk: new Uint8Array(), sender: "" })).result).toBe(Result.ABORT);
    expect((await target.loadSnapshotChunk({ height: 999n, format: 1, chunk: 0 })).chunk.length).toBe(0);
    await app.close();
  });
});
