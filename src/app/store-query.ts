import * as abci from "cosmjs-types/tendermint/abci/types";
import { CommitmentProof } from "cosmjs-types/cosmos/ics23/v1/proofs";
import type { CommitStore, HistoricalState } from "../store";
import { COMMITMENT_PROOF_OP } from "../types/commitment-spec";
import { sdkErrors } from "../types/errors";

/** `/store/<module>/key`: a raw state read, the path IBC relayers and light clients prove against. */
export const STORE_KEY_QUERY = /^\/store\/([a-z0-9]+)\/key$/;

/**
 * The value under `<module>/` + data at `height` (the state `state` holds, latest when
 * undefined) and, when asked, its ICS-23 proof against that height's app hash, which the
 * header of height + 1 carries. Unknown stores and proofs at height ≤ 1 are refused as the
 * SDK refuses them.
 */
export async function answerStoreQuery(
  store: CommitStore,
  state: HistoricalState | undefined,
  storeNames: ReadonlySet<string>,
  req: abci.RequestQuery,
  height: bigint,
): Promise<abci.ResponseQuery> {
  const name = STORE_KEY_QUERY.exec(req.path)![1]!;
  if (!storeNames.has(name)) throw sdkErrors.ErrUnknownRequest.wrap(`no such store: ${name}`);
  if (req.prove && height <= 1n)
    throw sdkErrors.ErrInvalidRequest.wrap("cannot query with proof when height <= 1; please provide a valid height");
  const key = new Uint8Array([...new TextEncoder().encode(`${name}/`), ...req.data]);
  if (!req.prove) return abci.ResponseQuery.fromPartial({ key: req.data, value: (state ?? store).get(key) ?? new Uint8Array(), height });
  const { value, proof } = await store.proveCommitment(key, state);
  const data = CommitmentProof.encode(proof).finish();
  return abci.ResponseQuery.fromPartial({
    key: req.data,
    value: value ?? new Uint8Array(),
    height,
    proofOps: { ops: [{ type: COMMITMENT_PROOF_OP, key, data }] },
  });
}
