import { execFileSync } from "node:child_process";
import { copyFileSync } from "node:fs";
import { cometBinary } from "../comet";
import { loadGenesis, saveGenesis } from "../genesis-file";
import { homePaths } from "../home";
import { nodeHome, type LocalnetLayout } from "./layout";

/**
 * Creates the localnet's homes with the code of another release (its repository root, with its
 * own node_modules): that release's `init`, `gentx` and `collect-gentxs` write the genesis, so
 * a chain started on it is the chain its operators would have built. `mutateGenesis` runs here,
 * on the collected genesis, which then goes to every node.
 */
export function createLocalnetWithRelease(codeRoot: string, l: LocalnetLayout): void {
  const { mutateGenesis, ...layout } = l;
  // tsx resolves from the release's own node_modules (cwd), and the layout module is the release's.
  const script = [
    'import { register } from "tsx/esm/api";',
    "register();",
    `const { createLocalnet } = await import(${JSON.stringify(new URL("src/cli/localnet/layout.ts", `file://${codeRoot}/`).href)});`,
    "await createLocalnet(JSON.parse(process.env.LOCALNET_LAYOUT));",
  ].join("\n");
  execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: codeRoot,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, COMETBFT_BIN: cometBinary(), LOCALNET_LAYOUT: JSON.stringify(layout) },
  });
  if (!mutateGenesis) return;
  const genesisPath = homePaths(nodeHome(l.dir, 0)).genesis;
  const doc = loadGenesis(genesisPath);
  mutateGenesis(doc.app_state);
  saveGenesis(genesisPath, doc);
  for (let i = 1; i < l.validators; i++) copyFileSync(genesisPath, homePaths(nodeHome(l.dir, i)).genesis);
}
