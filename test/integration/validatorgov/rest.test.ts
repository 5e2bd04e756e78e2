import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as aliasTx from "../../../src/gen/blockchain/alias/v1/tx";
import { createRestServer, DevBackend } from "../../../src/rest";
import { govAuthority } from "../../../src/types/authority";
import { silentLogger } from "../../../src/types/logger";
import { pack, testKey, type TestChain } from "../../helpers/chain";
import { admit, declOf, keys, msg, vgovChain } from "./setup";

const { alpha, beta, gamma, newop, mallory } = keys;
const dev = testKey("validator");
const R = "/blockchain/validatorgov/v1";
const gov = govAuthority();
const setJurisdiction = (account: string, country: string) =>
  pack("/blockchain.alias.v1.MsgSetJurisdiction", aliasTx.MsgSetJurisdiction, { recorder: gov, account, country });

describe("validatorgov through REST, with the exact grpc-gateway JSON", () => {
  let chain: TestChain;
  let rest: FastifyInstance;
  const get = async (url: string) => {
    const res = await rest.inject({ method: "GET", url });
    return { status: res.statusCode, body: JSON.parse(res.payload) };
  };
  let appliedAt = 0n;

  beforeAll(async () => {
    chain = await vgovChain({ mutateGenesis: (s) => (s.validatorgov.params.planned_rotation_delay_blocks = "50") });
    rest = createRestServer({ app: chain.app, node: new DevBackend(chain.engine, chain.app), logger: silentLogger });
    await rest.ready();
    await admit(chain, alpha, declOf("LEI-A", "UBO-A", "DE"));
    appliedAt = (await chain.mustDeliver(beta, [msg.apply(beta.address, declOf("LEI-B", "UBO-B", "FR"))])).height;
    await chain.mustDeliver(gamma, [msg.apply(gamma.address, declOf("LEI-G", "UBO-G", "IT"))]);
    await chain.govExec([msg.approve(beta.address), msg.approve(gamma.address)]);
  });
  afterAll(async () => {
    await rest.close();
    await chain.close();
  });

  it("params", async () => {
    expect(await get(`${R}/params`)).toEqual({
      status: 200,
      body: {
        params: {
          planned_rotation_delay_blocks: "50",
          recovery_challenge_window_blocks: "1000",
          attestation_interval_blocks: "100000",
          seat_bond_amount: "1000000",
        },
      },
    });
  });

  it("an application and an approved validator, and NotFound / InvalidArgument answers", async () => {
    const declaration = {
      legal_entity_id: "LEI-B",
      beneficial_owner_id: "UBO-B",
      jurisdiction: "FR",
      attested_at_height: appliedAt.toString(),
    };
    expect(await get(`${R}/validator_application/${beta.address}`)).toEqual({
      status: 200,
      body: { validator_application: { candidate: beta.address, status: "approved", declaration } },
    });
    expect(await get(`${R}/approved_validator/${beta.address}`)).toEqual({
      status: 200,
      body: { approved_validator: { candidate: beta.address, approved: "true", declaration } },
    });
    expect(await get(`${R}/approved_validator/${mallory.address}`)).toEqual({
      status: 404,
      body: { code: 5, message: `approved validator ${mallory.address} not found`, details: [] },
    });
    expect((await get(`${R}/validator_application/nonsense`)).status).toBe(400);
  });

  it("lists are paginated, with the wire sheet's singular field names", async () => {
    const apps = await get(`${R}/validator_application?pagination.count_total=true`);
    expect(apps.status).toBe(200);
    expect(apps.body.validator_application.map((a: any) => a.candidate).sort()).toEqual(
      [alpha.address, beta.address, gamma.address, dev.address].sort(),
    );
    expect(apps.body.pagination).toEqual({ next_key: null, total: "4" });
    const page = await get(`${R}/approved_validator?pagination.limit=1`);
    expect(page.body.approved_validator).toHaveLength(1);
    expect(typeof page.body.pagination.next_key).toBe("string");
    expect(await get(`${R}/demotion`)).toEqual({ status: 200, body: { demotion: [], pagination: { next_key: null, total: "0" } } });
  });

  it("rotations: get, list and pending (found=false is an answer, not an error)", async () => {
    expect(await get(`${R}/pending_operator_rotation/${alpha.address}`)).toEqual({
      status: 200,
      body: {
        found: false,
        operator_rotation: {
          id: "0",
          current_operator: "",
          new_operator: "",
          kind: "ROTATION_KIND_UNSPECIFIED",
          status: "ROTATION_STATUS_UNSPECIFIED",
          proposer: "",
          reason: "",
          approved: false,
          opened_at_height: "0",
          completes_at_height: "0",
          resolved_at_height: "0",
          paused_validator: false,
        },
      },
    });
    const res = await chain.mustDeliver(alpha, [msg.rotate(alpha.address, newop.address)]);
    const rotation = {
      id: "1",
      current_operator: alpha.address,
      new_operator: newop.address,
      kind: "ROTATION_KIND_PLANNED",
      status: "ROTATION_STATUS_PENDING",
      proposer: alpha.address,
      reason: "",
      approved: true,
      opened_at_height: res.height.toString(),
      completes_at_height: (res.height + 50n).toString(),
      resolved_at_height: "0",
      paused_validator: false,
    };
    expect(await get(`${R}/operator_rotation/1`)).toEqual({ status: 200, body: { operator_rotation: rotation } });
    expect(await get(`${R}/pending_operator_rotation/${alpha.address}`)).toEqual({
      status: 200,
      body: { found: true, operator_rotation: rotation },
    });
    expect(await get(`${R}/operator_rotation`)).toEqual({
      status: 200,
      body: { operator_rotation: [rotation], pagination: { next_key: null, total: "1" } },
    });
    expect((await get(`${R}/operator_rotation/2`)).status).toBe(404);
  });

  it("jurisdiction reconciliation sets the declared country beside alias's record; nothing is merged", async () => {
    expect((await chain.govExec([setJurisdiction(alpha.address, "DE"), setJurisdiction(beta.address, "BE")])).log).toBe("");
    const recordedAt = chain.height;
    const body = (await get(`${R}/jurisdiction_reconciliation`)).body;
    const row = (candidate: string) => body.records.find((r: any) => r.candidate === candidate);
    expect(row(alpha.address)).toEqual({
      candidate: alpha.address,
      declared_jurisdiction: "DE",
      recorded_jurisdiction: "DE",
      recorded_by: gov,
      recorded_at_height: recordedAt.toString(),
      agreement: "JURISDICTION_AGREEMENT_AGREE",
    });
    expect(row(beta.address)).toEqual({
      candidate: beta.address,
      declared_jurisdiction: "FR",
      recorded_jurisdiction: "BE",
      recorded_by: gov,
      recorded_at_height: recordedAt.toString(),
      agreement: "JURISDICTION_AGREEMENT_DISAGREE",
    });
    expect(row(gamma.address)).toEqual({
      candidate: gamma.address,
      declared_jurisdiction: "IT",
      recorded_jurisdiction: "",
      recorded_by: "",
      recorded_at_height: "0",
      agreement: "JURISDICTION_AGREEMENT_UNRECORDED",
    });
    expect(body.records).toHaveLength(4);
    expect({ agree: body.agree_count, disagree: body.disagree_count, unrecorded: body.unrecorded_count }).toEqual({
      agree: 1,
      disagree: 1,
      unrecorded: 2,
    });
    // A disagreement is reported, never acted on.
    expect((await get(`${R}/approved_validator/${beta.address}`)).body.approved_validator.declaration.jurisdiction).toBe("FR");
  });

  it("concentration", async () => {
    const body = (await get(`${R}/concentration`)).body;
    expect(Object.keys(body)).toEqual(["groups", "total_power", "active_validators", "min_active_validators"]);
    expect(body.total_power).toBe("11");
    expect(body.groups.find((g: any) => g.cap === "CONCENTRATION_CAP_JURISDICTION" && g.group === "DE")).toEqual({
      cap: "CONCENTRATION_CAP_JURISDICTION",
      group: "DE",
      power: "1",
      power_bps: "909",
      cap_bps: "5000",
      over: false,
    });
  });
});
