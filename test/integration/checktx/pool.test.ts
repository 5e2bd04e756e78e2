import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { CheckTxType, type Response } from "cosmjs-types/tendermint/abci/types";
import { AbciSocketServer } from "../../../src/abci/socket/server";
import { SigVerifyPool } from "../../../src/app/tx/sig-pool";
import { sha256, sigVerifications, directSignBytes } from "../../../src/app/tx/sigverify";
import type { Secp256k1Key } from "../../../src/client/signer";
import { silentLogger } from "../../../src/types/logger";
import { TestChain, pack, testKey, DENOM, CHAIN_ID } from "../../helpers/chain";
import { TestClient, reqFrame } from "../../unit/abci/setup";

const POOL_CHILD = join(import.meta.dirname, "../../helpers/sig-pool-child.ts");
const alice = testKey("alice");
const bob = testKey("bob");
const carol = testKey("carol");

function send(from: Secp256k1Key, amount: string) {
  return pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
    fromAddress: from.address,
    toAddress: bob.address,
    amount: [{ denom: DENOM, amount }],
  });
}

function forge(tx: Uint8Array): Uint8Array {
  const raw = TxRaw.decode(tx);
  const sig = Uint8Array.from(raw.signatures[0]);
  sig[7] ^= 0x40;
  return TxRaw.encode({ ...raw, signatures: [sig] }).finish();
}

/** Non-deterministic response fields (none today) would show up here as a failed comparison. */
function checkTxOf(res: Response) {
  if (!res.checkTx) throw new Error(`expected a CheckTx response, got ${JSON.stringify(Object.keys(res))}`);
  return res.checkTx;
}

describe("SigVerifyPool", () => {
  const pool = new SigVerifyPool(2);
  afterAll(() => pool.close());

  it("verifies on worker threads: valid, forged, high-S and wrong-key signatures in one burst", async () => {
    const bytes = directSignBytes(new Uint8Array([1, 2, 3]), new Uint8Array([4]), CHAIN_ID, 7n);
    const digest = sha256(bytes);
    const good = { digest, pubKey: alice.pubKey, signature: alice.sign(bytes) };
    const flipped = Uint8Array.from(good.signature);
    flipped[3] ^= 1;
    const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    let s = 0n;
    for (let i = 32; i < 64; i++) s = (s << 8n) | BigInt(good.signature[i]);
    const highS = Uint8Array.from(good.signature);
    let h = N - s;
    for (let i = 63; i >= 32; i--) {
      highS[i] = Number(h & 0xffn);
      h >>= 8n;
    }
    const before = sigVerifications.count;
    const verdicts = await Promise.all([
      pool.verify([good]),
      pool.verify([
        { ...good, signature: flipped },
        { ...good, pubKey: bob.pubKey },
      ]),
      pool.verify([{ ...good, signature: highS }, good]),
      pool.verify([{ ...good, signature: good.signature.subarray(0, 63) }]),
    ]);
    expect(verdicts).toEqual([[true], [false, false], [false, true], [false]]);
    // None of it ran on this thread.
    expect(sigVerifications.count).toBe(before);
  });

  it("answers a burst larger than the shared rings job by job, each verdict its own job's", async () => {
    const bytes = directSignBytes(new Uint8Array([9]), new Uint8Array([8]), CHAIN_ID, 1n);
    const good = { digest: sha256(bytes), pubKey: alice.pubKey, signature: alice.sign(bytes) };
    const forged = Uint8Array.from(good.signature);
    forged[5] ^= 2;
    // 2 workers × 4,096 slots: 9,000 jobs wrap both rings and wait for room.
    const calls = Array.from({ length: 4_500 }, (_, i) => (i % 3 === 0 ? [{ ...good, signature: forged }, good] : [good, good]));
    const verdicts = await Promise.all(calls.map((jobs) => pool.verify(jobs)));
    expect(verdicts).toEqual(calls.map((_, i) => (i % 3 === 0 ? [false, true] : [true, true])));
  });

  it("answers every job still in flight when it closes, and refuses to verify after", async () => {
    const closing = new SigVerifyPool(1);
    const bytes = directSignBytes(new Uint8Array([7]), new Uint8Array([6]), CHAIN_ID, 2n);
    const good = { digest: sha256(bytes), pubKey: alice.pubKey, signature: alice.sign(bytes) };
    const inFlight = Array.from({ length: 3_000 }, () => closing.verify([good]));
    await closing.close();
    const verdicts = (await Promise.all(inFlight)).flat();
    // Verified before the close or answered "not verified" (inline check), never hanging or wrong.
    expect(verdicts).toHaveLength(3_000);
    expect(verdicts.some((v) => !v)).toBe(true);
    expect(await closing.verify([good])).toEqual([false]);
  });

  it("keeps the process alive while it owes verdicts, and lets it exit once idle", () => {
    // The child's only pending work is the verification (an Atomics.waitAsync alone would not hold it).
    const child = spawnSync(process.execPath, ["--import", "tsx", POOL_CHILD], { encoding: "utf8", timeout: 30_000 });
    expect(child.stdout).toBe("verdicts [true]\n");
    expect(child.status).toBe(0);
  });
});

