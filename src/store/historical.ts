import { BranchStore } from "./branch";
import { type BinKey, fromBin, toBin } from "./bytes";
import type { CommitRecord, UndoLog } from "./layout";
import type { KVStore } from "./types";

type Changes = Array<[Uint8Array, Uint8Array | undefined]>;

/** The committed state the view sits on: read through, never written. */
interface Latest extends KVStore {
  getMeta(key: Uint8Array): Uint8Array | undefined;
}

/**
 * Read-only state of an older height: the latest state with the previous value of every key
 * changed since put back. Logs come newest first, so a key changed at several heights ends
 * with its value from before the oldest of them, i.e. its value at `height`.
 */
export class HistoricalState implements KVStore {
  private readonly view: BranchStore;
  private readonly restoredMeta = new Map<BinKey, Uint8Array | undefined>();

  readonly height: bigint;
  readonly appHash: Uint8Array;

  constructor(
    /** The commit record of this height. */
    readonly record: CommitRecord,
    private readonly latest: Latest,
    logs: UndoLog[],
    /** False once the latest state moved on (a commit or rollback): the view is then wrong. */
    readonly current: () => boolean,
  ) {
    this.height = record.height;
    this.appHash = record.hash;
    const restored = new Map<BinKey, Uint8Array | undefined>();
    for (const log of logs) {
      for (const [k, v] of log.entries) restored.set(toBin(k), v);
      // Within one height a meta key written twice keeps its first previous value.
      for (const [k, v] of [...log.meta].reverse()) this.restoredMeta.set(toBin(k), v);
    }
    this.view = new BranchStore(latest);
    for (const [k, v] of restored) {
      if (v === undefined) this.view.delete(fromBin(k));
      else this.view.set(fromBin(k), v);
    }
  }

  /** Every key that differs from the latest state, with its value at this height. */
  changes(): Changes {
    return this.view.changes();
  }

  /** changes() with keys as binary strings. */
  binChanges(): Array<[BinKey, Uint8Array | undefined]> {
    return this.view.binChanges();
  }

  getMeta(key: Uint8Array): Uint8Array | undefined {
    const k = toBin(key);
    return this.restoredMeta.has(k) ? this.restoredMeta.get(k) : this.latest.getMeta(key);
  }

  get(key: Uint8Array): Uint8Array | undefined {
    return this.view.get(key);
  }

  has(key: Uint8Array): boolean {
    return this.view.has(key);
  }

  set(): void {
    throw new Error("historical state is read-only");
  }

  delete(): void {
    throw new Error("historical state is read-only");
  }

  iterator(start?: Uint8Array, end?: Uint8Array, reverse = false): IterableIterator<[Uint8Array, Uint8Array]> {
    return this.view.iterator(start, end, reverse);
  }
}
