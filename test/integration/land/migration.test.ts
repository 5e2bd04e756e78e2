import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Authority } from "../../../src/gen/blockchain/land/v1/parcel";
import * as tx from "../../../src/gen/blockchain/land/v1/tx";
import type { LandKeeper } from "../../../src/modules/land";
import { pairKey, protoValue, stringKey, uint64Key } from "../../../src/store/codecs";
import type { Module } from "../../../src/types/module";
import type { TestChain } from "../../helpers/chain";
import { expectMigrationRestores, oldKeySet, oldMap, rewrite } from "../../helpers/layout-migration";
import { admit, createOffice, innerResponse, keys, landChain, msg, mustAsOffice } from "./setup";

/** Consensus version 3: office and holder addresses in keys are address bytes (they were bech32 text). */
describe("land: the 2 -> 3 migration", () => {
  let chain: TestChain;
  let office: string;
  const { op1, holder, buyer } = keys;
  const land = () => chain.app.modules.modules.find((m) => m.name === "land") as Module & { keeper: LandKeeper };

  beforeAll(async () => {
    chain = await landChain();
    office = await createOffice(chain, op1);
    await admit(chain, office, "KE", "Nairobi Lands Registry");
    for (const [geometry, who] of [
      ["g1", holder],
      ["g2", holder],
      ["g3", buyer],
    ] as const) {
      innerResponse(
        await mustAsOffice(chain, op1, [msg.registerParcel(office, geometry, `REF/${geometry}`, who.address)]),
        tx.MsgRegisterParcelResponse,
      );
    }
  });
  afterAll(async () => chain.close());

  it("moves offices and the by-holder index to address bytes; records and queries are as before", () => {
    const m = land();
    const k = m.keeper;
    expect(m.consensusVersion).toBe(3);
    const ctx = chain.app.queryContext();
    const byHolder = [...k.parcels.indexes.byHolder.iterate(ctx, holder.address)];
    expectMigrationRestores(ctx, m, "land/", 2, () => {
      rewrite(
        ctx,
        k.authorities,
        oldMap("land/", 2, stringKey, protoValue(Authority)),
        (address) => address,
        (a) => a,
      );
      const oldIndex = oldKeySet("land/", 6, pairKey(stringKey, uint64Key));
      for (const [id, p] of k.parcels.iterate(ctx)) {
        k.parcels.indexes.byHolder.onRemove(ctx, id, p);
        oldIndex.set(ctx, [p.holder, id], true);
      }
      expect(k.authorities.get(ctx, office)).toBeUndefined();
    });
    expect(k.requireOffice(ctx, office).name).toBe("Nairobi Lands Registry");
    expect([...k.parcels.indexes.byHolder.iterate(ctx, holder.address)]).toEqual(byHolder);
    expect(byHolder).toHaveLength(2);
    // The id counters are sequences over the bytes the items held: the next parcel is 4.
    expect(k.nextParcelId.peek(ctx)).toBe(4n);
  });
});
