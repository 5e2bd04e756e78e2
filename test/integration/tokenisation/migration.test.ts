import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenisationKeeper } from "../../../src/modules/tokenisation";
import { bytesKey, bytesValue, stringKey } from "../../../src/store/codecs";
import { shareStateOf, slotOf } from "../../../src/modules/tokenisation/keeper";
import type { Module } from "../../../src/types/module";
import { pack, type TestChain } from "../../helpers/chain";
import { expectMigrationRestores, oldMap } from "../../helpers/layout-migration";
import { collection, entitlement, keys, msg, mustGov, shareDenom, tokenisationChain } from "./setup";

const { minter, owner, alice, bob } = keys;
const text = (s: string) => new TextEncoder().encode(s);

/** Consensus version 3: holder slots and share states are proto messages (they were space-separated text). */
describe("tokenisation: the 2 -> 3 migration", () => {
  let chain: TestChain;
  const tokenisation = () => chain.app.modules.modules.find((m) => m.name === "tokenisation") as Module & { keeper: TokenisationKeeper };

  beforeAll(async () => {
    chain = await tokenisationChain();
    await mustGov(chain, [msg.createCollection(collection())]);
    await chain.mustDeliver(minter, [msg.mint(minter.address, owner.address)]);
    await chain.mustDeliver(owner, [msg.fractionalise(owner.address, 1n, "997", 3333)]);
    await chain.mustDeliver(owner, [
      pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
        fromAddress: owner.address,
        toAddress: alice.address,
        amount: [{ denom: shareDenom(1n), amount: "331" }],
      }),
    ]);
    await chain.mustDeliver(bob, [msg.fund(bob.address, 1n, 123_457n)]);
    // A second transfer settles both holders at the funded index.
    await chain.mustDeliver(alice, [
      pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
        fromAddress: alice.address,
        toAddress: owner.address,
        amount: [{ denom: shareDenom(1n), amount: "1" }],
      }),
    ]);
  });
  afterAll(async () => chain.close());

  it("turns the text values into HolderSlot and ShareDenomState; entitlements and the send hook's view are as before", () => {
    const m = tokenisation();
    const k = m.keeper;
    expect(m.consensusVersion).toBe(3);
    const ctx = chain.app.queryContext();
    const owed = [owner, alice].map((h) => entitlement(chain, 1n, h.address));
    const share = k.shareState(ctx, shareDenom(1n))!;
    expect(share.index).toBeGreaterThan(0n);
    expectMigrationRestores(ctx, m, "tokenisation/", 2, () => {
      // The version-2 layout, byte for byte: "<last_index> <accrued>" and "<asset id> <index>[ h]".
      const positions = oldMap("tokenisation/", 6, bytesKey, bytesValue);
      for (const [key, stored] of [...k.positions.iterate(ctx)]) {
        const slot = slotOf(stored);
        positions.set(ctx, k.positionKey.encode(key), text(`${slot.lastIndex} ${slot.accrued}`));
      }
      const shares = oldMap("tokenisation/", 8, stringKey, bytesValue);
      for (const [denom, stored] of [...k.shares.iterate(ctx)]) {
        const s = shareStateOf(stored);
        shares.set(ctx, denom, text(`${s.assetId} ${s.index}${s.halted ? " h" : ""}`));
      }
    });
    expect([owner, alice].map((h) => entitlement(chain, 1n, h.address))).toEqual(owed);
    expect(k.shareState(ctx, shareDenom(1n))).toEqual(share);
  });
});
