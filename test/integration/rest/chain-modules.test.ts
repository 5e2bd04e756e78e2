import type { FastifyInstance } from "fastify";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as bf from "../../../src/gen/blockchain/builderfee/v1/tx";
import * as pm from "../../../src/gen/blockchain/paymsg/v1/tx";
import * as sc from "../../../src/gen/blockchain/stablecoin/v1/tx";
import { createRestServer, DevBackend } from "../../../src/rest";
import { govAuthority } from "../../../src/types/authority";
import { silentLogger } from "../../../src/types/logger";
import { DENOM, TestChain, pack } from "../../helpers/chain";
import { moduleKeys } from "../../helpers/module-setup";

// Every success path of stablecoin, builderfee and paymsg read back through the REST routes,
// with the exact grpc-gateway JSON a Cosmos SDK node emits: snake_case names, 64-bit
// integers as strings, zero values present, nil bytes as null and bytes as base64.

const keys = moduleKeys("rest-modules", ["issuer", "other", "holder", "creator", "payer", "payout", "bankA", "bankB", "alice", "bob"]);
const FUNDED = ["issuer", "other", "holder", "creator", "payer", "bankA", "bankB", "alice", "bob"] as const;
const gov = govAuthority();

interface Answer {
  status: number;
  body: any;
}

async function restChain(): Promise<{ chain: TestChain; rest: FastifyInstance; get(url: string): Promise<Answer> }> {
  const funded = Object.fromEntries(FUNDED.map((n) => [`rest-modules/${n}`, [{ denom: DENOM, amount: "1000000000" }]]));
  const chain = await TestChain.create({ funded });
  const rest = createRestServer({ app: chain.app, node: new DevBackend(chain.engine, chain.app), logger: silentLogger });
  await rest.ready();
  return {
    chain,
    rest,
    async get(url) {
      const res = await rest.inject({ method: "GET", url });
      return { status: res.statusCode, body: JSON.parse(res.payload) };
    },
  };
}

const notFound = (message: string) => ({ status: 404, body: { code: 5, message, details: [] } });
const badArgument = (message: string) => ({ status: 400, body: { code: 3, message, details: [] } });

