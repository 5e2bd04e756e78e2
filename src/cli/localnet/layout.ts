import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { nodeIdOf, patchCometConfig } from "../comet";
import { addGenesisAccountCmd, collectGentxsCmd, gentxCmd } from "../commands/genesis";
import { initHome } from "../commands/init";
import { applyDevPeriods } from "../dev-periods";
import { genesisGentxs, loadGenesis, saveGenesis } from "../genesis-file";
import { Keyring } from "../keyring/keyring";
import { Secp256k1Key } from "../../client/signer";
import { DEV_FAUCET_ADDRESS, DEV_FAUCET_COINS, DEV_FAUCET_MNEMONIC } from "../dev-keys";
import { homePaths } from "../home";

export interface LocalnetLayout {
  dir: string;
  validators: number;
  /** Node 0's CometBFT RPC port; node i uses basePort + 100 i, its other ports sit beside it. */
  basePort: number;
  chainId: string;
  timeoutCommit: string;
  /** Funded at genesis besides the dev faucet. */
  accounts: Array<{ address: string; coins: string }>;
  /** Applied to the final genesis app_state (after collect-gentxs); tests tailor module sections with it. */
  mutateGenesis?: (appState: Record<string, any>) => void;
}

export interface NodePorts {
  rpc: number;
  p2p: number;
  abci: number;
  prometheus: number;
  api: number;
}

export const DEFAULT_LAYOUT: Omit<LocalnetLayout, "dir"> = {
  validators: 4,
  basePort: 26657,
  chainId: "localnet",
  timeoutCommit: "400ms",
  accounts: [],
};

/** Each validator bonds 10 YML (consensus power 10) out of the 1000 YML its operator holds. */
const SELF_BOND = 10_000_000n;
const OPERATOR_COINS = "1000000000uyml";

/** Validator i's operator account: the dev mnemonic at address index i + 1 (index 0 is the faucet). DEV-ONLY. */
export async function localnetOperator(index: number): Promise<string> {
  return (await localnetOperatorKey(index)).address;
}

function localnetOperatorKey(index: number): Promise<Secp256k1Key> {
  return Secp256k1Key.fromMnemonic(DEV_FAUCET_MNEMONIC, `m/44'/118'/0'/0/${index + 1}`);
}

/** Name of the operator key in each localnet node's test keyring. DEV-ONLY. */
export const LOCALNET_OPERATOR_KEY = "operator";

export function nodePorts(basePort: number, index: number): NodePorts {
  const rpc = basePort + 100 * index;
  // The default localnet keeps the SDK's REST port (1317 + 100 i); any other base puts REST
  // beside the node's RPC, so a base below 32768 keeps every port out of the kernel's
  // ephemeral range (an outgoing connection there can take a port a node is about to bind).
  const api = basePort === DEFAULT_LAYOUT.basePort ? 1317 + 100 * index : rpc + 4;
  return { rpc, p2p: rpc - 1, abci: rpc + 1, prometheus: rpc + 3, api };
}

export function nodeHome(dir: string, index: number): string {
  return join(dir, `node${index}`);
}

/** True when the localnet exists with this many validators; false when nothing is there yet. */
export function existingLocalnet(dir: string, validators: number): boolean {
  if (!existsSync(homePaths(nodeHome(dir, 0)).genesis)) return false;
  const count = genesisGentxs(loadGenesis(homePaths(nodeHome(dir, 0)).genesis)).length;
  const homes = readdirSync(dir).filter((d) => /^node[0-9]+$/.test(d)).length;
  if (count !== validators || homes !== validators) {
    throw new Error(`${dir} holds a localnet of ${count} validators, not ${validators}; pass --reset to start fresh`);
  }
  return true;
}

/**
 * Writes N node homes the way operators build a network: `init` each node, `gentx` each,
 * fund accounts and `collect-gentxs` on node 0, copy that genesis to every node, then
 * point each config.toml at its own loopback ports and the others as persistent peers.
 */
