import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RotationStatus } from "../../src/gen/blockchain/validatorgov/v1/rotation";
import type { Module } from "../../src/types/module";
import { DENOM, TestChain } from "../helpers/chain";
import { ONE_YML, admit, declOf, keys, msg, query } from "../integration/validatorgov/setup";

// Issue 32, block hooks: validatorgov's end blocker completes due operator rotations and used to
// cancel a rotation on ANY throw, bugs included (a TypeError in a hook that follows the rotated
// validator silently cancelled it). Only a refusal (an AppError) cancels now; a bug propagates
// and the node halts on the block, as the SDK panics in an end blocker.

let armed = false;
/** A module following rotations whose hook has a bug while `armed`. */
const buggy: Module = {
  name: "hooksbuggy",
  hooks: {
    staking: {
      afterValidatorOperatorChanged: () => {
        if (armed) (undefined as unknown as { follow(): void }).follow();
      },
    },
  },
};

describe("validatorgov: a bug while completing a rotation halts instead of cancelling it", () => {
  let chain: TestChain;
  const { alpha, newop } = keys;
  const NAMES = ["alpha", "newop"];

  beforeAll(async () => {
    const funded = Object.fromEntries(
      NAMES.map((n) => [`validatorgov/${n}`, [{ denom: DENOM, amount: (1_000_000n * ONE_YML).toString() }]]),
    );
    chain = await TestChain.create({
      funded,
      build: { extraModules: [buggy] },
      mutateGenesis: (s) => {
        s.validatorgov.params.planned_rotation_delay_blocks = "3";
      },
    });
    await admit(chain, alpha, declOf("LEI-A", "UBO-A", "DE"));
  });
  afterAll(async () => chain.close());

  it("the rotation stays pending and the block is refused", async () => {
    const res = await chain.mustDeliver(alpha, [msg.rotate(alpha.address, newop.address)]);
    armed = true;
    const due = res.height + 3n;
    while (chain.height < due - 1n) await chain.produceBlocks(1);
    await expect(chain.produceBlocks(1)).rejects.toThrow(/EndBlock of validatorgov at height .* threw/);
    const rotation = query.rotation(chain, 1n);
    expect(rotation.status).toBe(RotationStatus.ROTATION_STATUS_PENDING);
  });
});
