/** One signature to verify: the SHA-256 of its sign bytes, the compressed key, r||s. */
export interface SignatureJob {
  digest: Uint8Array;
  pubKey: Uint8Array;
  signature: Uint8Array;
}

/** A job in a ring slot: digest (32), compressed key (33), r||s (64). */
export const JOB_BYTES = 32 + 33 + 64;

/** Only jobs of these sizes travel; anything else is left to the inline check (which refuses it). */
export function packable(job: SignatureJob): boolean {
  return job.digest.length === 32 && job.pubKey.length === 33 && job.signature.length === 64;
}

/**
 * The memory one worker shares with the app thread: a ring of job slots and one verdict byte
 * per slot. The app thread writes jobs and then advances HEAD; the worker verifies, writes the
 * verdicts and then advances TAIL. Both counters are int32 and wrap: positions are compared
 * by their difference, and a slot is a position's low bits.
 */
export const RING_SLOTS = 4096;
export const RING_MASK = RING_SLOTS - 1;
/** Int32 indexes of the control words. */
export const HEAD = 0;
export const TAIL = 1;
export const CLOSING = 2;

export interface RingMemory {
  control: SharedArrayBuffer;
  jobs: SharedArrayBuffer;
  verdicts: SharedArrayBuffer;
}

export function createRingMemory(): RingMemory {
  return {
    control: new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT),
    jobs: new SharedArrayBuffer(RING_SLOTS * JOB_BYTES),
    verdicts: new SharedArrayBuffer(RING_SLOTS),
  };
}

/** Writes a job into its slot (a position's low bits). */
export function writeJob(jobs: Uint8Array, position: number, job: SignatureJob): void {
  const at = (position & RING_MASK) * JOB_BYTES;
  jobs.set(job.digest, at);
  jobs.set(job.pubKey, at + 32);
  jobs.set(job.signature, at + 65);
}

/** Copies the job in a position's slot into `into` (the reader's own arrays of the three sizes). */
export function readJob(jobs: Uint8Array, position: number, into: SignatureJob): void {
  const at = (position & RING_MASK) * JOB_BYTES;
  into.digest.set(jobs.subarray(at, at + 32));
  into.pubKey.set(jobs.subarray(at + 32, at + 65));
  into.signature.set(jobs.subarray(at + 65, at + JOB_BYTES));
}
