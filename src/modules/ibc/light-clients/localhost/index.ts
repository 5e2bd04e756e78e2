/**
 * The 09-localhost light client, as ibc-go v10 has it: a stateless client of this very chain.
 * Its id is the sentinel `09-localhost` (no sequence), it stores nothing, it is always Active,
 * its latest height is our own, and a "proof" is the one sentinel byte: membership is read
 * straight from our own `ibc` store instead of being proved. Channels between two ports of the
 * same chain run over the sentinel connection `connection-localhost` with it.
 */
import { clientErrors, commitmentErrors } from "../../errors";
import { hostErrors } from "../../host";
import { ibcStore } from "../../store";
import type { StoreCtx } from "../../../../store/collections";

export const LOCALHOST_CLIENT_TYPE = "09-localhost";
/** ibc-go's LocalhostClientID: the type itself, with no `-{n}`. */
export const LOCALHOST_CLIENT_ID = LOCALHOST_CLIENT_TYPE;
export const LOCALHOST_CONNECTION_ID = "connection-localhost";
/** ibc-go's SentinelProof: core refuses empty proofs, so relayers send this placeholder. */
export const SENTINEL_PROOF = Uint8Array.of(0x01);

const text = (b: Uint8Array) => Buffer.from(b).toString("utf8");

/** The path inside the `ibc` store: the commitment prefix (key 0) is dropped on our own store. */
function storePath(proof: Uint8Array, keyPath: readonly Uint8Array[]): Uint8Array {
  if (proof.length !== SENTINEL_PROOF.length || proof[0] !== SENTINEL_PROOF[0]) {
    throw commitmentErrors.ErrInvalidProof.wrap(`expected ${text(SENTINEL_PROOF)}, got ${text(proof)}`);
  }
  if (keyPath.length !== 2) throw hostErrors.ErrInvalidPath.wrap(`path must be of length 2: ${keyPath.map(text).join(",")}`);
  return keyPath[1]!;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** `value` is what our `ibc` store holds at the path. */
export function verifyLocalhostMembership(ctx: StoreCtx, proof: Uint8Array, keyPath: readonly Uint8Array[], value: Uint8Array): void {
  const path = storePath(proof, keyPath);
  const stored = ibcStore.get(ctx, path);
  if (stored === undefined) throw clientErrors.ErrFailedMembershipVerification.wrap(`value not found for path ${text(path)}`);
  if (!sameBytes(stored, value)) {
    throw clientErrors.ErrFailedMembershipVerification.wrap(`value provided does not equal value stored at path: ${text(path)}`);
  }
}

/** Nothing is stored at the path in our `ibc` store. */
export function verifyLocalhostNonMembership(ctx: StoreCtx, proof: Uint8Array, keyPath: readonly Uint8Array[]): void {
  const path = storePath(proof, keyPath);
  if (ibcStore.has(ctx, path)) throw clientErrors.ErrFailedNonMembershipVerification.wrap(`value found for path ${text(path)}`);
}
