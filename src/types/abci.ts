import type * as abci from "cosmjs-types/tendermint/abci/types";

type Maybe<T> = T | Promise<T>;

/**
 * The ABCI 2.0 (CometBFT v0.38) application surface. The socket server (src/abci) and the
 * in-process dev engine both drive an implementation of this; the App (src/app) provides it.
 * Calls are made one at a time: the caller never starts a call before the previous one settled.
 */
export interface AbciApplication {
  echo(req: abci.RequestEcho): Maybe<abci.ResponseEcho>;
  info(req: abci.RequestInfo): Maybe<abci.ResponseInfo>;
  initChain(req: abci.RequestInitChain): Maybe<abci.ResponseInitChain>;
  query(req: abci.RequestQuery): Maybe<abci.ResponseQuery>;
  checkTx(req: abci.RequestCheckTx): Maybe<abci.ResponseCheckTx>;
  /**
   * Optional: work a NEW CheckTx of `tx` can start ahead of its turn, while earlier requests
   * are still answered (signatures verified on other threads). Called in request order, like
   * every call; the CheckTx follows once the promise settles. It must not change what the
   * CheckTx answers, only how fast.
   */
  precheckTx?(tx: Uint8Array): Promise<void> | undefined;
  /**
   * Whether precheckTx has anything to start ahead: a signature pool with workers. The socket
   * server wires precheckTx only when this is true, so with no workers a NEW CheckTx queues no
   * extra step.
   */
  readonly hasSigPool?: boolean;
  prepareProposal(req: abci.RequestPrepareProposal): Maybe<abci.ResponsePrepareProposal>;
  processProposal(req: abci.RequestProcessProposal): Maybe<abci.ResponseProcessProposal>;
  finalizeBlock(req: abci.RequestFinalizeBlock): Maybe<abci.ResponseFinalizeBlock>;
  commit(req: abci.RequestCommit): Maybe<abci.ResponseCommit>;
  extendVote(req: abci.RequestExtendVote): Maybe<abci.ResponseExtendVote>;
  verifyVoteExtension(req: abci.RequestVerifyVoteExtension): Maybe<abci.ResponseVerifyVoteExtension>;
  listSnapshots(req: abci.RequestListSnapshots): Maybe<abci.ResponseListSnapshots>;
  offerSnapshot(req: abci.RequestOfferSnapshot): Maybe<abci.ResponseOfferSnapshot>;
  loadSnapshotChunk(req: abci.RequestLoadSnapshotChunk): Maybe<abci.ResponseLoadSnapshotChunk>;
  applySnapshotChunk(req: abci.RequestApplySnapshotChunk): Maybe<abci.ResponseApplySnapshotChunk>;
}
