import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restHarness, type RestHarness } from "../rest/setup";
import { FLOOR, FOUNDATION, genesisJson, invariantsJson, msg, pendingAt, testInvariants, validator } from "./setup";
import { DENOM } from "../../helpers/chain";

const R = "/blockchain/constitution/v1";
const notFound = (message: string) => ({ status: 404, body: { code: 5, message, details: [] } });

describe("constitution through REST (exact grpc-gateway JSON)", () => {
  let t: RestHarness;
  const genesis = testInvariants();
  const proposed = testInvariants({ maxEntityPowerBps: 2000n });
  // Amendment 1 comes in pending from genesis, due within the test.
  const DUE = 25n;

  beforeAll(async () => {
    t = await restHarness({
      funded: { "constitution/alice": [{ denom: DENOM, amount: "1000000000" }] },
      mutateGenesis: (s) => {
        s.constitution = genesisJson({
          invariants: genesis,
          amendments: [pendingAt(1n, proposed, DUE, 10n, "stricter entity ceiling")],
          amendmentCount: 1n,
        });
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
          max_entity_power_bps: "3300",
          max_beneficial_owner_power_bps: "3300",
          max_jurisdiction_power_bps: "5000",
          concentration_epoch_blocks: "10",
          min_active_validators: 4,
          enforcement_threshold_bps: "6667",
          enforcement_recovery_destination: FOUNDATION,
          enforcement_voting_period_blocks: "20",
          enforcement_provisional_freeze_blocks: "5",
          amendment_delay_blocks: String(FLOOR),
          amendment_threshold_bps: "6667",
          foundation_custodian_count: 5,
          foundation_signature_threshold: 3,
        },
      },
    });
    expect((await get(`${R}/invariants`)).body).toEqual({ invariants: invariantsJson(genesis) });
  });

  it("serves an amendment, its ratifications and the list, through enactment", async () => {
    const amendment = (status: string, ratified: string, resolved: string) => ({
      id: "1",
      proposed: invariantsJson(proposed),
      reason: "stricter entity ceiling",
      proposed_at_height: "0",
      effective_at_height: String(DUE),
      snapshot_power: "10",
      ratified_power: ratified,
      status,
      resolved_at_height: resolved,
    });
    expect(await get(`${R}/amendment/1`)).toEqual({ status: 200, body: { amendment: amendment("AMENDMENT_STATUS_PENDING", "0", "0") } });
    expect(await get(`${R}/amendment/1/ratifications`)).toEqual({ status: 200, body: { ratifications: [], required_power: "7" } });

    const res = await t.chain.mustDeliver(validator(), [msg.ratify(validator().address, 1n)]);
    expect(await get(`${R}/amendment/1/ratifications`)).toEqual({
      status: 200,
      body: {
        ratifications: [{ amendment_id: "1", validator: validator().address, power: "10", height: String(res.height) }],
        required_power: "7",
      },
    });
    while (t.chain.height < DUE) await t.chain.produceBlocks(1);
    const enacted = amendment("AMENDMENT_STATUS_ENACTED", "10", String(DUE));
    expect(await get(`${R}/amendment/1`)).toEqual({ status: 200, body: { amendment: enacted } });
    expect(await get(`${R}/amendment`)).toEqual({
      status: 200,
      body: { amendment: [enacted], pagination: { next_key: null, total: "1" } },
    });
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
    expect(page2.body.amendment.map((a: { id: string; status: string }) => [a.id, a.status])).toEqual([
      ["2", "AMENDMENT_STATUS_WITHDRAWN"],
    ]);
    expect(page2.body.pagination).toEqual({ next_key: null, total: "0" });
  });

  it("answers NotFound and bad arguments", async () => {
    expect(await get(`${R}/amendment/9`)).toEqual(notFound("amendment 9 not found"));
    expect(await get(`${R}/amendment/9/ratifications`)).toEqual(notFound("amendment 9 not found"));
    expect((await get(`${R}/amendment/x`)).status).toBe(400);
    expect((await get(`${R}/amendment?pagination.limit=x`)).status).toBe(400);
  });
});
