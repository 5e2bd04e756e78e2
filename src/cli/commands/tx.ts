import { readFileSync } from "node:fs";
import { Command, Option } from "commander";
import { accAddress, valAddress } from "../../types/address";
import type { AnyMsg } from "../../types/codec";
import { catalogue, type MsgEntry } from "../client/catalogue";
import { addClientOptions, clientContext, type ClientOptions } from "../client/context";
import { addFieldOptions, collectFields, positionalFields } from "../client/fields-cli";
import { exampleOf } from "../client/examples";
import { configureHelp, msgDoc } from "../client/help";
import { aminoTypeOf } from "../../codec/amino";
import { validateMsg } from "../../app/msg-validate";
import { encodeMessage } from "../client/msg-json";
import { action, UsageError } from "../client/output";
import { proposalFields } from "../client/proposal";
import { broadcast, resolveSigner, runTx, signTxBytes, type TxFlags } from "../client/tx-flow";
import { parseTxFile, txToJson } from "../client/tx-json";

const GOV_SUBMIT = "/cosmos.gov.v1.MsgSubmitProposal";

function addTxOptions(cmd: Command): Command {
  return addClientOptions(cmd, { output: "json" })
    .option("--from <key>", "key name (or address with --generate-only) that signs and pays")
    .option("--fees <coins>", "fee to pay, e.g. 5000uyml")
    .option("--gas-prices <prices>", "fee = gas × price, e.g. 0.025uyml")
    .option("--gas <limit>", "gas limit, or auto to simulate first", "200000")
    .option("--gas-adjustment <factor>", "with --gas auto: multiply the simulated gas by this", "1.4")
    .option("--memo <text>", "tx memo")
    .option("--timeout-height <height>", "reject the tx after this block height")
    .option("--fee-granter <address>", "account whose fee allowance pays the fee")
    .option("--fee-payer <address>", "account that pays the fee (must also sign)")
    .option("--generate-only", "print the unsigned tx JSON instead of signing and broadcasting")
    .option("-y, --yes", "skip the confirmation prompt")
    .option("--sequence <n>", "signer sequence (skips the account query, with --account-number)")
    .option("--account-number <n>", "signer account number")
    .option("--wait", "wait until the tx is in a block and print its result (exit 2 if it failed)");
}

/** `tx <module> <msg>` for every message the app routes, generated from the schemas. */
export function txCommand(): Command {
  const tx = new Command("tx").description("build, sign and broadcast transactions");
  const modules = new Map<string, Command>();
  for (const entry of catalogue().msgs) {
    let mod = modules.get(entry.module);
    if (!mod) {
      mod = new Command(entry.module).description(`${entry.module} transactions`);
      modules.set(entry.module, mod);
    }
    mod.addCommand(msgCommand(entry));
  }
  for (const name of [...modules.keys()].sort()) tx.addCommand(modules.get(name)!);
  tx.addCommand(signCommand());
  tx.addCommand(broadcastCommand());
  return tx;
}

