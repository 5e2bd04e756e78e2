import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { JsonValue } from "@bufbuild/protobuf";
import { App } from "../../../src/app/app";
import { buildModules } from "../../../src/app/modules";
import { defaultAppState } from "../../../src/app/genesis";
import { ed25519PubKey } from "../../../src/abci/dev/genesis";
import { initChainRequest, type GenesisDoc } from "../../../src/abci/genesis-doc";
import { addGenesisAccounts, buildGentx, defaultConsensusParams, type GentxRequest } from "../../../src/cli/genesis-file";
import type { Secp256k1Key } from "../../../src/client/signer";
import { admitInGenesisJson } from "../../../src/modules/validatorgov";
import { silentLogger } from "../../../src/types/logger";
import { CHAIN_ID, DENOM, ensureTestFoundation } from "../../helpers/chain";

export const YML = 1_000_000n;

/** A gentx for `operator` bonding `bond` uyml with the consensus key of `seed`. */
export function gentxOf(operator: Secp256k1Key, seed: number, bond: bigint, over: Partial<GentxRequest> = {}): JsonValue {
  return buildGentx({
    chainId: CHAIN_ID,
    operatorKey: operator,
    consensusPubKey: ed25519PubKey(new Uint8Array(32).fill(seed)),
    selfBond: { denom: DENOM, amount: bond.toString() },
    description: { moniker: `val-${seed}` },
    ...over,
  });
}

export function consKeyB64(seed: number): string {
  return Buffer.from(ed25519PubKey(new Uint8Array(32).fill(seed))).toString("base64");
}

/** A bare genesis (no CometBFT validators) with these accounts and gentxs, as collect-gentxs leaves it. */
export function genesisWith(accounts: Array<{ address: string; amount: bigint }>, gentxs: JsonValue[]): GenesisDoc {
  const doc: GenesisDoc = {
    genesis_time: "2026-01-01T00:00:00Z",
    chain_id: CHAIN_ID,
    initial_height: "1",
    consensus_params: defaultConsensusParams(),
    validators: [],
    app_hash: "",
    app_state: defaultAppState(buildModules().modules),
  };
  addGenesisAccounts(
    doc,
    accounts.map((a) => ({ address: a.address, coins: [{ denom: DENOM, amount: a.amount }] })),
  );
  ensureTestFoundation(doc.app_state);
  doc.app_state.genutil = { gen_txs: gentxs };
  // As collect-gentxs does: the operators are admitted as validators in genesis.
  for (const a of accounts) admitInGenesisJson(doc.app_state, a.address);
  return doc;
}

/** Runs InitChain on a fresh app; the app is closed after `use`. */
export async function withInitChain<T>(doc: GenesisDoc, use: (app: App, res: ReturnType<App["initChain"]>) => T | Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "genutil-"));
  const app = await App.open({ dataDir: join(dir, "app"), modules: buildModules(), logger: silentLogger });
  try {
    return await use(app, app.initChain(initChainRequest(doc)));
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The validator set InitChain returned, as base64 consensus key → power. */
export function powers(res: { validators: Array<{ pubKey?: { ed25519?: Uint8Array }; power: bigint }> }): Map<string, bigint> {
  return new Map(res.validators.map((v) => [Buffer.from(v.pubKey!.ed25519!).toString("base64"), v.power]));
}