describe("stablecoin through REST", () => {
  const S = "/blockchain.stablecoin.v1.";
  const R = "/blockchain/stablecoin/v1";
  const currency = (creator: string, denom: string, symbol: string) =>
    pack(
      S + "MsgRegisterCurrency",
      sc.MsgRegisterCurrency,
      sc.MsgRegisterCurrency.fromPartial({
        creator,
        denom,
        displayDenom: denom.slice(1),
        exponent: 6n,
        name: `${symbol} Token`,
        symbol,
        description: `Fully reserved ${symbol}`,
      }),
    );
  const decide = (denom: string, approve: boolean) => pack(S + "MsgApproveIssuer", sc.MsgApproveIssuer, { authority: gov, denom, approve });
  let t: Awaited<ReturnType<typeof restChain>>;
  const application = (denom: string, status: string, creator = keys.issuer.address) => ({
    denom,
    status,
    creator,
    display_denom: denom.slice(1),
    exponent: "6",
    name: `${denom === "ueur" ? "EURT" : "GBPT"} Token`,
    symbol: denom === "ueur" ? "EURT" : "GBPT",
    description: `Fully reserved ${denom === "ueur" ? "EURT" : "GBPT"}`,
  });

  beforeAll(async () => {
    t = await restChain();
  });
  afterAll(async () => {
    await t.rest.close();
    await t.chain.close();
  });

  it("serves the default params", async () => {
    expect(await t.get(`${R}/params`)).toEqual({
      status: 200,
      body: { params: { default_mint_ceiling: "1000000000000000", mint_ceilings: [] } },
    });
  });

  it("shows a pending application, then the approved issuer and the bank metadata it publishes", async () => {
    await t.chain.mustDeliver(keys.issuer, [currency(keys.issuer.address, "ueur", "EURT")]);
    expect(await t.get(`${R}/issuer_application_by_denom?denom=ueur`)).toEqual({
      status: 200,
      body: { issuer_application: application("ueur", "pending") },
    });
    expect(await t.get(`${R}/approved_issuer_by_denom?denom=ueur`)).toEqual(notFound("approved issuer for ueur not found"));
    expect((await t.get("/cosmos/bank/v1beta1/denoms_metadata/ueur")).status).toBe(404);

    expect((await t.chain.govExec([decide("ueur", true)])).log).toBe("");
    expect(await t.get(`${R}/issuer_application_by_denom?denom=ueur`)).toEqual({
      status: 200,
      body: { issuer_application: application("ueur", "approved") },
    });
    expect(await t.get(`${R}/approved_issuer_by_denom?denom=ueur`)).toEqual({
      status: 200,
      body: { approved_issuer: { denom: "ueur", issuer: keys.issuer.address } },
    });
    expect(await t.get(`${R}/approved_issuer`)).toEqual({
      status: 200,
      body: { approved_issuer: [{ denom: "ueur", issuer: keys.issuer.address }], pagination: { next_key: null, total: "1" } },
    });
    const metadata = {
      description: "Fully reserved EURT",
      denom_units: [
        { denom: "ueur", exponent: 0, aliases: [] },
        { denom: "eur", exponent: 6, aliases: [] },
      ],
      base: "ueur",
      display: "eur",
      name: "EURT Token",
      symbol: "EURT",
      uri: "",
      uri_hash: "",
    };
    expect(await t.get("/cosmos/bank/v1beta1/denoms_metadata/ueur")).toEqual({ status: 200, body: { metadata } });
    expect((await t.get("/cosmos/bank/v1beta1/denoms_metadata")).body.metadatas).toContainEqual(metadata);
  });

  it("shows minted and burned coins in supply and balances", async () => {
    const mint = (amount: string, recipient: string) =>
      pack(S + "MsgMintCoin", sc.MsgMintCoin, { issuer: keys.issuer.address, denom: "ueur", amount, recipient });
    await t.chain.mustDeliver(keys.issuer, [mint("700", keys.holder.address), mint("300", keys.issuer.address)]);
    expect(await t.get("/cosmos/bank/v1beta1/supply/by_denom?denom=ueur")).toEqual({
      status: 200,
      body: { amount: { denom: "ueur", amount: "1000" } },
    });
    expect(await t.get(`/cosmos/bank/v1beta1/balances/${keys.holder.address}/by_denom?denom=ueur`)).toEqual({
      status: 200,
      body: { balance: { denom: "ueur", amount: "700" } },
    });

    await t.chain.mustDeliver(keys.issuer, [
      pack(S + "MsgBurnCoin", sc.MsgBurnCoin, { issuer: keys.issuer.address, denom: "ueur", amount: "120" }),
    ]);
    expect(await t.get("/cosmos/bank/v1beta1/supply/by_denom?denom=ueur")).toEqual({
      status: 200,
      body: { amount: { denom: "ueur", amount: "880" } },
    });
    expect((await t.get("/cosmos/bank/v1beta1/supply")).body.supply).toContainEqual({ denom: "ueur", amount: "880" });
    expect(await t.get(`/cosmos/bank/v1beta1/balances/${keys.issuer.address}`)).toEqual({
      status: 200,
      body: {
        balances: [
          { denom: "ueur", amount: "180" },
          { denom: DENOM, amount: expect.stringMatching(/^[0-9]+$/) },
        ],
        pagination: { next_key: null, total: "2" },
      },
    });
  });

  it("a rejected application is removed (404, read as free), after which the denom is free for a new application", async () => {
    await t.chain.mustDeliver(keys.issuer, [currency(keys.issuer.address, "ugbp", "GBPT")]);
    expect((await t.chain.govExec([decide("ugbp", false)])).log).toBe("");
    expect(await t.get(`${R}/issuer_application_by_denom?denom=ugbp`)).toEqual(notFound("issuer application for ugbp not found"));
    expect(await t.get(`${R}/approved_issuer_by_denom?denom=ugbp`)).toEqual(notFound("approved issuer for ugbp not found"));

    await t.chain.mustDeliver(keys.other, [currency(keys.other.address, "ugbp", "GBPT")]);
    expect(await t.get(`${R}/issuer_application_by_denom?denom=ugbp`)).toEqual({
      status: 200,
      body: { issuer_application: application("ugbp", "pending", keys.other.address) },
    });
    expect(await t.get(`${R}/issuer_application`)).toEqual({
      status: 200,
      body: {
        issuer_application: [application("ueur", "approved"), application("ugbp", "pending", keys.other.address)],
        pagination: { next_key: null, total: "2" },
      },
    });
  });

  it("serves params set by governance", async () => {
    const params = { defaultMintCeiling: "5000000", mintCeilings: [{ denom: "ueur", ceiling: "2000" }] };
    expect((await t.chain.govExec([pack(S + "MsgUpdateParams", sc.MsgUpdateParams, { authority: gov, params })])).log).toBe("");
    expect(await t.get(`${R}/params`)).toEqual({
      status: 200,
      body: { params: { default_mint_ceiling: "5000000", mint_ceilings: [{ denom: "ueur", ceiling: "2000" }] } },
    });
  });

  it("answers NotFound and bad arguments", async () => {
    expect(await t.get(`${R}/issuer_application_by_denom?denom=uusd`)).toEqual(notFound("issuer application for uusd not found"));
    expect(await t.get(`${R}/approved_issuer_by_denom?denom=uusd`)).toEqual(notFound("approved issuer for uusd not found"));
    expect(await t.get(`${R}/issuer_application_by_denom?denom=1bad`)).toEqual(badArgument('invalid denom: "1bad"'));
    expect(await t.get(`${R}/approved_issuer_by_denom`)).toEqual(badArgument('invalid denom: ""'));
    expect((await t.get(`${R}/issuer_application?pagination.limit=x`)).status).toBe(400);
  });
});

