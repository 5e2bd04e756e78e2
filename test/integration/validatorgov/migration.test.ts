import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApprovedValidator } from "../../../src/gen/blockchain/validatorgov/v1/approved_validator";
import { ConcentrationCap, Demotion } from "../../../src/gen/blockchain/validatorgov/v1/concentration";
import { ValidatorApplication } from "../../../src/gen/blockchain/validatorgov/v1/validator_application";
import type { ValidatorgovKeeper } from "../../../src/modules/validatorgov";
import { Schema } from "../../../src/store/collections";
import { protoValue, stringKey, uint64Value } from "../../../src/store/codecs";
import type { Module } from "../../../src/types/module";
import type { TestChain } from "../../helpers/chain";
import { expectMigrationRestores, oldMap, rewrite } from "../../helpers/layout-migration";
import { admit, declOf, keys, msg, query, vgovChain } from "./setup";

/** Consensus version 2: operator addresses in keys are address bytes; the rotation counter holds the next id. */
describe("validatorgov: the 1 -> 2 migration", () => {
  let chain: TestChain;
  const { alpha, beta, newop } = keys;
  const vgov = () => chain.app.modules.modules.find((m) => m.name === "validatorgov") as Module & { keeper: ValidatorgovKeeper };

  beforeAll(async () => {
    chain = await vgovChain();
    await admit(chain, alpha, declOf("LEI-A", "UBO-A", "DE"));
    await admit(chain, beta, declOf("LEI-B", "UBO-B", "FR"));
    await chain.mustDeliver(alpha, [msg.rotate(alpha.address, newop.address)]);
  });
  afterAll(async () => chain.close());

  it("moves applications, approvals, demotions and the pending index to address bytes; the counter becomes the next id", () => {
    const m = vgov();
    const k = m.keeper;
    expect(m.consensusVersion).toBe(2);
    const ctx = chain.app.queryContext();
    k.demotions.set(
      ctx,
      beta.address,
      Demotion.fromPartial({ operator: beta.address, cap: ConcentrationCap.CONCENTRATION_CAP_ENTITY, group: "LEI-B", demotedAtHeight: 3n }),
    );
    const pending = k.pendingByOperator.get(ctx, alpha.address);
    expect(pending).toBe(1n);
    expectMigrationRestores(ctx, m, "validatorgov/", 1, () => {
      rewrite(
        ctx,
        k.applications,
        oldMap("validatorgov/", 2, stringKey, protoValue(ValidatorApplication)),
        (a) => a,
        (v) => v,
      );
      rewrite(
        ctx,
        k.approved,
        oldMap("validatorgov/", 3, stringKey, protoValue(ApprovedValidator)),
        (a) => a,
        (v) => v,
      );
      rewrite(
        ctx,
        k.demotions,
        oldMap("validatorgov/", 8, stringKey, protoValue(Demotion)),
        (a) => a,
        (v) => v,
      );
      const oldPending = oldMap("validatorgov/", 6, stringKey, uint64Value);
      for (const [id, r] of k.rotations.iterate(ctx)) {
        k.pendingByOperator.onRemove(ctx, id, r);
        if (id === pending) oldPending.set(ctx, r.currentOperator, id);
      }
      // rotation_count held the last id given.
      new Schema("validatorgov/").item(5, "rotation_count", uint64Value).set(ctx, k.nextRotationId.peek(ctx) - 1n);
    });
    expect(k.isApproved(ctx, alpha.address)).toBe(true);
    expect(k.pendingByOperator.get(ctx, alpha.address)).toBe(1n);
    expect(k.demotions.get(ctx, beta.address)?.group).toBe("LEI-B");
    expect(k.nextRotationId.peek(ctx)).toBe(2n);
  });

  it("genesis keeps rotation_count as the last id given", () => {
    const exported = chain.app.exportAppState() as Record<string, any>;
    expect(exported.validatorgov.rotation_count).toBe("1");
    expect(query.pending(chain, alpha.address)).toMatchObject({ found: true, operatorRotation: { id: 1n } });
  });
});
