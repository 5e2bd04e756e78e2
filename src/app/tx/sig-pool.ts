import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { packJobs, packable, type SignatureJob } from "./sig-jobs";

/** Workers when the operator leaves the size unset: every core but the one the app thread runs on. */
export function defaultSigPoolSize(): number {
  return Math.max(0, availableParallelism() - 1);
}

interface Batch {
  jobs: SignatureJob[];
  resolve: (results: boolean[]) => void;
}

/**
 * Verifies secp256k1 signatures on worker threads (native libsecp256k1 each), so the app
 * thread keeps to the stateful checks. Jobs submitted in one turn of the event loop travel
 * together, split evenly over the workers. A result only ever says "verified" for exactly
 * the (digest, key, signature) sent; a worker that fails answers "not verified", which sends
 * the tx to the inline check: never a wrong acceptance, at worst a second verification.
 */
export class SigVerifyPool {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<number, { worker: Worker; finish: (results: Uint8Array | undefined) => void }>();
  private queue: Batch[] = [];
  private nextId = 1;
  private next = 0;
  private closed = false;

  constructor(readonly size: number) {
    for (let i = 0; i < size; i++) this.spawn();
  }

  private spawn(): void {
    const worker = new Worker(new URL("./sig-worker.mjs", import.meta.url));
    worker.unref();
    worker.on("message", (msg: { id: number; results: Uint8Array }) => this.settle(msg.id, msg.results));
    worker.on("error", () => this.fail(worker));
    worker.on("exit", () => this.fail(worker));
    this.workers.push(worker);
  }

  private settle(id: number, results: Uint8Array | undefined): void {
    const w = this.waiting.get(id);
    if (!w) return;
    this.waiting.delete(id);
    w.finish(results);
  }

  private fail(worker: Worker): void {
    const at = this.workers.indexOf(worker);
    if (at >= 0) this.workers.splice(at, 1);
    for (const [id, w] of this.waiting) if (w.worker === worker) this.settle(id, undefined);
  }

  /** Resolves with one verdict per job (never rejects). */
  verify(jobs: SignatureJob[]): Promise<boolean[]> {
    if (jobs.length === 0) return Promise.resolve([]);
    if (this.closed || this.workers.length === 0 || !jobs.every(packable)) return Promise.resolve(jobs.map(() => false));
    return new Promise((resolve) => {
      if (this.queue.length === 0) setImmediate(() => this.dispatch());
      this.queue.push({ jobs, resolve });
    });
  }

  private dispatch(): void {
    const batches = this.queue;
    this.queue = [];
    if (this.workers.length === 0) {
      for (const b of batches) b.resolve(b.jobs.map(() => false));
      return;
    }
    // Whole batches per worker message, about the same number of jobs each.
    const total = batches.reduce((n, b) => n + b.jobs.length, 0);
    const share = Math.ceil(total / this.workers.length);
    let group: Batch[] = [];
    let count = 0;
    for (const b of batches) {
      group.push(b);
      count += b.jobs.length;
      if (count >= share) {
        this.send(group);
        group = [];
        count = 0;
      }
    }
    if (group.length > 0) this.send(group);
  }

  private send(group: Batch[]): void {
    const worker = this.workers[this.next++ % this.workers.length];
    const id = this.nextId++;
    const packed = packJobs(group.flatMap((b) => b.jobs));
    this.waiting.set(id, {
      worker,
      finish: (results) => {
        let at = 0;
        for (const b of group) {
          b.resolve(b.jobs.map(() => results?.[at++] === 1));
        }
      },
    });
    worker.postMessage({ id, jobs: packed }, [packed.buffer as ArrayBuffer]);
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((w) => w.terminate()));
    for (const id of [...this.waiting.keys()]) this.settle(id, undefined);
  }
}
