import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { TestChain, pack, testKey, DENOM } from "../helpers/chain";

describe("MsgSend through the tx pipeline", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");

  beforeAll(async () => {
    chain = await TestChain.create();
  });
  afterAll(async () => chain.close());

  it("moves funds and charges the fee", async () => {
    const before = chain.balance(alice.address);
    const res = await chain.deliver(alice, [
      pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
        fromAddress: alice.address,
        toAddress: bob.address,
        amount: [{ denom: DENOM, amount: "1234" }],
      }),
    ]);
    expect(res.log).toBe("");
    expect(res.code).toBe(0);
    expect(chain.balance(alice.address)).toBe(before - 1234n - 5000n);
    expect(chain.balance(bob.address)).toBe(1_000_000_000_000n + 1234n);
    expect(chain.account(alice.address)?.sequence).toBe(1n);
  });
});
