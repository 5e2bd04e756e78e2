/**
 * What the node-core workload needs from a source tree, loaded from that tree's own files: this
 * checkout's, or an older commit's checked out as a baseline. The workload (node-core-worker.ts)
 * reaches the app only through this, so it runs unchanged against any tree this can adapt; a
 * tree without these files or exports is too old, and says so.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The block request fields FinalizeBlock, PrepareProposal and ProcessProposal share. */
export interface BlockFields {
  txs: Uint8Array[];
  height: bigint;
  [field: string]: unknown;
}

export interface TreeApp {
  initChain(req: unknown): unknown;
  checkTx(req: { tx: Uint8Array; type: number }): { code: number; log?: string };
  prepareProposal(req: BlockFields & { maxTxBytes: bigint }): { txs: Uint8Array[] };
  processProposal(req: BlockFields): unknown;
  finalizeBlock(req: BlockFields): { txResults: { code: number; log?: string }[] };
  commit(req: object): Promise<unknown>;
  close(): Promise<void>;
}

export interface TreeApi {
  openApp(dataDir: string): Promise<TreeApp>;
  /** Keys `bench/0` … `bench/<n-1>` and the genesis funding them in that order (account number i). */
  ringGenesis(n: number, chainId: string): { keys: unknown[]; initChainRequest: unknown };
  /** One MsgSend per key to the next, each with the given sequence. */
  signRing(keys: unknown[], sequence: bigint, chainId: string): Uint8Array[];
}

/** The files and exports the workload uses; they came together at 82e2d5c (2026-11-26, "transfer-ring"). */
const NEEDED: Record<string, string[]> = {
  "src/app/app.ts": ["App"],
  "src/app/modules.ts": ["buildModules"],
  "src/abci/genesis-doc.ts": ["initChainRequest"],
  "src/client/signer.ts": ["Secp256k1Key"],
  "src/cli/transfer-ring.ts": ["signTransferRing", "transferRingGenesis"],
  "src/types/logger.ts": ["silentLogger"],
};

/** Repository paths a tree must have; checked in git before a baseline is checked out. */
export const NEEDED_FILES = Object.keys(NEEDED);

export const TOO_OLD_HINT =
  "the node-core workload needs src/cli/transfer-ring.ts (signTransferRing, transferRingGenesis), first in 82e2d5c (2026-11-26); " +
  "pick a later commit, e.g. v0.3.0";

type Exports = Record<string, unknown>;

export async function loadTree(root: string): Promise<TreeApi> {
  const mods: Record<string, Exports> = {};
  for (const [file, names] of Object.entries(NEEDED)) {
    const path = join(root, file);
    if (!existsSync(path)) throw new Error(`${root} has no ${file}: ${TOO_OLD_HINT}`);
    const mod = (await import(pathToFileURL(path).href)) as Exports;
    const absent = names.filter((n) => mod[n] === undefined);
    if (absent.length > 0) throw new Error(`${root}/${file} does not export ${absent.join(", ")}: ${TOO_OLD_HINT}`);
    mods[file] = mod;
  }
  // Another tree's exports, checked above by name and typed here as this workload calls them.
  const App = mods["src/app/app.ts"].App as { open(o: { dataDir: string; modules: unknown; logger: unknown }): Promise<TreeApp> };
  const buildModules = mods["src/app/modules.ts"].buildModules as () => unknown;
  const initChainRequest = mods["src/abci/genesis-doc.ts"].initChainRequest as (doc: unknown) => unknown;
  const Secp256k1Key = mods["src/client/signer.ts"].Secp256k1Key as { fromSeed(seed: string): unknown };
  const ring = mods["src/cli/transfer-ring.ts"] as {
    transferRingGenesis(modules: unknown, keys: unknown[], chainId: string): unknown;
    signTransferRing(keys: unknown[], sequence: bigint, chainId: string): Uint8Array[];
  };
  const silentLogger = mods["src/types/logger.ts"].silentLogger;
  // One module set per tree: the app and its genesis must come from the same one.
  const modules = buildModules();
  return {
    openApp: (dataDir) => App.open({ dataDir, modules, logger: silentLogger }),
    ringGenesis(n, chainId) {
      const keys = Array.from({ length: n }, (_, i) => Secp256k1Key.fromSeed(`bench/${i}`));
      return { keys, initChainRequest: initChainRequest(ring.transferRingGenesis(modules, keys, chainId)) };
    },
    signRing: (keys, sequence, chainId) => ring.signTransferRing(keys, sequence, chainId),
  };
}
