/**
 * A process whose only pending work is one verification on the signature pool: it must
 * print the verdict before it exits (nothing else keeps it alive).
 * Usage: node --import tsx sig-pool-child.ts
 */
import { SigVerifyPool } from "../../src/app/tx/sig-pool";
import { directSignBytes, sha256 } from "../../src/app/tx/sigverify";
import { Secp256k1Key } from "../../src/client/signer";

const key = Secp256k1Key.fromSeed("sig-pool-child");
const bytes = directSignBytes(new Uint8Array([1]), new Uint8Array([2]), "child", 0n);
const pool = new SigVerifyPool(1);
const verdicts = await pool.verify([{ digest: sha256(bytes), pubKey: key.pubKey, signature: key.sign(bytes) }]);
process.stdout.write(`verdicts ${JSON.stringify(verdicts)}\n`);
