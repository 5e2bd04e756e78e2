import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NftKeeper } from "../../../src/modules/nft";
import { Schema } from "../../../src/store/collections";
import { pairKey, stringKey, tripleKey, uint64Value } from "../../../src/store/codecs";
import type { Module } from "../../../src/types/module";
import { DENOM, type TestChain } from "../../helpers/chain";
import { moduleChain, moduleKeys } from "../../helpers/module-setup";

const { alice, bob } = moduleKeys("nft-migration", ["alice", "bob"]);
const token = (classId: string, id: string) => ({ class_id: classId, id, uri: "", uri_hash: "", data: null });

describe("nft consensus version 2: the 1 -> 2 migration", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await moduleChain("nft-migration", ["alice", "bob"], [{ denom: DENOM, amount: "1000000000" }], (s) => {
      s.nft = {
        classes: [
          { id: "art", name: "Art", symbol: "ART", description: "", uri: "", uri_hash: "", data: null },
          { id: "land", name: "Land", symbol: "PCL", description: "", uri: "", uri_hash: "", data: null },
        ],
        entries: [
          { owner: alice.address, nfts: [token("art", "a1"), token("land", "p1"), token("land", "p2")] },
          { owner: bob.address, nfts: [token("art", "a2")] },
        ],
      };
    });
  });
  afterAll(async () => chain.close());

  it("re-keys the by-owner index and the balances by owner address bytes", () => {
    const m = chain.app.modules.modules.find((x) => x.name === "nft") as Module & { keeper: NftKeeper };
    expect(m.consensusVersion).toBe(2);
    const k = m.keeper;
    const ctx = chain.app.queryContext();
    const byOwner = () =>
      [...k.owners.indexes.byOwner.entries(ctx)].map(([owner, [cls, id]]) => [owner, cls, id] as [string, string, string]);
    const indexed = byOwner();
    const balances = [...k.balances.iterate(ctx)];
    expect(indexed).toHaveLength(4);
    expect(balances).toHaveLength(3);

    // Version 1's layout, written raw: the owner as its bech32 text.
    const v1 = new Schema("nft/");
    const old = {
      byOwner: v1.keySet(4, "nfts_by_owner", tripleKey(stringKey, stringKey, stringKey)),
      balances: v1.map(6, "balances", pairKey(stringKey, stringKey), uint64Value),
    };
    const current = new Schema("nft/").keySet(4, "nfts_by_owner", k.byOwnerKeys);
    for (const key of indexed) {
      current.remove(ctx, key);
      old.byOwner.set(ctx, key);
    }
    for (const [key, n] of balances) {
      k.balances.remove(ctx, key);
      old.balances.set(ctx, key, n);
    }

    m.migrations!.find((x) => x.from === 1)!.migrate(ctx);

    expect(byOwner()).toEqual(indexed);
    expect([...k.balances.iterate(ctx)]).toEqual(balances);
    expect(k.getBalance(ctx, alice.address, "land")).toBe(2n);
    expect([...k.owners.indexes.byOwner.iterateUnder(ctx, k.byOwnerKeys.prefix2(alice.address, "land"))].map(([, id]) => id)).toEqual([
      "p1",
      "p2",
    ]);
    expect([...k.owners.indexes.byOwner.iterate(ctx, bob.address)].map(([, id]) => id)).toEqual(["a2"]);
    // A transfer after the migration moves the counters of both owners.
    k.transfer(ctx, "art", "a2", alice.address);
    expect([k.getBalance(ctx, alice.address, "art"), k.getBalance(ctx, bob.address, "art")]).toEqual([2n, 0n]);
  });
});