describe("builderfee through REST", () => {
  const B = "/blockchain.builderfee.v1.";
  const R = "/blockchain/builderfee/v1";
  const SEND = "/cosmos.bank.v1beta1.MsgSend";
  const byType = (route: string, url: string) => `${R}/${route}?msg_type_url=${encodeURIComponent(url)}`;
  let t: Awaited<ReturnType<typeof restChain>>;

  beforeAll(async () => {
    t = await restChain();
  });
  afterAll(async () => {
    await t.rest.close();
    await t.chain.close();
  });

  it("serves the default params", async () => {
    expect(await t.get(`${R}/params`)).toEqual({ status: 200, body: { params: { builder_fee_share_bps: "3000" } } });
  });

  it("shows a pending application, then the approved builder", async () => {
    await t.chain.mustDeliver(keys.creator, [
      pack(B + "MsgRegisterBuilder", bf.MsgRegisterBuilder, {
        creator: keys.creator.address,
        msgTypeUrl: SEND,
        payoutAddress: keys.payout.address,
      }),
    ]);
    const application = (status: string) => ({
      msg_type_url: SEND,
      status,
      payout_address: keys.payout.address,
      creator: keys.creator.address,
    });
    expect(await t.get(byType("builder_application_by_msg_type", SEND))).toEqual({
      status: 200,
      body: { builder_application: application("pending") },
    });
    expect(await t.get(byType("approved_builder_by_msg_type", SEND))).toEqual(notFound(`approved builder for ${SEND} not found`));

    expect(
      (await t.chain.govExec([pack(B + "MsgApproveBuilder", bf.MsgApproveBuilder, { authority: gov, msgTypeUrl: SEND, approve: true })]))
        .log,
    ).toBe("");
    expect(await t.get(byType("builder_application_by_msg_type", SEND))).toEqual({
      status: 200,
      body: { builder_application: application("approved") },
    });
    expect(await t.get(`${R}/builder_application`)).toEqual({
      status: 200,
      body: { builder_application: [application("approved")], pagination: { next_key: null, total: "1" } },
    });
    const builder = { msg_type_url: SEND, payout_address: keys.payout.address };
    expect(await t.get(byType("approved_builder_by_msg_type", SEND))).toEqual({ status: 200, body: { approved_builder: builder } });
    expect(await t.get(`${R}/approved_builder`)).toEqual({
      status: 200,
      body: { approved_builder: [builder], pagination: { next_key: null, total: "1" } },
    });
  });

  it("credits the builder's share of the fee, visible in its balance", async () => {
    const send = pack(SEND, MsgSend, {
      fromAddress: keys.payer.address,
      toAddress: keys.holder.address,
      amount: [{ denom: DENOM, amount: "1" }],
    });
    await t.chain.mustDeliver(keys.payer, [send], { fee: [{ denom: DENOM, amount: "12345" }] });
    // floor(12345 × 3000 / 10000) = 3703
    expect(await t.get(`/cosmos/bank/v1beta1/balances/${keys.payout.address}`)).toEqual({
      status: 200,
      body: { balances: [{ denom: DENOM, amount: "3703" }], pagination: { next_key: null, total: "1" } },
    });
  });

  it("serves params set by governance, and the builder is paid at the new share", async () => {
    expect(
      (await t.chain.govExec([pack(B + "MsgUpdateParams", bf.MsgUpdateParams, { authority: gov, params: { builderFeeShareBps: 5000n } })]))
        .log,
    ).toBe("");
    expect(await t.get(`${R}/params`)).toEqual({ status: 200, body: { params: { builder_fee_share_bps: "5000" } } });
    const send = pack(SEND, MsgSend, {
      fromAddress: keys.payer.address,
      toAddress: keys.holder.address,
      amount: [{ denom: DENOM, amount: "1" }],
    });
    await t.chain.mustDeliver(keys.payer, [send], { fee: [{ denom: DENOM, amount: "1001" }] });
    expect(await t.get(`/cosmos/bank/v1beta1/balances/${keys.payout.address}/by_denom?denom=${DENOM}`)).toEqual({
      status: 200,
      body: { balance: { denom: DENOM, amount: String(3703 + 500) } },
    });
  });

  it("answers NotFound and bad arguments", async () => {
    const other = "/cosmos.bank.v1beta1.MsgMultiSend";
    expect(await t.get(byType("builder_application_by_msg_type", other))).toEqual(notFound(`builder application for ${other} not found`));
    expect(await t.get(byType("approved_builder_by_msg_type", other))).toEqual(notFound(`approved builder for ${other} not found`));
    expect(await t.get(`${R}/builder_application_by_msg_type`)).toEqual(badArgument("msg_type_url cannot be empty"));
    expect(await t.get(`${R}/approved_builder_by_msg_type?msg_type_url=`)).toEqual(badArgument("msg_type_url cannot be empty"));
  });
});

