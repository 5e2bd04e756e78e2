import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import {
  QueryParamsRequest,
  QueryParamsResponse,
  QueryProposalRequest,
  QueryProposalResponse,
} from "cosmjs-types/cosmos/gov/v1beta1/query";
import { App } from "../../../src/app/app";
import { buildModules } from "../../../src/app/modules";
import { DevEngine } from "../../../src/abci/dev/engine";
import { buildDevGenesis } from "../../../src/abci/dev/genesis";
import { createRestServer, DevBackend, RestMetrics } from "../../../src/rest";
import { silentLogger } from "../../../src/types/logger";
import type { Module } from "../../../src/types/module";
import { DENOM, pack, testKey } from "../../helpers/chain";
import { restHarness, type RestHarness } from "./setup";

describe("gateway JSON conventions (golden)", () => {
  let h: RestHarness;
  const alice = testKey("alice");
  const bob = testKey("bob");

  beforeAll(async () => {
    h = await restHarness({
      prefix: "/api",
      funded: {
        alice: [
          { denom: DENOM, amount: "1000000000" },
          { denom: "uaaa", amount: "7" },
          { denom: "ubbb", amount: "8" },
        ],
      },
    });
    await h.chain.mustDeliver(alice, [
      pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
        fromAddress: alice.address,
        toAddress: bob.address,
        amount: [{ denom: DENOM, amount: "1" }],
      }),
    ]);
  });
  afterAll(async () => h.close());

  it("a BaseAccount: Any with @type, pub_key Any, 64-bit integers as strings", async () => {
    const res = await h.get(`/api/cosmos/auth/v1beta1/accounts/${alice.address}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      account: {
        "@type": "/cosmos.auth.v1beta1.BaseAccount",
        address: alice.address,
        pub_key: { "@type": "/cosmos.crypto.secp256k1.PubKey", key: Buffer.from(alice.pubKey).toString("base64") },
        account_number: expect.stringMatching(/^\d+$/),
        sequence: "1",
      },
    });
    expect(JSON.stringify(Object.keys(res.body.account))).toBe(
      JSON.stringify(["@type", "address", "pub_key", "account_number", "sequence"]),
    );
    const missing = await h.get(`/api/cosmos/auth/v1beta1/accounts/${testKey("nobody").address}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 5, message: expect.stringMatching(/not found/), details: [] });
  });

  it("a balance page: next_key base64 then null, total only with count_total", async () => {
    const first = await h.get(`/api/cosmos/bank/v1beta1/balances/${alice.address}?pagination.limit=2&pagination.count_total=true`);
    expect(first.body).toEqual({
      balances: [
        { denom: "uaaa", amount: "7" },
        { denom: "ubbb", amount: "8" },
      ],
      pagination: { next_key: expect.any(String), total: "3" },
    });
    const next = await h.get(
      `/api/cosmos/bank/v1beta1/balances/${alice.address}?pagination.key=${encodeURIComponent(first.body.pagination.next_key)}`,
    );
    expect(next.body).toEqual({ balances: [{ denom: DENOM, amount: expect.any(String) }], pagination: { next_key: null, total: "0" } });
    const reversed = await h.get(`/api/cosmos/bank/v1beta1/balances/${alice.address}?pagination.reverse=true&pagination.limit=1`);
    expect(reversed.body.balances[0].denom).toBe(DENOM);
  });

  it("LegacyDec fields as 18-place decimals, enums by name, unset messages as null", async () => {
    const vals = await h.get("/api/cosmos/staking/v1beta1/validators?status=BOND_STATUS_BONDED");
    expect(vals.body.validators[0].status).toBe("BOND_STATUS_BONDED");
    expect(vals.body.validators[0].delegator_shares).toMatch(/^\d+\.\d{18}$/);
    expect(vals.body.validators[0].commission.commission_rates.max_rate).toMatch(/^\d+\.\d{18}$/);
    expect((await h.get("/api/cosmos/gov/v1/proposals?proposal_status=PROPOSAL_STATUS_VOTING_PERIOD")).status).toBe(200);
    expect((await h.get("/api/cosmos/gov/v1/proposals?proposal_status=2")).status).toBe(200);
    expect((await h.get("/api/cosmos/gov/v1/proposals?proposal_status=PROPOSAL_STATUS_NOPE")).body.code).toBe(3);
    const params = await h.get("/api/cosmos/gov/v1/params/voting");
    expect(params.body.deposit_params).toBeNull();
    expect(params.body.params.quorum).toMatch(/^0\.\d{18}$/);
  });

  it("serves under the prefix only, and unknown routes get the gateway's Not Found", async () => {
    expect((await h.get(`/cosmos/bank/v1beta1/balances/${alice.address}`)).status).toBe(404);
    expect(await h.get("/api/cosmos/nope")).toMatchObject({ status: 404, body: { code: 5, message: "Not Found", details: [] } });
    expect((await h.post("/api/cosmos/bank/v1beta1/params", {})).status).toBe(404);
  });

  it("returns x-cosmos-block-height and honours it at kept heights, refusing future ones", async () => {
    const latest = h.chain.height.toString();
    const res = await h.get("/api/cosmos/bank/v1beta1/params", { "x-cosmos-block-height": latest });
    expect(res.status).toBe(200);
    expect(res.headers["x-cosmos-block-height"]).toBe(latest);
    const old = await h.get("/api/cosmos/bank/v1beta1/params", { "x-cosmos-block-height": "1" });
    expect(old.status).toBe(200);
    expect(old.headers["x-cosmos-block-height"]).toBe("1");
    const future = await h.get("/api/cosmos/bank/v1beta1/params", { "x-cosmos-block-height": "999999" });
    expect(future.status).toBe(400);
    expect(future.body.message).toMatch(/cannot query with height in the future/);
    expect((await h.get("/api/cosmos/bank/v1beta1/params", { "x-cosmos-block-height": "abc" })).status).toBe(400);
    expect((await h.get("/api/cosmos/base/tendermint/v1beta1/node_info")).headers["x-cosmos-block-height"]).toBe(latest);
  });

  it("prefers literal segments to parameters (blocks/latest vs blocks/{height})", async () => {
    const latest = await h.get("/api/cosmos/base/tendermint/v1beta1/blocks/latest");
    expect(latest.status).toBe(200);
    expect(latest.body.block.header.height).toBe(h.chain.height.toString());
    expect(latest.body.sdk_block.header.proposer_address).toMatch(/^ymlvalcons1/);
    const one = await h.get("/api/cosmos/base/tendermint/v1beta1/blocks/1");
    expect(one.body.block.header.height).toBe("1");
  });

  it("publishes openapi.json, the docs page and Prometheus metrics", async () => {
    const spec = await h.get("/api/openapi.json");
    expect(spec.body.openapi).toBe("3.0.3");
    expect(spec.body.paths["/api/cosmos/bank/v1beta1/balances/{address}"].get.parameters.map((p: any) => p.name)).toEqual(
      expect.arrayContaining(["address", "pagination.key", "pagination.limit", "pagination.count_total"]),
    );
    expect(spec.body.paths["/api/cosmos/tx/v1beta1/txs"].post.requestBody).toBeDefined();
    expect(spec.body.components.schemas["cosmos.bank.v1beta1.QueryAllBalancesResponse"].properties.balances.type).toBe("array");
    const docs = await h.rest.inject({ method: "GET", url: "/api/docs" });
    expect(docs.headers["content-type"]).toMatch(/text\/html/);
    expect(docs.payload).toContain("/api/openapi.json");
    expect(docs.payload).not.toMatch(/https?:\/\//);
    const metrics = await h.rest.inject({ method: "GET", url: "/api/metrics" });
    expect(metrics.payload).toContain(`blockchain_block_height ${h.chain.height}`);
    expect(metrics.payload).toMatch(
      /blockchain_rest_requests_total\{route="\/cosmos\/auth\/v1beta1\/accounts\/\{address\}",method="GET",status="200"\} \d+/,
    );
    expect(metrics.payload).toContain("blockchain_mempool_size 0");
  });
});

