import { workerData } from "node:worker_threads";
import { CLOSING, HEAD, RING_MASK, TAIL, readJob, type RingMemory, type SignatureJob } from "./sig-jobs";
import { verifySecp256k1Digest } from "./sigverify";

const memory = workerData as RingMemory;
const control = new Int32Array(memory.control);
const jobs = new Uint8Array(memory.jobs);
const verdicts = new Uint8Array(memory.verdicts);
// Private copies: the native verifier is handed ordinary memory, never the shared ring.
const job: SignatureJob = { digest: new Uint8Array(32), pubKey: new Uint8Array(33), signature: new Uint8Array(64) };

/**
 * Verifies the ring's jobs in order, each verdict published (TAIL) as soon as it is known, so
 * the app thread can answer the earliest CheckTx first. Sleeps on HEAD when there is nothing
 * to do; the timeout only bounds how long a close goes unnoticed.
 */
let tail = Atomics.load(control, TAIL);
while (Atomics.load(control, CLOSING) === 0) {
  const head = Atomics.load(control, HEAD);
  if (head === tail) {
    Atomics.wait(control, HEAD, head, 1_000);
    continue;
  }
  while (tail !== head) {
    readJob(jobs, tail, job);
    verdicts[tail & RING_MASK] = verifySecp256k1Digest(job.pubKey, job.digest, job.signature) ? 1 : 0;
    tail = (tail + 1) | 0;
    Atomics.store(control, TAIL, tail);
    Atomics.notify(control, TAIL);
  }
}