describe("paymsg through REST", () => {
  const P = "/blockchain.paymsg.v1.";
  const R = "/blockchain/paymsg/v1";
  const { bankA, bankB, alice, bob } = keys;
  let t: Awaited<ReturnType<typeof restChain>>;
  const hash = new Uint8Array(32).map((_, i) => i);
  const payment = (endToEndId: string, amount: string) =>
    pack(
      P + "MsgSendPayment",
      pm.MsgSendPayment,
      pm.MsgSendPayment.fromPartial({
        debtor: alice.address,
        endToEndId,
        instructingParticipant: bankA.address,
        instructedParticipant: bankB.address,
        creditor: bob.address,
        denom: DENOM,
        amount,
        metadataHash: hash,
        settlementJurisdiction: "DE",
      }),
    );
  const record = (endToEndId: string, amount: string, height: string) => ({
    end_to_end_id: endToEndId,
    instructing_participant: bankA.address,
    instructed_participant: bankB.address,
    debtor: alice.address,
    creditor: bob.address,
    denom: DENOM,
    amount,
    purpose_code: "",
    remittance_information: "",
    block_height: height,
    amount_commitment: null,
    metadata_hash: Buffer.from(hash).toString("base64"),
    settlement_jurisdiction: "DE",
  });
  const heights: Record<string, string> = {};

  beforeAll(async () => {
    t = await restChain();
  });
  afterAll(async () => {
    await t.rest.close();
    await t.chain.close();
  });

  it("serves the default params", async () => {
    expect(await t.get(`${R}/params`)).toEqual({ status: 200, body: { params: { require_settlement_jurisdiction: false } } });
  });

  it("shows a pending participant application, then the approved participant", async () => {
    await t.chain.mustDeliver(bankA, [
      pack(P + "MsgApplyParticipant", pm.MsgApplyParticipant, { creator: bankA.address, code: "BANKADEFF", name: "Bank A" }),
    ]);
    await t.chain.mustDeliver(bankB, [
      pack(P + "MsgApplyParticipant", pm.MsgApplyParticipant, { creator: bankB.address, code: "BANKBFRPP", name: "Bank B" }),
    ]);
    const applicationA = (status: string) => ({ creator: bankA.address, status, code: "BANKADEFF", name: "Bank A" });
    expect(await t.get(`${R}/participant_application/${bankA.address}`)).toEqual({
      status: 200,
      body: { participant_application: applicationA("pending") },
    });
    expect(await t.get(`${R}/approved_participant/${bankA.address}`)).toEqual(notFound(`approved participant ${bankA.address}`));

    const approve = (participant: string) =>
      pack(P + "MsgApproveParticipant", pm.MsgApproveParticipant, { authority: gov, participant, approve: true });
    expect((await t.chain.govExec([approve(bankA.address), approve(bankB.address)])).log).toBe("");
    expect(await t.get(`${R}/participant_application/${bankA.address}`)).toEqual({
      status: 200,
      body: { participant_application: applicationA("approved") },
    });
    expect(await t.get(`${R}/approved_participant/${bankA.address}`)).toEqual({
      status: 200,
      body: { approved_participant: { participant: bankA.address, code: "BANKADEFF", name: "Bank A", payload_store_url: "" } },
    });
    const list = await t.get(`${R}/approved_participant`);
    expect(list.body.pagination).toEqual({ next_key: null, total: "2" });
    expect(list.body.approved_participant.map((p: { participant: string }) => p.participant).sort()).toEqual(
      [bankA.address, bankB.address].sort(),
    );
    expect((await t.get(`${R}/participant_application`)).body.participant_application).toHaveLength(2);
  });

  it("shows a registered customer, then its confirmation", async () => {
    await t.chain.mustDeliver(bankA, [
      pack(P + "MsgRegisterCustomer", pm.MsgRegisterCustomer, { participant: bankA.address, customer: alice.address, registered: true }),
    ]);
    await t.chain.mustDeliver(bankB, [
      pack(P + "MsgRegisterCustomer", pm.MsgRegisterCustomer, { participant: bankB.address, customer: bob.address, registered: true }),
    ]);
    expect(await t.get(`${R}/customer/${alice.address}`)).toEqual({
      status: 200,
      body: { customer: { customer: alice.address, participant: bankA.address, confirmed: false } },
    });
    await t.chain.mustDeliver(alice, [
      pack(P + "MsgConfirmParticipant", pm.MsgConfirmParticipant, { customer: alice.address, participant: bankA.address, confirm: true }),
    ]);
    expect(await t.get(`${R}/customer/${alice.address}`)).toEqual({
      status: 200,
      body: { customer: { customer: alice.address, participant: bankA.address, confirmed: true } },
    });
  });

  it("shows the payload store URL a participant sets", async () => {
    const url = "https://payloads.bank-a.example";
    await t.chain.mustDeliver(bankA, [pack(P + "MsgSetPayloadStore", pm.MsgSetPayloadStore, { participant: bankA.address, url })]);
    expect((await t.get(`${R}/approved_participant/${bankA.address}`)).body.approved_participant).toEqual({
      participant: bankA.address,
      code: "BANKADEFF",
      name: "Bank A",
      payload_store_url: url,
    });
  });

  it("shows payment records by id and in pages of the list", async () => {
    const bobBefore = BigInt((await t.get(`/cosmos/bank/v1beta1/balances/${bob.address}/by_denom?denom=${DENOM}`)).body.balance.amount);
    for (const [id, amount] of [
      ["E2E-1", "100"],
      ["E2E-2", "250"],
      ["E2E-3", "7"],
    ] as const) {
      const res = await t.chain.mustDeliver(alice, [payment(id, amount)]);
      heights[id] = res.height.toString();
    }
    expect(await t.get(`${R}/payment_record_by_id?end_to_end_id=E2E-2&instructing_participant=${bankA.address}`)).toEqual({
      status: 200,
      body: { payment_record: record("E2E-2", "250", heights["E2E-2"]) },
    });
    expect(await t.get(`/cosmos/bank/v1beta1/balances/${bob.address}/by_denom?denom=${DENOM}`)).toEqual({
      status: 200,
      body: { balance: { denom: DENOM, amount: (bobBefore + 357n).toString() } },
    });

    const first = await t.get(`${R}/payment_record?pagination.limit=2&pagination.count_total=true`);
    expect(first.status).toBe(200);
    expect(first.body.payment_record).toEqual([record("E2E-1", "100", heights["E2E-1"]), record("E2E-2", "250", heights["E2E-2"])]);
    expect(first.body.pagination).toEqual({ next_key: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/), total: "3" });
    const second = await t.get(
      `${R}/payment_record?pagination.limit=2&pagination.key=${encodeURIComponent(first.body.pagination.next_key)}`,
    );
    expect(second).toEqual({
      status: 200,
      body: { payment_record: [record("E2E-3", "7", heights["E2E-3"])], pagination: { next_key: null, total: "0" } },
    });
    const offset = await t.get(`${R}/payment_record?pagination.offset=1&pagination.limit=1&pagination.count_total=true`);
    expect(offset.body).toEqual({
      payment_record: [record("E2E-2", "250", heights["E2E-2"])],
      pagination: { next_key: expect.any(String), total: "3" },
    });
  });

  it("serves params set by governance", async () => {
    const update = pack(P + "MsgUpdateParams", pm.MsgUpdateParams, { authority: gov, params: { requireSettlementJurisdiction: true } });
    expect((await t.chain.govExec([update])).log).toBe("");
    expect(await t.get(`${R}/params`)).toEqual({ status: 200, body: { params: { require_settlement_jurisdiction: true } } });
  });

  it("answers NotFound and bad arguments", async () => {
    expect(await t.get(`${R}/participant_application/${bob.address}`)).toEqual(notFound(`participant application of ${bob.address}`));
    expect(await t.get(`${R}/approved_participant/${bob.address}`)).toEqual(notFound(`approved participant ${bob.address}`));
    expect(await t.get(`${R}/customer/${bankA.address}`)).toEqual(notFound(`customer ${bankA.address}`));
    expect(await t.get(`${R}/payment_record_by_id?end_to_end_id=NONE&instructing_participant=${bankA.address}`)).toEqual(
      notFound(`payment record "NONE" of ${bankA.address}`),
    );

    expect(await t.get(`${R}/participant_application/bad`)).toEqual(badArgument('invalid creator: "bad"'));
    expect(await t.get(`${R}/approved_participant/bad`)).toEqual(badArgument('invalid participant: "bad"'));
    expect(await t.get(`${R}/customer/bad`)).toEqual(badArgument('invalid customer: "bad"'));
    expect(await t.get(`${R}/payment_record_by_id?end_to_end_id=E2E-1&instructing_participant=bad`)).toEqual(
      badArgument('invalid instructing_participant: "bad"'),
    );
    expect(await t.get(`${R}/payment_record_by_id?instructing_participant=${bankA.address}`)).toEqual(
      badArgument("end_to_end_id cannot be empty"),
    );
  });
});
