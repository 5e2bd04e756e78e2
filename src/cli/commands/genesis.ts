import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PubKey as Ed25519PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { buildModules } from "../../app/modules";
import { parseCoins } from "../../types/coins";
import {
  addGenesisAccounts,
  buildGentx,
  collectGentxs,
  loadGenesis,
  saveGenesis,
  validateGenesis,
  type CollectedGentx,
  type GentxRequest,
} from "../genesis-file";
import { nodeIdOf } from "../comet";
import { homePaths } from "../home";
import { Keyring, type KeyringBackend } from "../keyring/keyring";
import { passphraseSource } from "../client/context";
import { parseToml } from "../toml";

/** Accounts as `<address>` + `<coins>` text, e.g. "1000uyml,5ufoo". */
export function addGenesisAccountCmd(home: string, accounts: ReadonlyArray<{ address: string; coins: string }>): void {
  const paths = homePaths(home);
  const doc = loadGenesis(paths.genesis);
  addGenesisAccounts(
    doc,
    accounts.map((a) => ({ address: a.address, coins: parseCoins(a.coins) })),
  );
  saveGenesis(paths.genesis, doc);
}

export interface GentxCmdOptions {
  /** Operator key: a name (or address) in the keyring. */
  key: string;
  /** Self-bond: coin text ("10000000uyml") or a bare amount of the bond denom. */
  amount: string;
  /** Must match genesis.json's chain id; defaults to it. */
  chainId?: string;
  moniker?: string;
  identity?: string;
  website?: string;
  securityContact?: string;
  details?: string;
  commissionRate?: string;
  commissionMaxRate?: string;
  commissionMaxChangeRate?: string;
  minSelfDelegation?: string;
  /** The node's public IP for the memo's peer address (`<node id>@<ip>:<p2p port>`). */
  ip?: string;
  p2pPort?: number;
  gas?: bigint;
  keyringBackend?: KeyringBackend;
  passphraseFile?: string;
  /** Where to write (default config/gentx/gentx-<node id>.json). */
  outputDocument?: string;
}

/**
 * `genesis gentx <key> <amount>`: signs this node's MsgCreateValidator (operator key from the
 * keyring, consensus key from priv_validator_key.json) and writes config/gentx/gentx-<node id>.json.
 */
export async function gentxCmd(home: string, o: GentxCmdOptions): Promise<{ file: string; gentx: unknown }> {
  const paths = homePaths(home);
  const doc = loadGenesis(paths.genesis);
  const chainId = o.chainId ?? doc.chain_id;
  if (chainId !== doc.chain_id) throw new Error(`--chain-id ${chainId} differs from the genesis file's chain id ${doc.chain_id}`);
  const bondDenom = String((doc.app_state.staking as { params?: { bond_denom?: string } } | undefined)?.params?.bond_denom ?? "uyml");
  const selfBond = /^[0-9]+$/.test(o.amount) ? { denom: bondDenom, amount: BigInt(o.amount) } : parseCoins(o.amount);
  const coin = Array.isArray(selfBond) ? selfBond : [selfBond];
  if (coin.length !== 1 || coin[0].denom !== bondDenom)
    throw new Error(`the self-bond must be one amount of the bond denom ${bondDenom}, got ${JSON.stringify(o.amount)}`);
  const keyring = new Keyring(home, o.keyringBackend ?? "file", passphraseSource(o.passphraseFile));
  const operatorKey = await keyring.key(o.key);
  const validatorKey = JSON.parse(readFileSync(paths.privValidatorKey, "utf8")) as { pub_key: { type: string; value: string } };
  if (validatorKey.pub_key.type !== "tendermint/PubKeyEd25519")
    throw new Error(`unsupported consensus key type ${validatorKey.pub_key.type}`);
  const comet = parseToml(readFileSync(paths.cometConfig, "utf8"));
  const nodeId = nodeIdOf(paths.nodeKey);
  const p2pPort =
    o.p2pPort ?? Number(/:(\d+)$/.exec(String((comet.p2p as Record<string, unknown> | undefined)?.laddr ?? ""))?.[1] ?? 26656);
  const request: GentxRequest = {
    chainId,
    operatorKey,
    consensusPubKey: Ed25519PubKey.fromPartial({ key: Buffer.from(validatorKey.pub_key.value, "base64") }).key,
    selfBond: { denom: coin[0].denom, amount: coin[0].amount.toString() },
    description: {
      moniker: o.moniker ?? String(comet[""].moniker ?? ""),
      identity: o.identity,
      website: o.website,
      securityContact: o.securityContact,
      details: o.details,
    },
    commission: { rate: o.commissionRate, maxRate: o.commissionMaxRate, maxChangeRate: o.commissionMaxChangeRate },
    minSelfDelegation: o.minSelfDelegation,
    memo: `${nodeId}@${o.ip ?? "127.0.0.1"}:${p2pPort}`,
    gasLimit: o.gas,
  };
  const gentx = buildGentx(request);
  const file = o.outputDocument ?? join(paths.gentxDir, `gentx-${nodeId}.json`);
  if (!o.outputDocument) mkdirSync(paths.gentxDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(gentx, null, 2)}\n`);
  return { file, gentx };
}

export function collectGentxsCmd(home: string, gentxDir?: string): CollectedGentx[] {
  const paths = homePaths(home);
  const doc = loadGenesis(paths.genesis);
  const gentxs = collectGentxs(doc, gentxDir ?? paths.gentxDir);
  validateGenesis(doc, buildModules());
  saveGenesis(paths.genesis, doc);
  return gentxs;
}

export function validateGenesisCmd(file: string): void {
  validateGenesis(loadGenesis(file), buildModules());
}
