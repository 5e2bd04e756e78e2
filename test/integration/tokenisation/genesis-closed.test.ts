import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importGenesis } from "../../helpers/genesis-import";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { pack, type TestChain } from "../../helpers/chain";
import { collection, expectTokError, getAsset, keys, msg, mustGov, shareDenom, tokenisationChain } from "./setup";

const { minter, owner, alice } = keys;

/**
 * Found by the whole-chain simulation (seed 1, export/import at height 160): a closed asset's
 * share denom stays halted, but InitGenesis rebuilt the halt flag from "realised" only, so an
 * imported chain had a different app hash from the exporting one as soon as an asset had closed.
 */
describe("tokenisation genesis: a closed asset's share state survives export → import", () => {
  let a: TestChain;

  beforeAll(async () => {
    a = await tokenisationChain();
    await mustGov(a, [msg.createCollection(collection({ challengeWindowSeconds: 0n }))]);
    for (const id of [1n, 2n]) {
      await a.mustDeliver(minter, [msg.mint(minter.address, owner.address)]);
      await a.mustDeliver(owner, [msg.fractionalise(owner.address, id, "100")]);
      await a.mustDeliver(owner, [msg.report(owner.address, id, 5_000n)]);
    }
    await a.mustDeliver(owner, [msg.redeem(owner.address, 1n, 100n)]); // 1: CLOSED
    await a.mustDeliver(owner, [msg.redeem(owner.address, 2n, 40n)]); // 2: REALISED
  });
  afterAll(async () => {
    await a?.close();
  });

  it("the imported chain starts at the exporting chain's app hash, closed and realised assets both halted", async () => {
    expect(getAsset(a, 1n).asset!.status).toBe(5); // STATUS_CLOSED
    expect(getAsset(a, 2n).asset!.status).toBe(4); // STATUS_REALISED
    // Realised: its shares no longer move.
    const send = pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
      fromAddress: owner.address,
      toAddress: alice.address,
      amount: [{ denom: shareDenom(2n), amount: "1" }],
    });
    expectTokError(await a.deliver(owner, [send]), 13);
    const imported = await importGenesis({ ...a.genesis, app_state: a.app.exportAppState() as Record<string, unknown> });
    expect(imported.appHash).toBe(Buffer.from(a.app.store.lastAppHash).toString("hex"));
  });
});
