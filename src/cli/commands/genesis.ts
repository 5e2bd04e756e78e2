import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildModules } from "../../app/modules";
import { parseCoins } from "../../types/coins";
import { addGenesisAccounts, collectGentxs, gentxFor, loadGenesis, saveGenesis, validateGenesis, type GenTx } from "../genesis-file";
import { nodeIdOf } from "../comet";
import { homePaths } from "../home";
import { parseToml } from "../toml";

/** Accounts as `<address>` + `<coins>` text, e.g. "1000uyml,5ufoo". */
export function addGenesisAccountCmd(home: string, accounts: ReadonlyArray<{ address: string; coins: string }>): void {
  const paths = homePaths(home);
  const doc = loadGenesis(paths.genesis);
  addGenesisAccounts(doc, accounts.map((a) => ({ address: a.address, coins: parseCoins(a.coins) })));
  saveGenesis(paths.genesis, doc);
}

/** Writes config/gentx/gentx-<node id>.json declaring this node's consensus key as a genesis validator. */
export function gentxCmd(home: string, operator: string, selfBond: bigint, moniker?: string): { file: string; gentx: GenTx } {
  const paths = homePaths(home);
  const name = moniker ?? String(parseToml(readFileSync(paths.cometConfig, "utf8"))[""].moniker ?? "");
  const gentx = gentxFor(paths.privValidatorKey, name, operator, selfBond);
  mkdirSync(paths.gentxDir, { recursive: true });
  const file = join(paths.gentxDir, `gentx-${nodeIdOf(paths.nodeKey)}.json`);
  writeFileSync(file, `${JSON.stringify(gentx, null, 2)}\n`);
  return { file, gentx };
}

export function collectGentxsCmd(home: string, gentxDir?: string): GenTx[] {
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
