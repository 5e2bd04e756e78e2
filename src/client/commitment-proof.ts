import { CommitmentProof } from "cosmjs-types/cosmos/ics23/v1/proofs";
import { COMMIT_INFO_PROOF_OP, COMMIT_INFO_SPEC, EMPTY_STORE_ROOT, IAVL_STORE_SPEC, STORE_PROOF_OP } from "../types/commitment-spec";
import { commitmentRoot, equal, verifyExistence, verifyNonExistence } from "../types/ics23";

/**
 * Verifies the chain's chained ICS-23 proofs (abci_query with prove = true on a
 * `/store/<store>/key` path) against an app hash, as ibc-go's MerkleProof does along the path
 * [store name, key]: the first op proves the key in its store's tree (IAVL_STORE_SPEC) and
 * yields that store's root, the second proves (store name → that root) in the app hash
 * (COMMIT_INFO_SPEC). The app hash of the state at height h is the one in the header of
 * block h + 1: take it from a header you trust (a light client, or a CometBFT RPC `commit`
 * you verified) — a proof is only as good as the root it is checked against.
 */

export interface ProofOpLike {
  type: string;
  key: Uint8Array;
  data: Uint8Array;
}

/**
 * True when `ops` prove `value` under `key` in the store named `store` (value undefined:
 * prove that the key is absent there) in the state whose app hash is `appHash`.
 */
export function verifyCommitmentProof(
  appHash: Uint8Array,
  store: string,
  key: Uint8Array,
  value: Uint8Array | undefined,
  ops: readonly ProofOpLike[],
): boolean {
  const storeName = new TextEncoder().encode(store);
  if (ops.length !== 2) return false;
  const [inStore, inApp] = ops as [ProofOpLike, ProofOpLike];
  if (inStore.type !== STORE_PROOF_OP || !equal(inStore.key, key)) return false;
  if (inApp.type !== COMMIT_INFO_PROOF_OP || !equal(inApp.key, storeName)) return false;
  const storeProof = decode(inStore.data);
  const appProof = decode(inApp.data)?.exist;
  if (!storeProof || !appProof) return false;
  const storeRoot = storeLevelRoot(storeProof, key, value);
  return storeRoot !== undefined && verifyExistence(COMMIT_INFO_SPEC, appProof, appHash, storeName, storeRoot);
}

/**
 * The root of the store the first op proves `key` → `value` (or absence) in; undefined when it
 * proves nothing. A store without keys has no neighbour to prove absence with: its proof is a
 * non-existence proof with neither, which holds only if the second op proves the store's root
 * is the empty root.
 */
function storeLevelRoot(proof: CommitmentProof, key: Uint8Array, value: Uint8Array | undefined): Uint8Array | undefined {
  if (value !== undefined) {
    const root = proof.exist && commitmentRoot(proof);
    return root && verifyExistence(IAVL_STORE_SPEC, proof.exist!, root, key, value) ? root : undefined;
  }
  const non = proof.nonexist;
  if (!non || !equal(non.key, key)) return undefined;
  if (!non.left && !non.right) return EMPTY_STORE_ROOT;
  const root = commitmentRoot(proof);
  return root && verifyNonExistence(IAVL_STORE_SPEC, non, root, key) ? root : undefined;
}

function decode(data: Uint8Array): CommitmentProof | undefined {
  try {
    return CommitmentProof.decode(data);
  } catch {
    return undefined;
  }
}
