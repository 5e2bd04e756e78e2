import { existsSync, readFileSync } from "node:fs";
import { Command } from "commander";
import { DEFAULT_HD_PATH, Secp256k1Key } from "../../client/signer";
import { addClientOptions, clientContext, type ClientOptions } from "../client/context";
import { action, print, UsageError } from "../client/output";
import { promptHidden, promptLine, readStdin } from "../client/prompt";
import type { ExportedKey } from "../keyring/keyring";

const keyringOptions = (cmd: Command) => addClientOptions(cmd, { output: "text", node: false });

/** `keys add|list|show|delete|export|import`, as the Cosmos SDK's. */
export function keysCommand(): Command {
  const keys = new Command("keys").description(
    "manage the local keyring (file: encrypted with a passphrase; test: unencrypted, for testing)",
  );

  keys.addCommand(
    keyringOptions(
      new Command("add")
        .description("create a key and print its mnemonic once, or --recover one from a mnemonic on stdin")
        .argument("<name>"),
    )
      .option("--recover", "read a BIP-39 mnemonic from stdin (or a prompt) instead of generating one")
      .option("--hd-path <path>", "BIP-44 derivation path", DEFAULT_HD_PATH)
      .action(
        action(async (name: string, o: ClientOptions & { recover?: boolean; hdPath: string }) => {
          const ctx = clientContext(o);
          const keyring = ctx.keyring();
          if (keyring.has(name)) throw new UsageError(`key ${JSON.stringify(name)} already exists; delete it first`);
          const mnemonic = o.recover ? await readMnemonic() : Secp256k1Key.generateMnemonic();
          let key: Secp256k1Key;
          try {
            key = await Secp256k1Key.fromMnemonic(mnemonic, o.hdPath);
          } catch (e) {
            throw new UsageError(`invalid mnemonic or HD path: ${(e as Error).message}`);
          }
          const info = await keyring.add(name, key);
          if (o.recover) return print(info, o.output);
          if (o.output === "json") return print({ ...info, mnemonic }, "json");
          print([info], "text");
          process.stdout.write(
            `\n**Important** write this mnemonic phrase in a safe place.\nIt is the only way to recover your account if you ever forget your password.\n\n${mnemonic}\n`,
          );
        }),
      ),
  );

  keys.addCommand(
    keyringOptions(new Command("list").description("all keys in the keyring")).action(
      action(async (o: ClientOptions) => print(clientContext(o).keyring().list(), o.output)),
    ),
  );

  keys.addCommand(
    keyringOptions(new Command("show").description("one key by name or address").argument("<name>"))
      .option("-a, --address", "print only the address")
      .option("-p, --pubkey", "print only the public key")
      .option("--bech <prefix>", "acc (account address) or val (validator operator address)", "acc")
      .action(
        action(async (name: string, o: ClientOptions & { address?: boolean; pubkey?: boolean; bech: string }) => {
          const info = clientContext(o).keyring().show(name);
          if (o.bech !== "acc" && o.bech !== "val") throw new UsageError("--bech: acc or val");
          if (o.bech === "val") {
            const { accAddress, valAddress } = await import("../../types/address");
            info.address = valAddress.encode(accAddress.decode(info.address));
          }
          if (o.address) return void process.stdout.write(`${info.address}\n`);
          if (o.pubkey) return void process.stdout.write(`${info.pubkey}\n`);
          print(info, o.output);
        }),
      ),
  );

  keys.addCommand(
    keyringOptions(new Command("delete").description("remove a key from the keyring").argument("<name>"))
      .option("-y, --yes", "do not ask for confirmation")
      .action(
        action(async (name: string, o: ClientOptions & { yes?: boolean }) => {
          const keyring = clientContext(o).keyring();
          keyring.show(name);
          if (!o.yes) {
            if (!process.stdin.isTTY) throw new UsageError("refusing to delete without confirmation: pass --yes");
            const answer = await promptLine(`Key ${name} will be deleted. Continue? [y/N]: `);
            if (!/^y(es)?$/i.test(answer.trim())) throw new UsageError("aborted");
          }
          keyring.delete(name);
          process.stderr.write(`Key deleted forever (uh oh!)\n`);
        }),
      ),
  );

  keys.addCommand(
    keyringOptions(
      new Command("export").description("print a key encrypted under an export passphrase (for keys import)").argument("<name>"),
    )
      .option("--export-passphrase-file <file>", "export passphrase from a file (else $BLOCKCHAIND_EXPORT_PASSPHRASE, else a prompt)")
      .option("--unarmored-hex", "print the raw private key in hex instead")
      .option("--unsafe", "confirm --unarmored-hex")
      .action(
        action(async (name: string, o: ClientOptions & { exportPassphraseFile?: string; unarmoredHex?: boolean; unsafe?: boolean }) => {
          const keyring = clientContext(o).keyring();
          if (o.unarmoredHex) {
            if (!o.unsafe) throw new UsageError("--unarmored-hex prints the private key in the clear: add --unsafe to confirm");
            return void process.stdout.write(`${Buffer.from((await keyring.key(name)).privKey).toString("hex")}\n`);
          }
          const key = await keyring.key(name);
          const pass = await exportPassphrase(o.exportPassphraseFile, true);
          const exported = await keyring.export(name, pass);
          if (exported.address !== key.address) throw new Error("export mismatch");
          process.stdout.write(`${JSON.stringify(exported, null, 2)}\n`);
        }),
      ),
  );

  keys.addCommand(
    keyringOptions(new Command("import").description("store a key from a keys export file").argument("<name>").argument("<file>"))
      .option(
        "--export-passphrase-file <file>",
        "the passphrase the key was exported with (else $BLOCKCHAIND_EXPORT_PASSPHRASE, else a prompt)",
      )
      .action(
        action(async (name: string, file: string, o: ClientOptions & { exportPassphraseFile?: string }) => {
          if (!existsSync(file)) throw new UsageError(`${file} not found`);
          let exported: ExportedKey;
          try {
            exported = JSON.parse(readFileSync(file, "utf8")) as ExportedKey;
          } catch {
            throw new UsageError(`${file} is not a key export`);
          }
          const pass = await exportPassphrase(o.exportPassphraseFile, false);
          print(await clientContext(o).keyring().import(name, exported, pass), o.output);
        }),
      ),
  );
  return keys;
}

async function readMnemonic(): Promise<string> {
  const text = process.stdin.isTTY ? await promptHidden("> Enter your bip39 mnemonic\n") : await readStdin();
  const mnemonic =
    text
      .split(/\r?\n/)
      .find((l) => l.trim() !== "")
      ?.trim()
      .split(/\s+/)
      .join(" ") ?? "";
  if (!mnemonic) throw new UsageError("no mnemonic on stdin");
  return mnemonic;
}

async function exportPassphrase(file: string | undefined, confirm: boolean): Promise<string> {
  if (file) return readFileSync(file, "utf8").replace(/\r?\n$/, "");
  if (process.env.BLOCKCHAIND_EXPORT_PASSPHRASE !== undefined) return process.env.BLOCKCHAIND_EXPORT_PASSPHRASE;
  if (!process.stdin.isTTY)
    throw new UsageError("export passphrase needed: --export-passphrase-file, $BLOCKCHAIND_EXPORT_PASSPHRASE, or run on a terminal");
  const pass = await promptHidden("Enter export passphrase: ");
  if (confirm && (await promptHidden("Re-enter export passphrase: ")) !== pass) throw new UsageError("passphrases do not match");
  return pass;
}
