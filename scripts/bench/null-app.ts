/**
 * A do-nothing ABCI app for `npm run bench:vs-sdk -- --ceiling`: it accepts every tx and
 * executes nothing (no state, no events, a constant app hash), served by this node's socket
 * server. What CometBFT and the load client cost on the machine with it is the ceiling any app
 * behind the same CometBFT settings can reach there.
 *
 * With a REST address it also answers every GET there with one constant balance answer, the
 * headers this node's cached answers carry, from a bare node:http server: what the REST load
 * client and node:http cost on the machine, the floor under any Node.js REST server's figures.
 *
 * Usage: tsx scripts/bench/null-app.ts tcp://127.0.0.1:<port> [tcp://127.0.0.1:<rest port>]
 */
import { createServer } from "node:http";
import type * as abci from "cosmjs-types/tendermint/abci/types";
import { ResponseProcessProposal_ProposalStatus } from "cosmjs-types/tendermint/abci/types";
import { AbciSocketServer } from "../../src/abci/socket";
import { HEIGHT_HEADER } from "../../src/rest/answer-cache";
import type { AbciApplication } from "../../src/types/abci";

const EMPTY = new Uint8Array();
const APP_HASH = new Uint8Array(32);
let height = 0n;

const nullApp: AbciApplication = {
  echo: (req) => ({ message: req.message }),
  info: () => ({
    data: "null-app",
    version: "0",
    appVersion: 0n,
    lastBlockHeight: height,
    lastBlockAppHash: height === 0n ? EMPTY : APP_HASH,
  }),
  initChain: () => ({ validators: [], appHash: APP_HASH }),
  query: () => ({
    code: 1,
    log: "the null app answers no queries",
    info: "",
    index: 0n,
    key: EMPTY,
    value: EMPTY,
    height,
    codespace: "null",
  }),
  checkTx: () => ({ code: 0, data: EMPTY, log: "", info: "", gasWanted: 1n, gasUsed: 0n, events: [], codespace: "" }),
  prepareProposal: (req) => {
    const txs: Uint8Array[] = [];
    let bytes = 0n;
    for (const tx of req.txs) {
      bytes += BigInt(tx.length);
      if (bytes > req.maxTxBytes) break;
      txs.push(tx);
    }
    return { txs };
  },
  processProposal: () => ({ status: ResponseProcessProposal_ProposalStatus.ACCEPT }),
  finalizeBlock: (req) => {
    height = req.height;
    const txResults = req.txs.map(() => ({
      code: 0,
      data: EMPTY,
      log: "",
      info: "",
      gasWanted: 1n,
      gasUsed: 0n,
      events: [],
      codespace: "",
    }));
    return { events: [], txResults, validatorUpdates: [], appHash: APP_HASH } as abci.ResponseFinalizeBlock;
  },
  commit: () => ({ retainHeight: 0n }),
  extendVote: () => ({ voteExtension: EMPTY }),
  verifyVoteExtension: () => ({ status: 1 }),
  listSnapshots: () => ({ snapshots: [] }),
  offerSnapshot: () => ({ result: 0 }),
  loadSnapshotChunk: () => ({ chunk: EMPTY }),
  applySnapshotChunk: () => ({ result: 0, refetchChunks: [], rejectSenders: [] }),
};

const BALANCE_ANSWER = JSON.stringify({
  balances: [{ denom: "ustake", amount: "999999999999" }],
  pagination: { next_key: null, total: "1" },
});

function serveRest(address: string): void {
  const { hostname, port } = new URL(address.replace(/^tcp:/, "http:"));
  const length = String(Buffer.byteLength(BALANCE_ANSWER));
  createServer((_req, res) => {
    res.writeHead(200, [HEIGHT_HEADER, String(height), "content-type", "application/json; charset=utf-8", "content-length", length]);
    res.end(BALANCE_ANSWER);
  }).listen(Number(port), hostname);
}

const [address, restAddress] = process.argv.slice(2);
if (!address) throw new Error("usage: null-app.ts <tcp://host:port> [tcp://host:rest-port]");
if (restAddress) serveRest(restAddress);
await new AbciSocketServer(nullApp, { address }).listen();
