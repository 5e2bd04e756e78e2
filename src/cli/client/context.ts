import { existsSync, readFileSync } from "node:fs";
import { Command, Option } from "commander";
import { DEFAULT_HOME } from "../home";
import { Keyring, type KeyringBackend, KEYRING_BACKENDS } from "../keyring/keyring";
import { DEFAULT_NODE, connect, type NodeClient } from "./node";
import { type OutputFormat, UsageError } from "./output";
import { promptHidden } from "./prompt";

/** Options every client command takes, as the SDK's client flags. */
export function addClientOptions(cmd: Command, o: { output: OutputFormat; node?: boolean; keyring?: boolean }): Command {
  cmd.addOption(new Option("-o, --output <format>", "output format").choices(["json", "text"]).default(o.output));
  cmd.addOption(new Option("--home <dir>", "home directory holding the keyring").env("BLOCKCHAIND_HOME"));
  if (o.node !== false) {
    cmd.addOption(new Option("--node <url>", `CometBFT RPC of the node (default ${DEFAULT_NODE})`).env("BLOCKCHAIND_NODE"));
    cmd.addOption(new Option("--rest <url>", "use the REST gateway instead, e.g. http://127.0.0.1:1317").env("BLOCKCHAIND_REST"));
    cmd.addOption(new Option("--chain-id <id>", "chain id (default: the node's)").env("BLOCKCHAIND_CHAIN_ID"));
  }
  if (o.keyring !== false) {
    cmd.addOption(
      new Option("--keyring-backend <backend>", "where keys live: file (encrypted) or test (plain, testing only)")
        .choices(KEYRING_BACKENDS)
        .default("file")
        .env("BLOCKCHAIND_KEYRING_BACKEND"),
    );
    cmd.addOption(
      new Option(
        "--passphrase-file <file>",
        "read the keyring passphrase from a file (else $BLOCKCHAIND_KEYRING_PASSPHRASE, else a prompt)",
      ),
    );
  }
  return cmd;
}

export interface ClientOptions {
  output: OutputFormat;
  home?: string;
  node?: string;
  rest?: string;
  chainId?: string;
  keyringBackend?: KeyringBackend;
  passphraseFile?: string;
}

export interface ClientContext {
  output: OutputFormat;
  keyring(): Keyring;
  node(): NodeClient;
}

export function clientContext(o: ClientOptions): ClientContext {
  let keyring: Keyring | undefined;
  let node: NodeClient | undefined;
  return {
    output: o.output,
    keyring: () => (keyring ??= new Keyring(o.home ?? DEFAULT_HOME, o.keyringBackend ?? "file", passphraseSource(o.passphraseFile))),
    node: () => (node ??= connect({ node: o.node, rest: o.rest })),
  };
}

/** Passphrase from --passphrase-file, the environment, or a hidden prompt on a TTY; asked once. */
export function passphraseSource(file?: string): (purpose: "unlock" | "new") => Promise<string> {
  let cached: string | undefined;
  return async (purpose) => {
    if (cached !== undefined) return cached;
    if (file) {
      if (!existsSync(file)) throw new UsageError(`passphrase file ${file} not found`);
      cached = readFileSync(file, "utf8").replace(/\r?\n$/, "");
    } else if (process.env.BLOCKCHAIND_KEYRING_PASSPHRASE !== undefined) {
      cached = process.env.BLOCKCHAIND_KEYRING_PASSPHRASE;
    } else if (process.stdin.isTTY) {
      cached = await promptHidden("Enter keyring passphrase: ");
      if (purpose === "new" && (await promptHidden("Re-enter keyring passphrase: ")) !== cached)
        throw new UsageError("passphrases do not match");
    } else {
      throw new UsageError("the file keyring needs a passphrase: --passphrase-file, $BLOCKCHAIND_KEYRING_PASSPHRASE, or run on a terminal");
    }
    if (purpose === "new" && cached.length < 8) throw new UsageError("passphrase must be at least 8 characters");
    return cached;
  };
}
