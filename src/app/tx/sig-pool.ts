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
 * thread keeps to the stateful checks. Each worker has at most one batch in flight: jobs
 * that arrive meanwhile wait and travel together in its next message, so under load a
 * message (whose cost on the app thread is close to a verification's) carries many jobs,
 * and when idle a job leaves at once. A result only ever says "verified" for exactly the
 * (digest, key, signature) sent; a worker that fails answers "not verified", which sends the
 * tx to the inline check: never a wrong acceptance, at worst a second verification.
 */
export class SigVerifyPool {
  private readonly workers: Worker[] = [];
  private readonly idle = new Set<Worker>();
  private readonly waiting = new Map<Worker, (results: Uint8Array | undefined) => void>();
  private queue: Batch[] = [];
  private scheduled = false;
  private closed = false;

  constructor(readonly size: number) {
    for (let i = 0; i < size; i++) this.spawn();
  }

  private spawn(): void {
    const worker = new Worker(new URL("./sig-worker.mjs", import.meta.url));
    worker.unref();
    worker.on("message", (msg: { results: Uint8Array }) => this.settle(worker, msg.results));
    worker.on("error", () => this.fail(worker));
    worker.on("exit", () => this.fail(worker));
    this.workers.push(worker);
    this.idle.add(worker);
  }

  private settle(worker: Worker, results: Uint8Array | undefined): void {
    const finish = this.waiting.get(worker);
    this.waiting.delete(worker);
    if (this.workers.includes(worker)) this.idle.add(worker);
    finish?.(results);
    if (this.queue.length > 0) this.dispatch();
  }

  private fail(worker: Worker): void {
    const at = this.workers.indexOf(worker);
    if (at >= 0) this.workers.splice(at, 1);
    this.idle.delete(worker);
    this.settle(worker, undefined);
  }

  /** Resolves with one verdict per job (never rejects). */
  verify(jobs: SignatureJob[]): Promise<boolean[]> {
    if (jobs.length === 0) return Promise.resolve([]);
    if (this.closed || this.workers.length === 0 || !jobs.every(packable)) return Promise.resolve(jobs.map(() => false));
    return new Promise((resolve) => {
      this.queue.push({ jobs, resolve });
      // Jobs read in the same turn of the event loop leave together.
      if (!this.scheduled && this.idle.size > 0) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.dispatch();
        });
      }
    });
  }

  /** The queue, split about evenly (whole batches) over the idle workers. */
  private dispatch(): void {
    if (this.workers.length === 0) {
      for (const b of this.queue.splice(0)) b.resolve(b.jobs.map(() => false));
      return;
    }
    if (this.idle.size === 0 || this.queue.length === 0) return;
    const batches = this.queue;
    this.queue = [];
    const total = batches.reduce((n, b) => n + b.jobs.length, 0);
    const share = Math.ceil(total / this.idle.size);
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
    const worker = this.idle.values().next().value as Worker;
    this.idle.delete(worker);
    const packed = packJobs(group.flatMap((b) => b.jobs));
    this.waiting.set(worker, (results) => {
      let at = 0;
      for (const b of group) b.resolve(b.jobs.map(() => results?.[at++] === 1));
    });
    // Copied, not transferred: for 129-byte jobs the copy is the cheaper of the two.
    worker.postMessage({ jobs: packed });
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = this.workers.splice(0);
    this.idle.clear();
    await Promise.all(workers.map((w) => w.terminate()));
    for (const w of workers) this.settle(w, undefined);
  }
}
