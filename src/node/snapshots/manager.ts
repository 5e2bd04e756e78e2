import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import * as abci from "cosmjs-types/tendermint/abci/types";
import type { App } from "../../app/app";
import type { Logger } from "../../types/logger";
import { sha256 } from "../../store/hash";
import { ChunkWriter, decodeMetadata, encodeMetadata, readChunk, SNAPSHOT_FORMAT, snapshotHash, type SnapshotMetadata } from "./format";

export interface SnapshotOptions {
  /** Where snapshots live: one folder per height (`<height>/manifest.json`, `<height>/<chunk>`). */
  dir: string;
  /** Take one at every height that is a multiple of this; 0 never (app.toml snapshot-interval). */
  interval: number;
  /** Snapshots kept; older ones are deleted after a new one is written (0 keeps all). */
  keepRecent: number;
  /** Chunk size (default 10 MB, as the SDK's). */
  chunkBytes?: number;
  /** Keys iterated per synchronous step while a snapshot is written (default 10,000). */
  stepKeys?: number;
  logger: Logger;
}

interface Manifest {
  height: string;
  format: number;
  chunks: number;
  hash: string;
  metadata: string;
}

interface Restore {
  snapshot: abci.Snapshot;
  appHash: Uint8Array;
  metadata: SnapshotMetadata;
  chunks: Array<Uint8Array | undefined>;
}

const Result = abci.ResponseApplySnapshotChunk_Result;
const Offer = abci.ResponseOfferSnapshot_Result;

/**
 * The four snapshot connections of ABCI: takes snapshots in the background after the commits
 * that are due (block production goes on: each step re-reads the height from its undo logs,
 * see CommitStore.stateAt), serves them to peers, and restores one offered by CometBFT's
 * state sync, refusing a chunk whose hash is not the one its metadata lists (refetched from
 * another peer) and a snapshot whose state does not reproduce the trusted app hash.
 */
export class SnapshotManager {
  private readonly manifests = new Map<bigint, Manifest>();
  private creating: Promise<void> | undefined;
  private restore: Restore | undefined;

  constructor(
    private readonly app: App,
    private readonly o: SnapshotOptions,
  ) {
    mkdirSync(o.dir, { recursive: true });
    for (const name of readdirSync(o.dir)) {
      const file = join(o.dir, name, "manifest.json");
      if (!/^\d+$/.test(name) || !existsSync(file)) continue;
      this.manifests.set(BigInt(name), JSON.parse(readFileSync(file, "utf8")) as Manifest);
    }
  }

  /** Starts the snapshot of `height` when one is due and none is being written. */
  afterCommit(height: bigint): void {
    if (this.o.interval <= 0 || height % BigInt(this.o.interval) !== 0n || this.creating) return;
    this.creating = this.create(height)
      .catch((e: unknown) => this.o.logger.error({ height: height.toString(), err: (e as Error).message }, "snapshot failed"))
      .finally(() => {
        this.creating = undefined;
      });
  }

  /** Resolves once no snapshot is being written. */
  async idle(): Promise<void> {
    await this.creating;
  }

