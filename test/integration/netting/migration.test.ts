import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "../../../src/gen/blockchain/netting/v1/query";
import type { NettingKeeper } from "../../../src/modules/netting";
import { pairKey, stringKey, stringValue, tripleKey, uint64Key } from "../../../src/store/codecs";
import type { Module } from "../../../src/types/module";
import type { TestChain } from "../../helpers/chain";
import { expectMigrationRestores, oldKeySet, oldMap, rewrite } from "../../helpers/layout-migration";
import { queryAt } from "../../helpers/query-at";
import { EUR, keys, msg, nettingChain, obligations, position, Q } from "./setup";

const { bankA, bankB, bankC } = keys;
const [A, B, C] = [bankA.address, bankB.address, bankC.address];
const P = "netting/";

describe("netting consensus version 2: the 1 -> 2 migration", () => {
  let chain: TestChain;
  let m: Module & { keeper: NettingKeeper };
  let cycleId: bigint;

  beforeAll(async () => {
    chain = await nettingChain();
    await chain.produceBlocks(1);
    await chain.mustDeliver(bankA, [msg.post(A, [{ denom: EUR, amount: "500" }])]);
    await chain.mustDeliver(bankB, [msg.post(B, [{ denom: EUR, amount: "400" }])]);
    await chain.mustDeliver(bankA, [msg.submit(A, B, "120")]);
    await chain.mustDeliver(bankB, [msg.submit(B, C, "30")]);
    m = chain.app.modules.modules.find((x) => x.name === "netting") as Module & { keeper: NettingKeeper };
    cycleId = m.keeper.currentCycle.get(chain.app.queryContext());
  });
  afterAll(async () => chain.close());

  it("moves positions, reserves, locks and the party index to address bytes and drops locked_denoms", () => {
    expect(m.consensusVersion).toBe(2);
    const ctx = chain.app.queryContext();
    const k = m.keeper;
    const positionsBefore = position(chain, A);
    const obligationsBefore = obligations(chain, B, cycleId);
    expect(obligationsBefore.map((o) => o.id)).toEqual([1n, 2n]);
    expectMigrationRestores(ctx, m, P, 1, () => {
      rewrite(
        ctx,
        k.positions,
        oldMap(P, 5, tripleKey(uint64Key, stringKey, stringKey), k.positions.valueCodec),
        (key) => key,
        (v) => v,
      );
      rewrite(
        ctx,
        k.reserves,
        oldMap(P, 6, pairKey(stringKey, stringKey), k.reserves.valueCodec),
        (key) => key,
        (v) => v,
      );
      const locked = [...k.locked.iterate(ctx)];
      expect(locked).toEqual([[[A, EUR], "120"]]);
      rewrite(
        ctx,
        k.locked,
        oldMap(P, 7, pairKey(stringKey, stringKey), stringValue),
        (key) => key,
        (v) => v,
      );
      const lockedDenoms = oldKeySet(P, 12, pairKey(stringKey, stringKey));
      for (const [key] of locked) lockedDenoms.set(ctx, key, true);
      const index = oldKeySet(P, 4, tripleKey(stringKey, uint64Key, uint64Key));
      for (const [id, o] of k.obligations.iterate(ctx)) {
        k.obligations.indexes.byParticipant.onRemove(ctx, id, o);
        index.set(ctx, [o.fromParticipant, o.cycleId, id], true);
        index.set(ctx, [o.toParticipant, o.cycleId, id], true);
      }
    });
    // The queries read the migrated layout as they read the committed state.
    expect(queryAt<q.QueryPositionResponse>(ctx, m, Q + "Position", { participant: A }).entries).toEqual(positionsBefore);
    expect(
      queryAt<q.QueryParticipantObligationsResponse>(ctx, m, Q + "ParticipantObligations", { participant: B, cycleId }).obligations,
    ).toEqual(obligationsBefore);
  });
});
