import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importGenesis } from "../../helpers/genesis-import";
import { testKey, type TestChain } from "../../helpers/chain";
import { ONE_YML, RESERVE, admit, createValidatorMsg, declOf, expectVgovError, keys, msg, query, vgovChain } from "./setup";

const { alpha, beta, gamma, delta, newop, newop2, mallory, funder } = keys;
const dev = testKey("validator");

describe("validatorgov genesis", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await vgovChain({
      mutateGenesis: (s) => {
        s.validatorgov.params.planned_rotation_delay_blocks = "500";
        Object.assign(s.constitution.invariants, {
          max_entity_power_bps: "5000",
          max_beneficial_owner_power_bps: "5000",
          max_jurisdiction_power_bps: "6000",
          concentration_epoch_blocks: "5",
          min_active_validators: 2,
        });
      },
    });
    await admit(chain, alpha, declOf("LEI-A", "UBO-A", "DE"), 10n * ONE_YML);
    await admit(chain, beta, declOf("LEI-B", "UBO-B", "DE"), 10n * ONE_YML);
    await admit(chain, gamma, declOf("LEI-G", "UBO-G", "FR"), 10n * ONE_YML);
    await chain.mustDeliver(delta, [msg.apply(delta.address, declOf("LEI-D", "UBO-D", "IT"))]);
    await chain.mustDeliver(funder, [msg.send(funder.address, RESERVE, 50n * ONE_YML)]);
    expect((await chain.govExec([msg.seats(alpha.address, 20n)])).log).toBe("");
    await chain.mustDeliver(beta, [msg.rotate(beta.address, newop.address)]);
    await chain.mustDeliver(mallory, [msg.recover(mallory.address, gamma.address, newop2.address, "lost")]);
    await chain.produceBlocks(6); // an epoch passes: alpha is demoted
  });
  afterAll(async () => chain.close());

  it("exports every record; export → import → export is a fixed point with the same app hash", async () => {
    const exported = chain.app.exportAppState() as Record<string, any>;
    const v = exported.validatorgov;
    expect(v.params.planned_rotation_delay_blocks).toBe("500");
    expect(v.validator_application_map.map((a: any) => [a.candidate, a.status]).sort()).toEqual(
      [
        [alpha.address, "approved"],
        [beta.address, "approved"],
        [gamma.address, "approved"],
        [delta.address, "pending"],
        [dev.address, "approved"],
      ].sort(),
    );
    expect(v.approved_validator_map).toHaveLength(4);
    expect(v.operator_rotations.map((r: any) => [r.id, r.kind, r.status])).toEqual([
      ["1", "ROTATION_KIND_PLANNED", "ROTATION_STATUS_PENDING"],
      ["2", "ROTATION_KIND_RECOVERY", "ROTATION_STATUS_PENDING"],
    ]);
    expect(v.rotation_count).toBe("2");
    expect(v.demotions.map((d: any) => [d.operator, d.cap, d.jailed_validator])).toEqual([
      [alpha.address, "CONCENTRATION_CAP_JURISDICTION", true],
    ]);

    const first = await importGenesis({ ...chain.genesis, validators: [], app_state: exported });
    expect(first.exported.validatorgov).toEqual(v);
    const second = await importGenesis({ ...chain.genesis, validators: [], app_state: first.exported });
    expect(second.appHash).toBe(first.appHash);
    expect(second.exported).toEqual(first.exported);
  });

  it("the imported indexes work: the pending rotation blocks a second one and the gate admits exactly the approved", async () => {
    expectVgovError(await chain.deliver(beta, [msg.rotate(beta.address, newop2.address)]), 1104);
    expect(query.pending(chain, gamma.address).found).toBe(true);
    expectVgovError(await chain.deliver(delta, [createValidatorMsg(delta)]), 1103);
  });

  it.each([
    [
      "an approved validator without an approved application",
      (v: any) => {
        v.validator_application_map = v.validator_application_map.filter((a: any) => a.candidate !== alpha.address);
      },
    ],
    [
      "a declaration with an unassigned jurisdiction",
      (v: any) => {
        v.approved_validator_map[0].declaration.jurisdiction = "ZZ";
        v.validator_application_map.find((a: any) => a.candidate === v.approved_validator_map[0].candidate).declaration.jurisdiction = "ZZ";
      },
    ],
    [
      "a rotation id above rotation_count",
      (v: any) => {
        v.rotation_count = "1";
      },
    ],
    [
      "two pending rotations of one operator",
      (v: any) => {
        v.operator_rotations[1].current_operator = v.operator_rotations[0].current_operator;
      },
    ],
    [
      "a demotion of an operator that is not approved",
      (v: any) => {
        v.demotions[0].operator = mallory.address;
      },
    ],
    [
      "a zero seat bond",
      (v: any) => {
        v.params.seat_bond_amount = "0";
      },
    ],
  ])("refuses a genesis with %s", async (_what, mutate) => {
    const state = structuredClone(chain.app.exportAppState()) as Record<string, any>;
    mutate(state.validatorgov);
    await expect(importGenesis({ ...chain.genesis, validators: [], app_state: state })).rejects.toThrow();
  });
});