  private async create(height: bigint): Promise<void> {
    const started = performance.now();
    const tmp = join(this.o.dir, `${height}.tmp`);
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp);
    const writer = new ChunkWriter(this.o.chunkBytes ?? 10 << 20);
    const hashes: Uint8Array[] = [];
    const emit = async (chunk: Uint8Array) => {
      hashes.push(sha256(chunk));
      await writeFile(join(tmp, String(hashes.length - 1)), chunk);
    };
    let meta: SnapshotMetadata["meta"] = [];
    let from: Uint8Array | undefined;
    for (let done = false; !done;) {
      const state = await this.app.store.stateAt(height);
      if (!state) throw new Error(`height ${height} is no longer kept`);
      // Synchronous from here to the writes: the view holds while no commit runs in between.
      if (!state.current()) continue;
      if (from === undefined)
        meta = this.app
          .metaEntries()
          .map(([k]) => [k, state.getMeta(k)] as [Uint8Array, Uint8Array | undefined])
          .filter((e): e is [Uint8Array, Uint8Array] => e[1] !== undefined);
      const full: Uint8Array[] = [];
      let n = 0;
      done = true;
      for (const [k, v] of state.iterator(from)) {
        if (n++ === (this.o.stepKeys ?? 10_000)) {
          from = k;
          done = false;
          break;
        }
        const chunk = writer.add(k, v);
        if (chunk) full.push(chunk);
      }
      for (const c of full) await emit(c);
    }
    const last = writer.flush();
    if (last || hashes.length === 0) await emit(last ?? new Uint8Array());
    const manifest: Manifest = {
      height: height.toString(),
      format: SNAPSHOT_FORMAT,
      chunks: hashes.length,
      hash: Buffer.from(snapshotHash(hashes)).toString("hex"),
      metadata: Buffer.from(encodeMetadata({ chunkHashes: hashes, meta })).toString("base64"),
    };
    writeFileSync(join(tmp, "manifest.json"), JSON.stringify(manifest));
    const final = join(this.o.dir, height.toString());
    rmSync(final, { recursive: true, force: true });
    renameSync(tmp, final);
    this.manifests.set(height, manifest);
    this.prune();
    this.o.logger.info(
      { height: height.toString(), chunks: hashes.length, ms: Math.round(performance.now() - started) },
      "snapshot written",
    );
  }

  private prune(): void {
    if (this.o.keepRecent <= 0) return;
    const heights = [...this.manifests.keys()].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
    for (const h of heights.slice(this.o.keepRecent)) {
      this.manifests.delete(h);
      rmSync(join(this.o.dir, h.toString()), { recursive: true, force: true });
    }
  }

  listSnapshots(): abci.ResponseListSnapshots {
    const snapshots = [...this.manifests.values()].map((m) =>
      abci.Snapshot.fromPartial({
        height: BigInt(m.height),
        format: m.format,
        chunks: m.chunks,
        hash: Buffer.from(m.hash, "hex"),
        metadata: Buffer.from(m.metadata, "base64"),
      }),
    );
    return { snapshots: snapshots.sort((a, b) => (a.height < b.height ? 1 : -1)) };
  }

  async loadSnapshotChunk(req: abci.RequestLoadSnapshotChunk): Promise<abci.ResponseLoadSnapshotChunk> {
    const m = this.manifests.get(req.height);
    if (!m || m.format !== req.format || req.chunk >= m.chunks) return { chunk: new Uint8Array() };
    return { chunk: new Uint8Array(await readFile(join(this.o.dir, req.height.toString(), String(req.chunk)))) };
  }

  offerSnapshot(req: abci.RequestOfferSnapshot): abci.ResponseOfferSnapshot {
    const s = req.snapshot;
    if (!s) return { result: Offer.REJECT };
    if (s.format !== SNAPSHOT_FORMAT) return { result: Offer.REJECT_FORMAT };
    const metadata = decodeMetadata(s.metadata);
    if (
      !metadata ||
      metadata.chunkHashes.length !== s.chunks ||
      s.chunks === 0 ||
      Buffer.compare(snapshotHash(metadata.chunkHashes), s.hash) !== 0
    ) {
      this.o.logger.warn({ height: s.height.toString() }, "refused a snapshot whose metadata does not match it");
      return { result: Offer.REJECT };
    }
    if (this.app.lastHeight !== 0n) return { result: Offer.ABORT };
    this.restore = { snapshot: s, appHash: req.appHash, metadata, chunks: new Array(s.chunks).fill(undefined) };
    this.o.logger.info({ height: s.height.toString(), chunks: s.chunks }, "restoring snapshot");
    return { result: Offer.ACCEPT };
  }

  async applySnapshotChunk(req: abci.RequestApplySnapshotChunk): Promise<abci.ResponseApplySnapshotChunk> {
    const r = this.restore;
    const answer = (result: abci.ResponseApplySnapshotChunk_Result, refetch: number[] = [], reject: string[] = []) => ({
      result,
      refetchChunks: refetch,
      rejectSenders: reject,
    });
    if (!r) return answer(Result.ABORT);
    if (req.index >= r.chunks.length) return answer(Result.REJECT_SNAPSHOT);
    if (Buffer.compare(sha256(req.chunk), r.metadata.chunkHashes[req.index]!) !== 0) {
      this.o.logger.warn(
        { index: req.index, sender: req.sender },
        "snapshot chunk does not match its hash; refetching it from another peer",
      );
      return answer(Result.RETRY, [req.index], req.sender ? [req.sender] : []);
    }
    r.chunks[req.index] = req.chunk;
    if (r.chunks.some((c) => c === undefined)) return answer(Result.ACCEPT);
    this.restore = undefined;
    let restored: boolean;
    try {
      restored = await this.app.restoreSnapshot(r.snapshot.height, entriesOf(r.chunks as Uint8Array[]), r.metadata.meta, r.appHash);
    } catch (e) {
      this.o.logger.warn({ err: (e as Error).message }, "snapshot chunks do not decode");
      return answer(Result.REJECT_SNAPSHOT);
    }
    if (!restored) {
      this.o.logger.warn(
        { height: r.snapshot.height.toString() },
        "restored state does not reproduce the trusted app hash; snapshot refused",
      );
      return answer(Result.REJECT_SNAPSHOT);
    }
    this.o.logger.info({ height: r.snapshot.height.toString() }, "state restored from snapshot");
    return answer(Result.ACCEPT);
  }
}

function* entriesOf(chunks: Uint8Array[]): Generator<[Uint8Array, Uint8Array]> {
  for (const c of chunks) yield* readChunk(c);
}
