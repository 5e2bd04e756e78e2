import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { QueryBalanceRequest, QueryBalanceResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { DENOM, pack, testKey } from "../helpers/chain";
import { restHarness, type RestHarness } from "./rest/setup";

/** Queries at older heights: ABCI, REST header and ?height=, and refusals once pruned. */
describe("historical queries", () => {
  let h: RestHarness;
  const alice = testKey("alice");
  const bob = testKey("bob");
  /** bob's balance after each height. */
  const bobAt = new Map<bigint, bigint>();

  beforeAll(async () => {
    h = await restHarness({ store: { keepRecent: 60 } });
    for (let i = 1; i <= 100; i++) {
      const r = await h.chain.mustDeliver(alice, [
        pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
          fromAddress: alice.address,
          toAddress: bob.address,
          amount: [{ denom: DENOM, amount: String(i) }],
        }),
      ]);
      bobAt.set(r.height, h.chain.balance(bob.address));
    }
  }, 120_000);
  afterAll(async () => h.close());

  const balanceQuery = (height: bigint) =>
    h.chain.app.query({
      path: "/cosmos.bank.v1beta1.Query/Balance",
      data: QueryBalanceRequest.encode({ address: bob.address, denom: DENOM }).finish(),
      height,
      prove: false,
    });

  it("answers ABCI queries at every kept height with the value then current", async () => {
    const latest = h.chain.app.lastHeight;
    for (const back of [0n, 1n, 17n, 50n, 59n]) {
      const at = latest - back;
      const res = await balanceQuery(at);
      expect(res.code).toBe(0);
      expect(res.height).toBe(at);
      expect(BigInt(QueryBalanceResponse.decode(res.value).balance!.amount)).toBe(bobAt.get(at));
    }
  });

  it("answers REST at a height given by x-cosmos-block-height or ?height=, and says which height it answered", async () => {
    const at = h.chain.app.lastHeight - 50n;
    const url = `/cosmos/bank/v1beta1/balances/${bob.address}/by_denom?denom=${DENOM}`;
    const byHeader = await h.get(url, { "x-cosmos-block-height": at.toString() });
    expect(byHeader.status).toBe(200);
    expect(byHeader.body.balance.amount).toBe(bobAt.get(at)!.toString());
    expect(byHeader.headers["x-cosmos-block-height"]).toBe(at.toString());
    const byParam = await h.get(`${url}&height=${at}`);
    expect(byParam.body).toEqual(byHeader.body);
    const latest = await h.get(url);
    expect(latest.body.balance.amount).not.toBe(byHeader.body.balance.amount);
    expect((await h.get(`${url}&height=x1`)).status).toBe(400);
  });

  it("refuses a pruned height with the SDK's not found, and a future one with invalid height", async () => {
    const latest = h.chain.app.lastHeight;
    const pruned = await balanceQuery(latest - 80n);
    expect([pruned.codespace, pruned.code]).toEqual(["sdk", 38]);
    expect(pruned.log).toBe(`failed to load state at height ${latest - 80n}; version does not exist (latest height: ${latest}): not found`);
    const rest = await h.get(`/cosmos/bank/v1beta1/balances/${bob.address}`, { "x-cosmos-block-height": String(latest - 80n) });
    expect(rest.status).toBe(404);
    expect(rest.body.message).toContain("version does not exist");
    const future = await balanceQuery(latest + 5n);
    expect([future.codespace, future.code]).toEqual(["sdk", 26]);
    expect(future.log).toBe("cannot query with height in the future; please provide a valid height: invalid height");
  });
});