/**
 * CometBFT's mempool connection pipelines CheckTxs and flushes before the block commits
 * (v0.38 BlockExecutor.Commit: mempool lock, FlushAppConn, Commit, Update → rechecks); the
 * consensus connection's FinalizeBlock may run between CheckTxs in flight.
 */
async function scenario(workers: number) {
  // As `start` builds it from app.toml: a pool always, of sig-verify-workers threads (0: none).
  const pool = new SigVerifyPool(workers);
  const chain = await TestChain.create({ sigPool: pool });
  const prechecks = vi.spyOn(chain.app, "precheckTx");
  const server = new AbciSocketServer(chain.app, { address: "tcp://127.0.0.1:0", logger: silentLogger });
  await server.listen();
  const mempool = await TestClient.connect(server.address());
  const consensus = await TestClient.connect(server.address());
  try {
    const a = chain.account(alice.address)!.sequence;
    const c = chain.account(carol.address)!.sequence;
    const tx = (i: number) => chain.sign(alice, [send(alice, String(i + 1))], { sequence: a + BigInt(i) });
    const carolTx = chain.sign(carol, [send(carol, "9")], { sequence: c });
    // tx0, tx1 enter the mempool first; they are the block finalized while the next burst is in flight.
    const verifiedBefore = sigVerifications.count;
    await mempool.write(
      Buffer.concat([
        reqFrame({ checkTx: { tx: tx(0), type: CheckTxType.NEW } }),
        reqFrame({ checkTx: { tx: tx(1), type: CheckTxType.NEW } }),
        reqFrame({ flush: {} }),
      ]),
    );
    const entered = (await mempool.waitFor(3)).slice(0, 2).map(checkTxOf);
    const burst1 = [
      forge(tx(2)),
      new Uint8Array([1, 2, 3]),
      tx(2),
      chain.sign(carol, [send(carol, "1")], { sequence: c + 5n }),
      forge(carolTx),
      carolTx,
      tx(3),
    ];
    await mempool.write(
      Buffer.concat([...burst1.map((t) => reqFrame({ checkTx: { tx: t, type: CheckTxType.NEW } })), reqFrame({ flush: {} })]),
    );
    const height = chain.height + 1n;
    const block = [tx(0), tx(1)];
    await consensus.write(
      reqFrame({
        finalizeBlock: {
          txs: block,
          height,
          time: { seconds: 1_767_300_000n, nanos: 0 },
          hash: new Uint8Array(32),
          nextValidatorsHash: new Uint8Array(32),
          proposerAddress: new Uint8Array(20),
          decidedLastCommit: { round: 0, votes: [] },
        },
      }),
    );
    const first = [
      ...entered,
      ...(await mempool.waitFor(3 + burst1.length + 1)).slice(3).map((r, i) => (i < burst1.length ? checkTxOf(r) : r)),
    ];
    const inline = sigVerifications.count - verifiedBefore;
    const [finalized] = await consensus.waitFor(1);
    await consensus.write(reqFrame({ commit: {} }));
    await consensus.waitFor(2);

    // After the commit: rechecks of what is left (tx(2), tx(3), carolTx), then new txs in flight.
    const burst2: Array<[Uint8Array, CheckTxType]> = [
      [tx(2), CheckTxType.RECHECK],
      [tx(3), CheckTxType.RECHECK],
      [carolTx, CheckTxType.RECHECK],
      [tx(4), CheckTxType.NEW],
      [tx(1), CheckTxType.NEW],
      [forge(tx(5)), CheckTxType.NEW],
      [tx(5), CheckTxType.NEW],
    ];
    const rechecked = sigVerifications.count;
    await mempool.write(Buffer.concat([...burst2.map(([t, type]) => reqFrame({ checkTx: { tx: t, type } })), reqFrame({ flush: {} })]));
    const all = await mempool.waitFor(3 + burst1.length + 1 + burst2.length + 1);
    const second = all.slice(3 + burst1.length + 1).map((r, i) => (i < burst2.length ? checkTxOf(r) : r));
    return {
      first,
      second,
      inline,
      inlineAfter: sigVerifications.count - rechecked,
      prechecks: prechecks.mock.calls.length,
      appHash: finalized!.finalizeBlock!.appHash,
      txResults: finalized!.finalizeBlock!.txResults,
    };
  } finally {
    mempool.destroy();
    consensus.destroy();
    await server.close();
    await chain.close();
    await pool.close();
  }
}

