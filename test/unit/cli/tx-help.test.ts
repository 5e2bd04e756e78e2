import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Command } from "commander";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { catalogue, type MsgEntry } from "../../../src/cli/client/catalogue";
import { MSG_EXAMPLES, shellWords } from "../../../src/cli/client/examples";
import { queryCommand } from "../../../src/cli/commands/query";
import { msgCommand, txCommand } from "../../../src/cli/commands/tx";
import { accAddress } from "../../../src/types/address";

const CHAIN_MODULES = [
  "tokenisation",
  "land",
  "oracle",
  "custody",
  "validatorgov",
  "constitution",
  "enforcement",
  "alias",
  "netting",
  "paymsg",
  "stablecoin",
  "treasury",
  "builderfee",
];

const home = mkdtempSync(join(tmpdir(), "tx-help-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

// The documents the examples name as @files, as they stand in a default genesis.
const FILES: Record<string, unknown> = {
  "enforcement-params.json": {
    voting_period_blocks: "0",
    provisional_freeze_blocks: "0",
    threshold_bps: "0",
    recovery_destination: "",
    max_reason_length: "1024",
    max_evidence_uri_length: "512",
    seize_requires_evidence: true,
    seizure_delay_blocks: "14400",
    seizure_delay_tiers: [],
    seizure_window_blocks: "100800",
    seizure_window_cap: [],
    max_seizures_per_window: "10",
    ombudsman: "",
  },
  "invariants.json": {
    max_entity_power_bps: "3300",
    max_beneficial_owner_power_bps: "3300",
    max_jurisdiction_power_bps: "5000",
    concentration_epoch_blocks: "100",
    min_active_validators: 4,
    enforcement_threshold_bps: "7500",
    enforcement_recovery_destination: "yml1afk9zr2hn2jsac63h4hm60vl9z3e5u69gndzf7c99cqge3vzwjzs3xm8uj",
    enforcement_voting_period_blocks: "100800",
    enforcement_provisional_freeze_blocks: "14400",
    amendment_delay_blocks: "120960",
    amendment_threshold_bps: "6667",
    foundation_custodian_count: 5,
    foundation_signature_threshold: 3,
  },
};
for (const [name, doc] of Object.entries(FILES)) writeFileSync(join(home, name), JSON.stringify(doc));

const chainMsgs = () => catalogue().msgs.filter((m) => CHAIN_MODULES.includes(m.module));

function leaf(root: Command, ...path: string[]): Command {
  let cmd = root;
  for (const name of path) cmd = cmd.commands.find((c) => c.name() === name)!;
  return cmd;
}

/** A key name in an example stands for some account: --generate-only takes an address instead of a stored key. */
const addressOf = (name: string) =>
  accAddress.isValid(name) ? name : accAddress.encode(createHash("sha256").update(name).digest().subarray(0, 20));

/** Runs an example through the real `tx <module> <msg>` command, generating the tx instead of broadcasting it. */
async function generate(entry: MsgEntry, example: string): Promise<{ tx?: any; error?: string }> {
  const words = shellWords(example).map((w) => (w.startsWith("@") ? `@${join(home, w.slice(1))}` : w));
  const from = words.indexOf("--from");
  words[from + 1] = addressOf(words[from + 1]);
  if (!words.includes("--generate-only")) words.push("--generate-only");
  words.push("--keyring-backend", "test", "--home", home);
  let out = "";
  let err = "";
  vi.spyOn(process.stdout, "write").mockImplementation((s) => ((out += String(s)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((s) => ((err += String(s)), true));
  vi.spyOn(process, "exit").mockImplementation(((code: number) => {
    throw new Error(`exit ${code}`);
  }) as never);
  try {
    await msgCommand(entry).exitOverride().parseAsync(words, { from: "user" });
  } catch (e) {
    return { error: `${(e as Error).message}: ${err}` };
  } finally {
    vi.restoreAllMocks();
  }
  return { tx: JSON.parse(out) };
}

describe("tx examples", () => {
  it("every chain-module message has one, and every example names a message the app routes", () => {
    const missing = chainMsgs()
      .filter((m) => !MSG_EXAMPLES[m.def.typeUrl])
      .map((m) => m.def.typeUrl);
    expect(missing).toEqual([]);
    expect(chainMsgs().length).toBeGreaterThan(100);
    const unknown = Object.keys(MSG_EXAMPLES).filter((t) => !catalogue().msgByType(t));
    expect(unknown).toEqual([]);
  });

  it("each parses through the real command into its message, passing the message's own checks", async () => {
    const failures: string[] = [];
    for (const entry of chainMsgs()) {
      const example = MSG_EXAMPLES[entry.def.typeUrl]!;
      const r = await generate(entry, example);
      if (r.error) {
        failures.push(`${entry.module} ${entry.command} ${example}\n  ${r.error.trim()}`);
        continue;
      }
      const [msg] = r.tx.body.messages;
      expect(msg["@type"]).toBe(entry.def.typeUrl);
      const from = shellWords(example)[shellWords(example).indexOf("--from") + 1];
      if (entry.signer) expect(msg[entry.signer.name]).toBe(addressOf(from));
    }
    expect(failures).toEqual([]);
  });
});

describe("tx and query help", () => {
  const tx = txCommand();

  it("describes the message from its proto comment, its arguments and fields, with the example", () => {
    const help = leaf(tx, "land", "register-parcel").helpInformation();
    expect(help).toContain("First registration of a parcel by a registry office.");
    expect(help).toContain("Message: /blockchain.land.v1.MsgRegisterParcel");
    expect(help).toMatch(
      /Arguments:\n\s+creator\s+Address of the registering registry office \(the\s+signer\)\. The signer: may be left out for --from\./,
    );
    expect(help).toMatch(/holder\s+Account address of the parcel's one holder\./);
    expect(help).toContain(`$ blockchaind tx land register-parcel ${MSG_EXAMPLES["/blockchain.land.v1.MsgRegisterParcel"]}`);
    expect(help).toContain("Message fields");
    expect(help).toContain("Transaction flags:");
  });

  it("shows field comments on flags and arguments", () => {
    const pay = leaf(tx, "paymsg", "send-payment").helpInformation().replace(/\s+/g, " ");
    expect(pay).toContain("--metadata-hash <bytes> SHA-256 of the PaymentMetadata encoding (32 bytes).");
    expect(pay).toContain("settlement_jurisdiction ISO 3166-1 alpha-2 code.");
    const send = leaf(tx, "bank", "send").helpInformation();
    expect(send).toContain("MsgSend represents a message to send coins from one account to another.");
  });

  it("lists each module's messages and queries by the first sentence of their comments", () => {
    expect(leaf(tx, "land").helpInformation()).toMatch(
      /register-parcel \[options\] \[args\.\.\.\]\s+First registration of a parcel by a registry office\./,
    );
    const q = queryCommand();
    expect(leaf(q, "bank").helpInformation()).toMatch(
      /balance \[options\] \[address\]\s+Balance queries the balance of a single coin for a single account\./,
    );
    const balance = leaf(q, "bank", "balance").helpInformation();
    expect(balance).toContain("Query: /cosmos.bank.v1beta1.Query/Balance");
    expect(balance).toMatch(/address\s+address is the address to query balances for\./);
  });
});
