import * as abci from "cosmjs-types/tendermint/abci/types";
import { CommitmentProof } from "cosmjs-types/cosmos/ics23/v1/proofs";
import { prefixEnd, type CommitStore, type HistoricalState } from "../store";
import { commitInfoProof } from "../store/commit-info";
import { COMMIT_INFO_PROOF_OP, STORE_PROOF_OP } from "../types/commitment-spec";
import { sdkErrors } from "../types/errors";

/** `/store/<store>/key`: a raw state read, the path IBC relayers and light clients prove against. */
export const STORE_KEY_QUERY = /^\/store\/([a-z0-9]+)\/key$/;

const utf8 = new TextEncoder();

/**
 * The value under `<store>/` + data at `height` (the state `state` holds, latest when
 * undefined) and, when asked, its chained ICS-23 proof in the SDK's ProofOps shape: the key
 * in its store (`ics23:iavl`, op key = data), then the store's root in that height's app hash
 * (`ics23:simple`, op key = the store name), the app hash the header of height + 1 carries.
 * Unknown stores and proofs at height ≤ 1 are refused as the SDK refuses them.
 */
export function answerStoreQuery(
  store: CommitStore,
  state: HistoricalState | undefined,
  storeNames: ReadonlySet<string>,
  req: abci.RequestQuery,
  height: bigint,
): abci.ResponseQuery {
  const name = STORE_KEY_QUERY.exec(req.path)![1]!;
  if (!storeNames.has(name)) throw sdkErrors.ErrUnknownRequest.wrap(`no such store: ${name}`);
  if (req.prove && height <= 1n)
    throw sdkErrors.ErrInvalidRequest.wrap("cannot query with proof when height <= 1; please provide a valid height");
  const key = concat(utf8.encode(`${name}/`), req.data);
  if (!req.prove) return abci.ResponseQuery.fromPartial({ key: req.data, value: (state ?? store).get(key) ?? new Uint8Array(), height });
  const { value, proof, storeRoots } = proveInStore(store, name, req.data, state);
  return abci.ResponseQuery.fromPartial({
    key: req.data,
    value: value ?? new Uint8Array(),
    height,
    proofOps: {
      ops: [
        { type: STORE_PROOF_OP, key: req.data, data: CommitmentProof.encode(proof).finish() },
        { type: COMMIT_INFO_PROOF_OP, key: utf8.encode(name), data: CommitmentProof.encode(commitInfoProof(storeRoots, name)).finish() },
      ],
    },
  });
}

/**
 * The store's proof of the key. A store without keys has no neighbour to show absence with:
 * its proof is a non-existence proof naming neither, which `verifyCommitmentProof` accepts
 * only when the commit info proves the store's root is the empty root (ics23 verifiers such
 * as ibc-go's refuse it, as the SDK cannot prove absence in an empty IAVL tree either).
 */
function proveInStore(store: CommitStore, name: string, keyInStore: Uint8Array, state: HistoricalState | undefined) {
  const prefix = utf8.encode(`${name}/`);
  if (!(state ?? store).iterator(prefix, prefixEnd(prefix)).next().done) return store.proveInStore(name, keyInStore, state);
  return { value: undefined, proof: { nonexist: { key: keyInStore } }, storeRoots: store.storeRoots(state) };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
