import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { packageFile } from "../../types/package-files";
import { CLOSING, HEAD, RING_MASK, RING_SLOTS, TAIL, createRingMemory, packable, writeJob, type SignatureJob } from "./sig-jobs";

/** Workers when the operator leaves the size unset: every core but the one the app thread runs on. */
export function defaultSigPoolSize(): number {
  return Math.max(0, availableParallelism() - 1);
}

type Resolve = (verdicts: boolean[]) => void;

/** Jobs written to the ring, ending before position `end`. */
interface InFlight {
  end: number;
  count: number;
  resolve: Resolve;
}

/**
 * One worker and the ring it shares with this thread (sig-jobs.ts). Jobs are written straight
 * into shared memory, so a tx costs this thread a few copies and an atomic store rather than a
 * message; verdicts are collected when the worker advances TAIL, at most once per turn of the
 * event loop however many it finished (Atomics.waitAsync).
 */
class SigRing {
  private readonly control: Int32Array;
  private readonly jobs: Uint8Array;
  private readonly verdicts: Uint8Array;
  private readonly worker: Worker;
  private head = 0;
  private consumed = 0;
  private readonly inFlight: InFlight[] = [];
  /** Jobs waiting for room in the ring (the app never has near 4,096 in flight; still bounded). */
  private readonly overflow: Array<{ jobs: SignatureJob[]; resolve: Resolve }> = [];
  private watching = false;
  private dead = false;

  constructor(onDead: (ring: SigRing) => void) {
    const memory = createRingMemory();
    this.control = new Int32Array(memory.control);
    this.jobs = new Uint8Array(memory.jobs);
    this.verdicts = new Uint8Array(memory.verdicts);
    this.worker = new Worker(packageFile("sigWorker"), { workerData: memory });
    this.worker.unref();
    const die = (): void => {
      if (this.dead) return;
      this.fail();
      onDead(this);
    };
    this.worker.on("error", die);
    this.worker.on("exit", die);
  }

  /** Jobs written or waiting and not yet answered. */
  get backlog(): number {
    let waiting = 0;
    for (const o of this.overflow) waiting += o.jobs.length;
    return this.inRing + waiting;
  }

  /** Jobs written to the ring whose verdicts are not yet read (their slots are taken). */
  private get inRing(): number {
    return (this.head - this.consumed) | 0;
  }

  submit(jobs: SignatureJob[], resolve: Resolve): void {
    if (this.dead) return resolve(jobs.map(() => false));
    if (this.overflow.length > 0 || this.inRing + jobs.length > RING_SLOTS) {
      this.overflow.push({ jobs, resolve });
      return;
    }
    this.write(jobs, resolve);
  }

  private write(jobs: SignatureJob[], resolve: Resolve): void {
    for (const job of jobs) {
      writeJob(this.jobs, this.head, job);
      this.head = (this.head + 1) | 0;
    }
    // The job bytes are written before HEAD moves: the worker reads only below HEAD.
    Atomics.store(this.control, HEAD, this.head);
    Atomics.notify(this.control, HEAD, 1);
    // A pending Atomics.waitAsync does not keep the process alive: the worker does while it owes verdicts.
    if (this.inFlight.length === 0) this.worker.ref();
    this.inFlight.push({ end: this.head, count: jobs.length, resolve });
    this.watch();
  }

  private watch(): void {
    if (this.watching) return;
    for (;;) {
      const tail = Atomics.load(this.control, TAIL);
      this.collect(tail);
      if (this.dead || this.inFlight.length === 0) return;
      // Returns at once ("not-equal") if the worker moved TAIL since it was read: no lost wake-up.
      const wait = Atomics.waitAsync(this.control, TAIL, tail);
      if (wait.async) {
        this.watching = true;
        void wait.value.then(() => {
          this.watching = false;
          this.watch();
        });
        return;
      }
    }
  }

  private collect(tail: number): void {
    while (this.inFlight.length > 0 && ((tail - this.inFlight[0].end) | 0) >= 0) {
      const done = this.inFlight.shift()!;
      const first = (done.end - done.count) | 0;
      const verdicts = new Array<boolean>(done.count);
      for (let i = 0; i < done.count; i++) verdicts[i] = this.verdicts[(first + i) & RING_MASK] === 1;
      this.consumed = done.end;
      done.resolve(verdicts);
      if (this.inFlight.length === 0) this.worker.unref();
    }
    while (this.overflow.length > 0 && this.inRing + this.overflow[0].jobs.length <= RING_SLOTS) {
      const next = this.overflow.shift()!;
      this.write(next.jobs, next.resolve);
    }
  }

  /** Every job not yet answered is answered "not verified" (the CheckTx verifies inline). */
  private fail(): void {
    this.dead = true;
    for (const f of this.inFlight.splice(0)) f.resolve(new Array<boolean>(f.count).fill(false));
    for (const o of this.overflow.splice(0)) o.resolve(o.jobs.map(() => false));
    Atomics.store(this.control, CLOSING, 1);
    Atomics.notify(this.control, HEAD);
    // Wakes this thread's own wait, which then sees the ring dead and stops.
    Atomics.notify(this.control, TAIL);
  }

  async close(): Promise<void> {
    if (!this.dead) this.fail();
    await this.worker.terminate();
  }
}

/**
 * Verifies secp256k1 signatures on worker threads (native libsecp256k1 each), so the app
 * thread keeps to the stateful checks. Each verify() goes whole to the worker with the
 * shortest backlog. A result only ever says "verified" for exactly the (digest, key,
 * signature) written; a worker that fails answers "not verified", which sends the tx to the
 * inline check: never a wrong acceptance, at worst a second verification.
 */
export class SigVerifyPool {
  private readonly rings: SigRing[] = [];
  private closed = false;

  constructor(readonly size: number) {
    for (let i = 0; i < size; i++) {
      this.rings.push(
        new SigRing((dead) => {
          const at = this.rings.indexOf(dead);
          if (at >= 0) this.rings.splice(at, 1);
        }),
      );
    }
  }

  /** Resolves with one verdict per job (never rejects). */
  verify(jobs: SignatureJob[]): Promise<boolean[]> {
    if (jobs.length === 0) return Promise.resolve([]);
    if (this.closed || this.rings.length === 0 || !jobs.every(packable)) return Promise.resolve(jobs.map(() => false));
    let ring = this.rings[0];
    for (let i = 1; i < this.rings.length; i++) if (this.rings[i].backlog < ring.backlog) ring = this.rings[i];
    return new Promise((resolve) => ring.submit(jobs, resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.rings.splice(0).map((r) => r.close()));
  }
}