describe("route table from module query definitions", () => {
  it("a literal route wins over a parameterised one whatever the registration order", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rest-literal-"));
    // Two queries of a stand-in module: case/{proposal_id} registered before case/open.
    const cases: Module = {
      name: "cases",
      queries: [
        // Routes no proto annotates, so the definitions are written out rather than declared.
        {
          path: "/cosmos.gov.v1beta1.Query/Proposal",
          requestCodec: QueryProposalRequest,
          responseCodec: QueryProposalResponse,
          rest: { path: "/blockchain/cases/v1/case/{proposal_id}" },
          handle: (_ctx, req: QueryProposalRequest) => QueryProposalResponse.fromPartial({ proposal: { proposalId: req.proposalId } }),
        },
        {
          path: "/cosmos.gov.v1beta1.Query/Params",
          requestCodec: QueryParamsRequest,
          responseCodec: QueryParamsResponse,
          rest: { path: "/blockchain/cases/v1/case/open" },
          handle: () => QueryParamsResponse.fromPartial({ votingParams: { votingPeriod: { seconds: 42n, nanos: 0 } } }),
        },
      ],
    };
    const modules = buildModules({ extraModules: [cases] });
    const genesis = buildDevGenesis(modules, {
      chainId: "literal",
      genesisTime: "2026-01-01T00:00:00Z",
      accounts: [{ address: testKey("v").address, coins: [{ denom: DENOM, amount: "1000000000000" }] }],
      validatorSeed: new Uint8Array(32).fill(3),
      validatorOperator: testKey("v").address,
    });
    const app = await App.open({ dataDir: join(dir, "app"), modules, logger: silentLogger });
    const engine = await DevEngine.open({ app, blockDir: join(dir, "blocks"), genesis, logger: silentLogger });
    await engine.produceBlock();
    const rest = createRestServer({ app, node: new DevBackend(engine, app), metrics: new RestMetrics() });
    try {
      const open = JSON.parse((await rest.inject({ method: "GET", url: "/blockchain/cases/v1/case/open" })).payload);
      expect(open.voting_params.voting_period).toBe("42s");
      const seven = JSON.parse((await rest.inject({ method: "GET", url: "/blockchain/cases/v1/case/7" })).payload);
      expect(seven.proposal.proposal_id).toBe("7");
      expect((await rest.inject({ method: "GET", url: "/blockchain/cases/v1/case/18446744073709551616" })).statusCode).toBe(400);
    } finally {
      await rest.close();
      await engine.close();
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
