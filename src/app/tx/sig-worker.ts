import { parentPort } from "node:worker_threads";
import { JOB_BYTES, unpackJob } from "./sig-jobs";
import { verifySecp256k1Digest } from "./sigverify";

/** A batch of packed signature jobs in, one byte per job out (1: valid). */
parentPort!.on("message", (msg: { jobs: Uint8Array }) => {
  const count = msg.jobs.length / JOB_BYTES;
  const results = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const job = unpackJob(msg.jobs, i);
    results[i] = verifySecp256k1Digest(job.pubKey, job.digest, job.signature) ? 1 : 0;
  }
  parentPort!.postMessage({ results });
});
