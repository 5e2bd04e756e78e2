import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "./home";
import { patchToml, type TomlTable } from "./toml";

/** The CometBFT release the node is built and tested against (docs/abci.md). */
export const COMETBFT_VERSION = "0.38.25";

/**
 * The CometBFT binary: $COMETBFT_BIN, else a checkout's .bin/cometbft (scripts/install-cometbft.sh
 * builds it there), else `cometbft` on PATH (an installed package ships no CometBFT).
 */
export function cometBinary(): string {
  if (process.env.COMETBFT_BIN) return process.env.COMETBFT_BIN;
  const local = join(PROJECT_ROOT, ".bin", "cometbft");
  if (existsSync(local)) return local;
  try {
    execFileSync("cometbft", ["version"], { stdio: "ignore" });
    return "cometbft";
  } catch {
    const checkout = existsSync(join(PROJECT_ROOT, "scripts", "install-cometbft.sh"))
      ? `, or run \`bash scripts/install-cometbft.sh\` (builds ${local})`
      : "";
    throw new Error(`CometBFT v${COMETBFT_VERSION} not found: put \`cometbft\` on PATH or set COMETBFT_BIN to its path${checkout}`);
  }
}

export function runComet(args: string[]): string {
  return execFileSync(cometBinary(), args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** CometBFT node ID: hex of the first 20 bytes of SHA-256 of the node key's ed25519 public key. */
export function nodeIdOf(nodeKeyPath: string): string {
  const key = JSON.parse(readFileSync(nodeKeyPath, "utf8")) as { priv_key: { value: string } };
  const pub = Buffer.from(key.priv_key.value, "base64").subarray(32);
  return createHash("sha256").update(pub).digest().subarray(0, 20).toString("hex");
}

export function patchCometConfig(configPath: string, patches: TomlTable): void {
  writeFileSync(configPath, patchToml(readFileSync(configPath, "utf8"), patches));
}

export interface ConsensusTimeouts {
  propose: string;
  prevote: string;
  precommit: string;
  commit: string;
}

export function timeoutPatches(t: ConsensusTimeouts): TomlTable {
  return {
    consensus: {
      timeout_propose: t.propose,
      timeout_prevote: t.prevote,
      timeout_precommit: t.precommit,
      timeout_commit: t.commit,
    },
  };
}
