/** One signature to verify: the SHA-256 of its sign bytes, the compressed key, r||s. */
export interface SignatureJob {
  digest: Uint8Array;
  pubKey: Uint8Array;
  signature: Uint8Array;
}

/** A job packed for a worker: digest (32), compressed key (33), r||s (64). */
export const JOB_BYTES = 32 + 33 + 64;

/** Only jobs of these sizes travel; anything else is left to the inline check (which refuses it). */
export function packable(job: SignatureJob): boolean {
  return job.digest.length === 32 && job.pubKey.length === 33 && job.signature.length === 64;
}

export function packJobs(jobs: SignatureJob[]): Uint8Array {
  const out = new Uint8Array(jobs.length * JOB_BYTES);
  jobs.forEach((j, i) => {
    out.set(j.digest, i * JOB_BYTES);
    out.set(j.pubKey, i * JOB_BYTES + 32);
    out.set(j.signature, i * JOB_BYTES + 65);
  });
  return out;
}

export function unpackJob(packed: Uint8Array, i: number): SignatureJob {
  const at = i * JOB_BYTES;
  return { digest: packed.subarray(at, at + 32), pubKey: packed.subarray(at + 32, at + 65), signature: packed.subarray(at + 65, at + JOB_BYTES) };
}
