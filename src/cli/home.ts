import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { PACKAGE_ROOT } from "../types/package-files";

/** The package root (a checkout, or the installed package), whatever the cwd: src/types/package-files.ts. */
export const PROJECT_ROOT = PACKAGE_ROOT;

export const DEFAULT_HOME = join(homedir(), ".blockchaind");
export const DEFAULT_DEV_HOME = join(homedir(), ".blockchaind-dev");

/**
 * One home holds both halves of a node, as with the Cosmos SDK: CometBFT's config and data
 * (`cometbft start --home H`) and the app's config and state beside them.
 */
export interface HomePaths {
  home: string;
  config: string;
  cometConfig: string;
  appConfig: string;
  genesis: string;
  gentxDir: string;
  privValidatorKey: string;
  nodeKey: string;
  data: string;
  appData: string;
  devBlocks: string;
}

export function homePaths(home: string): HomePaths {
  const h = resolve(home);
  const config = join(h, "config");
  const data = join(h, "data");
  return {
    home: h,
    config,
    cometConfig: join(config, "config.toml"),
    appConfig: join(config, "app.toml"),
    genesis: join(config, "genesis.json"),
    gentxDir: join(config, "gentx"),
    privValidatorKey: join(config, "priv_validator_key.json"),
    nodeKey: join(config, "node_key.json"),
    data,
    appData: join(data, "application.db"),
    devBlocks: join(data, "dev-blocks.db"),
  };
}
