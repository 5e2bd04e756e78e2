import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConcentrationCap } from "../../../src/gen/blockchain/validatorgov/v1/concentration";
import { createRestServer, DevBackend } from "../../../src/rest";
import { silentLogger } from "../../../src/types/logger";
import { MsgUnjail } from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import { pack, testKey, type TestChain } from "../../helpers/chain";
import {
  concentrationGenesis,
  declOf,
  expectVgovError,
  fourValidators,
  keys,
  msg,
  nextEpoch,
  query,
  stakingValidator,
  typed,
  valoper,
  vgovChain,
} from "./setup";

const { alpha, beta } = keys;
const dev = testKey("validator");

function invariants(minActive: number) {
  return (s: Record<string, any>) => {
    concentrationGenesis(s, "5000", minActive);
    s.validatorgov.params.attestation_interval_blocks = "8";
  };
}

describe("validatorgov concentration epochs: demotion and restoration", () => {
  let chain: TestChain;
  let rest: FastifyInstance;
  const get = async (url: string) => {
    const res = await rest.inject({ method: "GET", url });
    return { status: res.statusCode, body: JSON.parse(res.payload) };
  };

  beforeAll(async () => {
    chain = await vgovChain({ mutateGenesis: invariants(2) });
    rest = createRestServer({ app: chain.app, node: new DevBackend(chain.engine, chain.app), logger: silentLogger });
    await rest.ready();
    await fourValidators(chain);
  });
  afterAll(async () => {
    await rest.close();
    await chain.close();
  });

  it("within the ceilings an epoch demotes nobody; the Concentration query shows the arithmetic", async () => {
    const events = await nextEpoch(chain);
    expect(typed(events, "EventValidatorDemoted")).toEqual([]);
    const c = query.concentration(chain);
    expect(c).toMatchObject({ totalPower: 40n, activeValidators: 4, minActiveValidators: 2 });
    const de = c.groups.find((g) => g.cap === ConcentrationCap.CONCENTRATION_CAP_JURISDICTION && g.group === "DE")!;
    expect(de).toEqual({
      cap: ConcentrationCap.CONCENTRATION_CAP_JURISDICTION,
      group: "DE",
      power: 20n,
      powerBps: 5000n,
      capBps: 6000n,
      over: false,
    });
    expect(c.groups.filter((g) => g.cap === ConcentrationCap.CONCENTRATION_CAP_ENTITY).map((g) => g.group)).toEqual([
      "LEI-ALPHA",
      "LEI-BETA",
      "LEI-GAMMA",
      dev.address,
    ]);
  });

  it("seats granted through governance push DE over its ceiling: the largest DE validator is demoted (jailed) at the next epoch", async () => {
    expect((await chain.govExec([msg.seats(alpha.address, 20n)])).log).toBe("");
    const events = await nextEpoch(chain);
    // alpha 30 + beta 10 of 60: DE holds 6666 bps > 6000; entity and owner shares are exactly 5000, not over.
    expect(typed(events, "EventValidatorDemoted")).toEqual([
      {
        operator: alpha.address,
        cap: "CONCENTRATION_CAP_JURISDICTION",
        group: "DE",
        group_power_bps: "6666",
        cap_bps: "6000",
        jailed_validator: true,
      },
    ]);
    expect(stakingValidator(chain, alpha).jailed).toBe(true);
    expect(stakingValidator(chain, beta).jailed).toBe(false);
    const demotions = query.demotions(chain);
    expect(demotions).toHaveLength(1);
    expect(await get("/blockchain/validatorgov/v1/demotion")).toEqual({
      status: 200,
      body: {
        demotion: [
          {
            operator: alpha.address,
            cap: "CONCENTRATION_CAP_JURISDICTION",
            group: "DE",
            group_power_bps: "6666",
            cap_bps: "6000",
            demoted_at_height: demotions[0].demotedAtHeight.toString(),
            jailed_validator: true,
          },
        ],
        pagination: { next_key: null, total: "1" },
      },
    });
  });

  it("a demoted operator cannot un-jail itself (1118)", async () => {
    const unjail = pack("/cosmos.slashing.v1beta1.MsgUnjail", MsgUnjail, { validatorAddr: valoper(alpha) });
    const res = await chain.deliver(alpha, [unjail]);
    expect(res.checkTx).toBe(true);
    expectVgovError(res, 1118);
    expect(stakingValidator(chain, alpha).jailed).toBe(true);
  });

  it("while the breach holds the demotion stays in force, and the query counts the demoted validator's power", async () => {
    const events = await nextEpoch(chain);
    expect(typed(events, "EventValidatorDemoted")).toEqual([]);
    expect(typed(events, "EventValidatorRestored")).toEqual([]);
    expect(stakingValidator(chain, alpha).jailed).toBe(true);
    const body = (await get("/blockchain/validatorgov/v1/concentration")).body;
    expect(body.total_power).toBe("60");
    expect(body.active_validators).toBe(3);
    expect(body.min_active_validators).toBe(2);
    expect(body.groups.find((g: any) => g.cap === "CONCENTRATION_CAP_JURISDICTION" && g.group === "DE")).toEqual({
      cap: "CONCENTRATION_CAP_JURISDICTION",
      group: "DE",
      power: "40",
      power_bps: "6666",
      cap_bps: "6000",
      over: true,
    });
  });

  it("when the breach clears, the next epoch restores the validator and un-jails what the demotion jailed", async () => {
    expect((await chain.govExec([msg.seats(alpha.address, 5n)])).log).toBe("");
    const events = await nextEpoch(chain);
    expect(typed(events, "EventValidatorRestored")).toEqual([
      { operator: alpha.address, cap: "CONCENTRATION_CAP_JURISDICTION", group: "DE", unjailed_validator: true },
    ]);
    expect(stakingValidator(chain, alpha).jailed).toBe(false);
    expect(query.demotions(chain)).toEqual([]);
    await chain.produceBlocks(1);
    expect(query.concentration(chain).activeValidators).toBe(4);
  });

  it("every epoch reports declarations not re-attested within the interval; re-attesting stops it", async () => {
    const events = await nextEpoch(chain);
    const stale = typed(events, "EventDeclarationStale");
    expect(stale).toContainEqual({ operator: dev.address, attested_at_height: "0", stale_since_height: "8" });
    const height = chain.height;
    const attested = await chain.mustDeliver(alpha, [msg.attest(alpha.address, declOf("LEI-ALPHA", "UBO-ALPHA", "DE"))]);
    const later = typed(await nextEpoch(chain), "EventDeclarationStale");
    expect(later.map((e) => e.operator)).not.toContain(alpha.address);
    expect(later.map((e) => e.operator)).toContain(dev.address);
    expect(attested.height).toBeGreaterThan(height);
  });
});

describe("validatorgov concentration epochs below the floor: report, do not act", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await vgovChain({ mutateGenesis: invariants(4) });
    await fourValidators(chain);
  });
  afterAll(async () => chain.close());

  it("a breach that demoting would cure only by going below min_active_validators emits EventConcentrationUncorrected every epoch", async () => {
    expect((await chain.govExec([msg.seats(beta.address, 20n)])).log).toBe("");
    for (let i = 0; i < 2; i++) {
      const events = await nextEpoch(chain);
      expect(typed(events, "EventValidatorDemoted")).toEqual([]);
      expect(typed(events, "EventConcentrationUncorrected")).toEqual([
        {
          cap: "CONCENTRATION_CAP_JURISDICTION",
          group: "DE",
          group_power_bps: "6666",
          cap_bps: "6000",
          active_validators: 4,
          min_active_validators: 4,
        },
      ]);
    }
    expect(stakingValidator(chain, beta).jailed).toBe(false);
    expect(query.demotions(chain)).toEqual([]);
  });
});