describe("pipelined CheckTx with the signature pool", () => {
  let inline: Awaited<ReturnType<typeof scenario>>;
  let pooled: Awaited<ReturnType<typeof scenario>>;
  beforeAll(async () => {
    inline = await scenario(0);
    pooled = await scenario(2);
  }, 60_000);

  it("answers in request order with the codes of valid, forged, garbage and out-of-sequence txs; Flush last", () => {
    const codes = pooled.first.slice(0, 9).map((r) => (r as { code: number }).code);
    // tx0 tx1 forged garbage tx2 carol+5 forged-carol carol tx3
    expect(codes).toEqual([0, 0, 4, 2, 0, 32, 4, 0, 0]);
    expect(Object.keys(pooled.first[9]!).filter((k) => (pooled.first[9] as Record<string, unknown>)[k] !== undefined)).toEqual(["flush"]);
    // After the commit of tx0, tx1: leftovers recheck fine, tx1 is spent, forgeries refused.
    expect(pooled.second.slice(0, 7).map((r) => (r as { code: number }).code)).toEqual([0, 0, 0, 0, 32, 4, 0]);
    expect(pooled.txResults.map((r) => r.code)).toEqual([0, 0]);
  });

  it("gives the same answers and app hash with no worker as with two", () => {
    expect(pooled.first).toEqual(inline.first);
    expect(pooled.second).toEqual(inline.second);
    expect(Buffer.from(pooled.appHash).equals(Buffer.from(inline.appHash))).toBe(true);
  });

  it("schedules a precheck for every NEW CheckTx with workers, and none without", () => {
    // 2 entered + 7 in the first burst + 4 NEW in the second; rechecks are never prechecked.
    expect(pooled.prechecks).toBe(13);
    expect(inline.prechecks).toBe(0);
  });

  it("verifies valid signatures on the workers; only forgeries are checked again inline, rechecks never", () => {
    // Inline: 5 valid signatures + 2 forged; pooled: only the 2 forged ones again on the app thread.
    expect(inline.inline).toBe(7);
    expect(pooled.inline).toBe(2);
    // Second burst: no recheck verifies; NEW tx4, tx5 on the workers, the forged tx5 inline (tx1 fails on sequence first).
    expect(inline.inlineAfter).toBe(3);
    expect(pooled.inlineAfter).toBe(1);
  });
});
