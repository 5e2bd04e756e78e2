import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { SimulateRequest, SimulateResponse } from "cosmjs-types/cosmos/tx/v1beta1/service";
import { simulationTx } from "../../src/client/tx-builder";
import { TestChain, pack, testKey, DENOM } from "../helpers/chain";

describe("Simulate (what cosmjs fee: 'auto' calls)", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  beforeAll(async () => {
    chain = await TestChain.create();
  });
  afterAll(async () => chain.close());

  it("reports the gas of an unsigned tx with gas limit 0, charging signature gas, writing nothing", async () => {
    const msg = pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
      fromAddress: alice.address,
      toAddress: bob.address,
      amount: [{ denom: DENOM, amount: "10" }],
    });
    const seq = chain.account(alice.address)!.sequence;
    const tx = simulationTx([msg], [{ pubKey: alice.pubKey, sequence: seq }], { chainId: "test-chain", gasLimit: 0n, fee: [] });
    const res = chain.app.query({
      path: "/cosmos.tx.v1beta1.Service/Simulate",
      data: SimulateRequest.encode(SimulateRequest.fromPartial({ txBytes: tx })).finish(),
      height: 0n,
      prove: false,
    });
    expect(res.log).toBe("");
    expect(res.code).toBe(0);
    expect(res.height).toBe(chain.height);
    const sim = SimulateResponse.decode(res.value);
    expect(sim.gasInfo!.gasUsed).toBeGreaterThan(1000n);
    expect(sim.result!.msgResponses[0].typeUrl).toBe("/cosmos.bank.v1beta1.MsgSendResponse");
    // The simulated gas, with cosmjs's 1.4 margin, is enough for the real signed tx.
    const real = await chain.deliver(alice, [msg], { gasLimit: (sim.gasInfo!.gasUsed * 14n) / 10n });
    expect(real.log).toBe("");
    expect(real.code).toBe(0);
    expect(real.gasUsed).toBeLessThanOrEqual((sim.gasInfo!.gasUsed * 14n) / 10n);
    expect(chain.account(alice.address)!.sequence).toBe(seq + 1n);
  });

  it("a failing simulation is a query error with the tx's code in the log", () => {
    const msg = pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
      fromAddress: alice.address,
      toAddress: bob.address,
      amount: [{ denom: DENOM, amount: "99999999999999999" }],
    });
    const tx = simulationTx([msg], [{ pubKey: alice.pubKey, sequence: chain.account(alice.address)!.sequence }], {
      chainId: "test-chain",
      gasLimit: 0n,
      fee: [],
    });
    const res = chain.app.query({
      path: "/cosmos.tx.v1beta1.Service/Simulate",
      data: SimulateRequest.encode(SimulateRequest.fromPartial({ txBytes: tx })).finish(),
      height: 0n,
      prove: false,
    });
    expect(res.code).not.toBe(0);
    expect(res.log).toMatch(/insufficient funds/);
  });
});