export async function createLocalnet(l: LocalnetLayout): Promise<void> {
  rmSync(l.dir, { recursive: true, force: true });
  mkdirSync(l.dir, { recursive: true });
  const homes = Array.from({ length: l.validators }, (_, i) => nodeHome(l.dir, i));
  homes.forEach((home, i) => initNodeHome(l, home, `node${i}`, i));
  const operators = await Promise.all(homes.map((_, i) => localnetOperator(i)));
  const genesisHome = homes[0];
  addGenesisAccountCmd(genesisHome, [
    { address: DEV_FAUCET_ADDRESS, coins: DEV_FAUCET_COINS },
    ...operators.map((address) => ({ address, coins: OPERATOR_COINS })),
    ...l.accounts,
  ]);
  // Each operator signs its node's gentx with its own key from that node's (test) keyring.
  for (const [i, home] of homes.entries()) {
    await new Keyring(home, "test", () => "").add(LOCALNET_OPERATOR_KEY, await localnetOperatorKey(i));
    await gentxCmd(home, {
      key: LOCALNET_OPERATOR_KEY,
      amount: SELF_BOND.toString(),
      keyringBackend: "test",
      p2pPort: nodePorts(l.basePort, i).p2p,
    });
  }
  const collected = homePaths(genesisHome).gentxDir;
  homes.slice(1).forEach((home) => {
    for (const f of readdirSync(homePaths(home).gentxDir)) copyFileSync(join(homePaths(home).gentxDir, f), join(collected, f));
  });
  const genesisPath = homePaths(genesisHome).genesis;
  const doc = loadGenesis(genesisPath);
  applyDevPeriods(doc.app_state);
  saveGenesis(genesisPath, doc);
  collectGentxsCmd(genesisHome);
  if (l.mutateGenesis) {
    const collectedDoc = loadGenesis(genesisPath);
    l.mutateGenesis(collectedDoc.app_state);
    saveGenesis(genesisPath, collectedDoc);
  }
  for (const home of homes.slice(1)) copyFileSync(homePaths(genesisHome).genesis, homePaths(home).genesis);

  const peers = validatorPeers(l);
  homes.forEach((home, i) =>
    patchNodeConfig(
      l,
      home,
      i,
      peers.filter((_, j) => j !== i),
    ),
  );
}

/** `id@127.0.0.1:p2p` of every validator of the localnet. */
function validatorPeers(l: LocalnetLayout): string[] {
  return Array.from(
    { length: l.validators },
    (_, j) => `${nodeIdOf(homePaths(nodeHome(l.dir, j)).nodeKey)}@127.0.0.1:${nodePorts(l.basePort, j).p2p}`,
  );
}

function initNodeHome(l: LocalnetLayout, home: string, moniker: string, slot: number): void {
  const ports = nodePorts(l.basePort, slot);
  initHome({
    home,
    moniker,
    chainId: l.chainId,
    app: { abciAddress: `tcp://127.0.0.1:${ports.abci}`, apiAddress: `tcp://127.0.0.1:${ports.api}` },
    timeouts: { propose: "1s", prevote: "500ms", precommit: "500ms", commit: l.timeoutCommit },
  });
}

function patchNodeConfig(l: LocalnetLayout, home: string, slot: number, peers: string[]): void {
  const ports = nodePorts(l.basePort, slot);
  patchCometConfig(homePaths(home).cometConfig, {
    rpc: { laddr: `tcp://127.0.0.1:${ports.rpc}` },
    p2p: {
      laddr: `tcp://127.0.0.1:${ports.p2p}`,
      persistent_peers: peers.join(","),
      allow_duplicate_ip: true,
      addr_book_strict: false,
    },
    instrumentation: { prometheus: true, prometheus_listen_addr: `127.0.0.1:${ports.prometheus}` },
  });
}

/** Joiner j's home; its ports take the slot after the validators' (and earlier joiners'). */
export function joinerHome(dir: string, joiner: number): string {
  return join(dir, `joiner${joiner}`);
}

export function joinerSlot(l: Pick<LocalnetLayout, "validators">, joiner: number): number {
  return l.validators + joiner;
}

/**
 * A full node for a running localnet, set up the way an operator adds one: `init` its own home
 * (fresh node key and consensus key), take the network's genesis from node 0, and peer with
 * every validator. It is no validator until its operator sends MsgCreateValidator with the key
 * in its priv_validator_key.json. Kept when it already exists, so a resumed localnet resumes it.
 */
export function createJoinerHome(l: LocalnetLayout, joiner: number): string {
  const home = joinerHome(l.dir, joiner);
  if (existsSync(homePaths(home).genesis)) return home;
  initNodeHome(l, home, `joiner${joiner}`, joinerSlot(l, joiner));
  copyFileSync(homePaths(nodeHome(l.dir, 0)).genesis, homePaths(home).genesis);
  patchNodeConfig(l, home, joinerSlot(l, joiner), validatorPeers(l));
  return home;
}
