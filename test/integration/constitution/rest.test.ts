import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restHarness, type RestHarness } from "../rest/helpers";
import { invariantsJson, keys, msg, testInvariants, validator } from "./setup";
import { DENOM } from "../../helpers/chain";

const R = "/blockchain/constitution/v1";
const notFound = (message: string) => ({ status: 404, body: { code: 5, message, details: [] } });

describe("constitution through REST (exact grpc-gateway JSON)", () => {
  let t: RestHarness;
  const genesis = testInvariants({ amendmentDelayBlocks: 4n });
  const proposed = testInvariants({ maxEntityPowerBps: 2000n, amendmentDelayBlocks: 4n });

  beforeAll(async () => {
    t = await restHarness({
      funded: { "constitution/alice": [{ denom: DENOM, amount: "1000000000" }] },
      mutateGenesis: (s) => {
        s.constitution = { invariants: invariantsJson(genesis), amendments: [], ratifications: [], amendment_count: "0" };
      },
    });
  });
  afterAll(async () => t.close());
  const get = async (url: string) => {
    const { status, body } = await t.get(url);
    return { status, body };
  };

  it("serves the invariants in force", async () => {
    expect(await get(`${R}/invariants`)).toMatchObject({
      status: 200,
      body: {
        invariants: {
          max_entity_power_bps: "3300", max_beneficial_owner_power_bps: "3300", max_jurisdiction_power_bps: "5000",
          concentration_epoch_blocks: "10", min_active_validators: 4, enforcement_threshold_bps: "6667",
          enforcement_recovery_destination: keys.bob.address, enforcement_voting_period_blocks: "20",
          enforcement_provisional_freeze_blocks: "5", amendment_delay_blocks: "4", amendment_threshold_bps: "6667",
          foundation_custodian_count: 3, foundation_signature_threshold: 2,
        },
      },
    });
    expect((await get(`${R}/invariants`)).body).toEqual({ invariants: invariantsJson(genesis) });
  });

  it("serves an amendment, its ratifications and the list, through enactment", async () => {
    expect((await t.chain.govExec([msg.propose(proposed, "stricter entity ceiling")])).log).toBe("");
    const opened = t.chain.height;
    const amendment = (status: string, ratified: string, resolved: string) => ({
      id: "1", proposed: invariantsJson(proposed), reason: "stricter entity ceiling", proposed_at_height: String(opened),
      effective_at_height: String(opened + 4n), snapshot_power: "10", ratified_power: ratified, status, resolved_at_height: resolved,
    });
    expect(await get(`${R}/amendment/1`)).toEqual({ status: 200, body: { amendment: amendment("AMENDMENT_STATUS_PENDING", "0", "0") } });
    expect(await get(`${R}/amendment/1/ratifications`)).toEqual({ status: 200, body: { ratifications: [], required_power: "7" } });

    const res = await t.chain.mustDeliver(validator(), [msg.ratify(validator().address, 1n)]);
    expect(await get(`${R}/amendment/1/ratifications`)).toEqual({
      status: 200,
      body: { ratifications: [{ amendment_id: "1", validator: validator().address, power: "10", height: String(res.height) }], required_power: "7" },
    });
    while (t.chain.height < opened + 4n) await t.chain.produceBlocks(1);
    const enacted = amendment("AMENDMENT_STATUS_ENACTED", "10", String(opened + 4n));
    expect(await get(`${R}/amendment/1`)).toEqual({ status: 200, body: { amendment: enacted } });
    expect(await get(`${R}/amendment`)).toEqual({ status: 200, body: { amendment: [enacted], pagination: { next_key: null, total: "1" } } });
    expect((await get(`${R}/invariants`)).body).toEqual({ invariants: invariantsJson(proposed) });
  });

  it("pages the amendment list", async () => {
    expect((await t.chain.govExec([msg.propose(genesis, "second")])).log).toBe("");
    expect((await t.chain.govExec([msg.withdraw(2n)])).log).toBe("");
    const page1 = await get(`${R}/amendment?pagination.limit=1`);
    expect(page1.status).toBe(200);
    expect(page1.body.amendment.map((a: { id: string }) => a.id)).toEqual(["1"]);
    expect(page1.body.pagination.next_key).toEqual(expect.any(String));
    const page2 = await get(`${R}/amendment?pagination.key=${encodeURIComponent(page1.body.pagination.next_key)}`);
    expect(page2.body.amendment.map((a: { id: string; status: string }) => [a.id, a.status])).toEqual([["2", "AMENDMENT_STATUS_WITHDRAWN"]]);
    expect(page2.body.pagination).toEqual({ next_key: null, total: "0" });
  });

  it("answers NotFound and bad arguments", async () => {
    expect(await get(`${R}/amendment/9`)).toEqual(notFound("amendment 9 not found"));
    expect(await get(`${R}/amendment/9/ratifications`)).toEqual(notFound("amendment 9 not found"));
    expect((await get(`${R}/amendment/x`)).status).toBe(400);
    expect((await get(`${R}/amendment?pagination.limit=x`)).status).toBe(400);
  });
});
