import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import * as gtx from "cosmjs-types/cosmos/group/v1/tx";
import { pack, type TestChain } from "../../helpers/chain";
import { members, setupPolicy, submit, thresholdPolicy } from "../group/setup";
import { entitlement, fractionalisedAsset, keys, msg, shareDenom, tokenisationChain } from "./setup";

const { owner, alice, bob, mallory } = keys;

function sendShares(from: string, to: string, amount: bigint) {
  return pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
    fromAddress: from,
    toAddress: to,
    amount: [{ denom: shareDenom(1n), amount: amount.toString() }],
  });
}

/** A group policy holding shares moves them through an executed proposal: both positions settle first. */
describe("tokenisation: share transfers through x/group settle income", () => {
  let chain: TestChain;
  let policy: string;
  beforeAll(async () => {
    chain = await tokenisationChain();
    await fractionalisedAsset(chain, { supply: "1000", holderShareBps: 10_000 });
    ({ groupPolicyAddress: policy } = await setupPolicy(
      chain,
      alice,
      members([alice.address, "1"], [bob.address, "1"]),
      thresholdPolicy("1"),
    ));
    await chain.mustDeliver(owner, [sendShares(owner.address, policy, 500n)]);
  });
  afterAll(async () => chain.close());

  it("income earned by the policy stays with it when its proposal sends the shares away", async () => {
    await chain.mustDeliver(mallory, [msg.fund(mallory.address, 1n, 10_000n)]); // 10 per token
    expect(entitlement(chain, 1n, policy)).toBe(5000n);
    const res = await chain.mustDeliver(
      alice,
      [submit(policy, [alice.address], [sendShares(policy, bob.address, 500n)], gtx.Exec.EXEC_TRY)],
      { gasLimit: 1_000_000n },
    );
    expect(res.events.find((e) => e.type === "cosmos.group.v1.EventExec")!.attributes.find((a) => a.key === "result")!.value).toContain(
      "SUCCESS",
    );
    expect(chain.balance(bob.address, shareDenom(1n))).toBe(500n);
    // The policy keeps what it earned; bob's tokens carry no past income.
    expect(entitlement(chain, 1n, policy)).toBe(5000n);
    expect(entitlement(chain, 1n, bob.address)).toBe(0n);
    await chain.mustDeliver(mallory, [msg.fund(mallory.address, 1n, 10_000n)]);
    expect(entitlement(chain, 1n, bob.address)).toBe(5000n);
    expect(entitlement(chain, 1n, policy)).toBe(5000n);
    expect(entitlement(chain, 1n, owner.address)).toBe(10_000n);
  });
});
