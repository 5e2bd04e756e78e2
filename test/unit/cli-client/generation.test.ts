import { describe, expect, it } from "vitest";
import { MsgCancelUnbondingDelegation } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { MsgSubmitProposal } from "cosmjs-types/cosmos/gov/v1/tx";
import { Router } from "../../../src/app/router";
import { buildModules } from "../../../src/app/modules";
import { catalogue } from "../../../src/cli/client/catalogue";
import { encodeMessage, messageFromJson, messageToJson } from "../../../src/cli/client/msg-json";
import { schemaOf } from "../../../src/cli/client/schema";
import { queryCommand } from "../../../src/cli/commands/query";
import { txCommand } from "../../../src/cli/commands/tx";
import { kebab } from "../../../src/cli/client/names";

const router = new Router(buildModules().modules);

describe("generated commands", () => {
  const tx = txCommand();
  const query = queryCommand();
  const sub = (root: typeof tx, module: string, name: string) =>
    root.commands.find((c) => c.name() === module)?.commands.find((c) => c.name() === name || c.aliases().includes(name));

  it("every MsgDef has a tx command under its module, with a flag per field", () => {
    for (const def of router.allMsgs()) {
      const entry = catalogue().msgByType(def.typeUrl)!;
      const plain = kebab(def.typeUrl.slice(def.typeUrl.lastIndexOf(".") + 1).replace(/^Msg/, ""));
      // Named after the message, or after its package too where two of a module share a name.
      expect([plain, `${kebab(def.typeUrl.split(".").at(-3)!)}-${plain}`], def.typeUrl).toContain(entry.command);
      const cmd = sub(tx, router.moduleOfMsg(def.typeUrl), entry.command);
      expect(cmd, def.typeUrl).toBeDefined();
      const longs = cmd!.options.map((o) => o.long);
      for (const f of entry.schema.fields)
        expect(
          longs.some((l) => l === `--${f.flag}` || l === `--msg-${f.flag}`),
          `${def.typeUrl} ${f.flag}`,
        ).toBe(true);
      expect(longs).toEqual(
        expect.arrayContaining([
          "--from",
          "--fees",
          "--gas",
          "--gas-adjustment",
          "--gas-prices",
          "--memo",
          "--timeout-height",
          "--fee-granter",
          "--generate-only",
          "--yes",
          "--sequence",
          "--account-number",
          "--chain-id",
          "--node",
          "--output",
        ]),
      );
    }
  });

  it("every QueryDef has a query command; REST path params are positional, pagination has its flags", () => {
    for (const { def, module } of router.allQueries()) {
      const method = def.path.slice(def.path.lastIndexOf("/") + 1);
      const cmd = sub(query, module, kebab(method));
      expect(cmd, def.path).toBeDefined();
      const params = [...(def.rest?.path.matchAll(/\{([a-z0-9_]+)\}/g) ?? [])].map((m) => m[1]);
      expect(cmd!.registeredArguments.map((a) => a.name())).toEqual(params);
    }
    const balances = sub(query, "bank", "balances")!;
    expect(balances.name()).toBe("all-balances");
    expect(balances.options.map((o) => o.long)).toEqual(
      expect.arrayContaining(["--page-key", "--offset", "--limit", "--count-total", "--reverse"]),
    );
  });

  it("finds the signer field of each message: account, validator operator or list", () => {
    expect(catalogue().msgByType("/cosmos.bank.v1beta1.MsgSend")!.signer).toEqual({ name: "from_address", form: "account" });
    expect(catalogue().msgByType("/cosmos.gov.v1.MsgVote")!.signer).toEqual({ name: "voter", form: "account" });
    expect(catalogue().msgByType("/cosmos.slashing.v1beta1.MsgUnjail")!.signer).toEqual({ name: "validator_addr", form: "validator" });
    expect(catalogue().msgByType("/cosmos.group.v1.MsgSubmitProposal")!.signer).toEqual({ name: "proposers", form: "list" });
  });

  it("names fields by kind: coins, enums with their values, JSON for nested messages", () => {
    const send = catalogue().msgByType("/cosmos.bank.v1beta1.MsgSend")!.schema;
    expect(send.fields.map((f) => [f.flag, f.kind])).toEqual([
      ["from-address", "string"],
      ["to-address", "string"],
      ["amount", "coins"],
    ]);
    const vote = catalogue()
      .msgByType("/cosmos.gov.v1.MsgVote")!
      .schema.fields.find((f) => f.name === "option")!;
    expect(vote.kind).toBe("enum");
    expect(vote.enumValues).toContain("VOTE_OPTION_YES");
    const grant = catalogue()
      .msgByType("/cosmos.authz.v1beta1.MsgGrant")!
      .schema.fields.find((f) => f.name === "grant")!;
    expect([grant.flag, grant.kind]).toEqual(["grant-json", "json"]);
  });
});

describe("codec-only fields (a descriptor set older than the codecs)", () => {
  it("a type the descriptor set lacks is read from its codec and encoded losslessly", () => {
    const schema = schemaOf("test.cli.MissingCancelUnbonding", MsgCancelUnbondingDelegation);
    expect(schema.needsCodec).toBe(true);
    expect(schema.fields.map((f) => [f.name, f.kind, f.source])).toEqual([
      ["delegator_address", "string", "codec"],
      ["validator_address", "string", "codec"],
      ["amount", "coin", "codec"],
      ["creation_height", "int64", "codec"],
    ]);
    const bytes = encodeMessage(schema, {}, { delegator_address: "yml1a", amount: { denom: "uyml", amount: "5" }, creation_height: "12" });
    expect(MsgCancelUnbondingDelegation.decode(bytes)).toMatchObject({
      delegatorAddress: "yml1a",
      amount: { denom: "uyml", amount: "5" },
      creationHeight: 12n,
    });
    const json = messageToJson(schema, bytes);
    expect(json).toMatchObject({ delegator_address: "yml1a", creation_height: "12" });
    expect(messageFromJson(schema, json)).toEqual(bytes);
  });

  it("nested Anys in codec JSON are inlined with @type and packed back", () => {
    const schema = schemaOf("test.cli.MissingSubmitProposal", MsgSubmitProposal);
    const json = {
      messages: [{ "@type": "/cosmos.bank.v1beta1.MsgSend", from_address: "a", to_address: "b", amount: [] }],
      initial_deposit: [],
      proposer: "p",
      metadata: "",
      title: "t",
      summary: "s",
      expedited: true,
    };
    const bytes = messageFromJson(schema, json);
    const decoded = MsgSubmitProposal.decode(bytes);
    expect(decoded.messages[0].typeUrl).toBe("/cosmos.bank.v1beta1.MsgSend");
    expect(decoded.expedited).toBe(true);
    expect(messageToJson(schema, bytes)).toMatchObject({
      messages: [{ "@type": "/cosmos.bank.v1beta1.MsgSend", to_address: "b" }],
      title: "t",
    });
  });
});