export function msgCommand(entry: MsgEntry): Command {
  const signer = entry.signer;
  const isSigner = (f: { name: string }) => f.name === signer?.name;
  const isProposal = entry.def.typeUrl === GOV_SUBMIT;
  const slots = isProposal ? [] : positionalFields(entry.schema, isSigner);
  const signerFirst = signer !== undefined && signer.form === "account" && entry.schema.fields[0]?.name === signer.name;
  const usage = isProposal ? ["[proposal-file]"] : [...(signerFirst ? [`[${signer.name}]`] : []), ...slots.map((f) => `[${f.name}]`)];
  const example = exampleOf(entry);
  const doc = msgDoc({
    typeUrl: entry.def.typeUrl,
    amino: aminoTypeOf(entry.def.typeUrl, entry.def.aminoName),
    signer: signer?.name,
    example: example && `blockchaind tx ${entry.module} ${entry.command} ${example}`,
  });
  const cmd = new Command(entry.command).summary(doc.summary).description(doc.description);
  cmd
    .usage(`${usage.join(" ")} [flags]`.trim())
    .argument(
      "[args...]",
      isProposal ? "a proposal JSON file {messages, deposit, title, summary, metadata, expedited}" : slots.map((f) => f.name).join(", "),
    );
  const signerSlot = signerFirst
    ? entry.schema.fields.filter(isSigner).map((field) => ({ field, note: "The signer: may be left out for --from." }))
    : [];
  // A proposal file is the one argument of submit-proposal: commander's own listing says so.
  configureHelp(cmd, isProposal ? undefined : [...signerSlot, ...slots.map((field) => ({ field }))]);
  cmd.optionsGroup("Message fields (or give them as arguments, in order):");
  const fieldFlags = addFieldOptions(cmd, entry.schema);
  cmd.optionsGroup("Transaction flags:");
  addTxOptions(cmd);
  cmd.action(
    action(async (args: string[], opts: ClientOptions & TxFlags & Record<string, unknown>) => {
      const ctx = clientContext(opts);
      const positional = new Map<string, string>();
      let from = opts.from;
      let rest = [...args];
      if (isProposal) {
        if (rest.length > 1) throw new UsageError("submit-proposal takes one proposal file");
        if (rest.length === 1) {
          // Flags given beside the file win over the file's values.
          for (const [attr, v] of Object.entries(proposalFields(readFileSync(rest[0], "utf8"), fieldFlags))) opts[attr] ??= v;
        }
        rest = [];
      }
      if (signerFirst && rest.length === slots.length + 1) {
        const first = rest.shift()!;
        if (from && from !== first) throw new UsageError(`${signer!.name} argument ${first} differs from --from ${from}`);
        from = first;
      }
      if (rest.length > slots.length)
        throw new UsageError(`too many arguments: expected at most ${slots.map((f) => f.name).join(", ") || "none"}`);
      rest.forEach((v, i) => positional.set(slots[i].name, v));
      const { protoJson, codecJson, set } = collectFields(fieldFlags, opts, positional);
      if (!from && signer?.form === "account" && set.has(signer.name)) from = String(protoJson[signer.name] ?? codecJson[signer.name]);
      const who = resolveSigner(ctx, from, Boolean(opts.generateOnly));
      if (signer && !set.has(signer.name)) {
        const value =
          signer.form === "validator"
            ? valAddress.encode(accAddress.decode(who.address))
            : signer.form === "list"
              ? [who.address]
              : who.address;
        const target = entry.schema.fields.find((f) => f.name === signer.name)!.source === "codec" ? codecJson : protoJson;
        target[signer.name] = value;
      }
      const msg: AnyMsg = { typeUrl: entry.def.typeUrl, value: encodeMessage(entry.schema, protoJson, codecJson) };
      validate(entry, msg);
      await runTx(ctx, [msg], who, { ...opts, from });
    }),
  );
  return cmd;
}

/** The message's own stateless checks, before anything is signed. */
function validate(entry: MsgEntry, msg: AnyMsg): void {
  try {
    validateMsg(entry.def, entry.def.codec.decode(msg.value));
  } catch (e) {
    throw new UsageError(`invalid ${entry.def.typeUrl}: ${(e as Error).message}`);
  }
}

function signCommand(): Command {
  const cmd = new Command("sign")
    .description("sign a tx file (from --generate-only) with a key; prints the signed tx")
    .argument("<file>", "unsigned tx JSON");
  addClientOptions(cmd, { output: "json" })
    .requiredOption("--from <key>", "key that signs")
    .option("--sequence <n>", "signer sequence (offline signing, with --account-number and --chain-id)")
    .option("--account-number <n>", "signer account number")
    .addOption(
      new Option("--encoding <encoding>", "json: the signed tx JSON; base64: TxRaw bytes").choices(["json", "base64"]).default("json"),
    )
    .option("--output-document <file>", "write the signed tx to a file instead of stdout");
  return cmd.action(
    action(async (file: string, opts: ClientOptions & TxFlags & { encoding: string; outputDocument?: string }) => {
      const ctx = clientContext(opts);
      const tx = parseTxFile(readFileSync(file, "utf8"));
      const raw = await signTxBytes(ctx, tx, resolveSigner(ctx, opts.from, false), opts);
      const { TxRaw } = await import("cosmjs-types/cosmos/tx/v1beta1/tx");
      const text =
        opts.encoding === "base64"
          ? `${Buffer.from(raw).toString("base64")}\n`
          : `${JSON.stringify(txToJson(TxRaw.decode(raw)), null, 2)}\n`;
      if (opts.outputDocument) (await import("node:fs")).writeFileSync(opts.outputDocument, text);
      else process.stdout.write(text);
    }),
  );
}

function broadcastCommand(): Command {
  const cmd = new Command("broadcast")
    .description("broadcast a signed tx file (JSON, or base64/hex TxRaw)")
    .argument("<file>", "signed tx");
  addClientOptions(cmd, { output: "json", keyring: false }).option("--wait", "wait until the tx is in a block (exit 2 if it failed)");
  return cmd.action(
    action(async (file: string, opts: ClientOptions & { wait?: boolean }) => {
      const ctx = clientContext(opts);
      const tx = parseTxFile(readFileSync(file, "utf8"));
      if (tx.signatures.length === 0) throw new UsageError(`${file} is not signed: run tx sign first`);
      const { TxRaw } = await import("cosmjs-types/cosmos/tx/v1beta1/tx");
      await broadcast(ctx, TxRaw.encode(tx).finish(), Boolean(opts.wait));
    }),
  );
}
