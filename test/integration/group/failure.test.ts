import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as tx from "cosmjs-types/cosmos/group/v1/tx";
import { ProposalExecutorResult, ProposalStatus } from "cosmjs-types/cosmos/group/v1/types";
import { TestChain, testKey } from "../../helpers/chain";
import { execMsg, expectCode, members, proposal, responseOf, send, setupPolicy, submit, thresholdPolicy, vote } from "./setup";

describe("group: a proposal whose message fails is recorded as FAILURE and changes nothing", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const carol = testKey("carol");
  const dave = testKey("dave");
  let policy: string;

  beforeAll(async () => {
    chain = await TestChain.create();
    policy = (
      await setupPolicy(chain, alice, members([alice.address, "1"], [bob.address, "1"], [carol.address, "1"]), thresholdPolicy("2"), 1000n)
    ).groupPolicyAddress;
  });
  afterAll(async () => chain.close());

  async function passed(messages: Parameters<typeof submit>[2]): Promise<bigint> {
    const id = responseOf(
      await chain.mustDeliver(alice, [submit(policy, [alice.address], messages)]),
      tx.MsgSubmitProposalResponse,
    ).proposalId;
    await chain.mustDeliver(alice, [vote(id, alice.address)]);
    await chain.mustDeliver(bob, [vote(id, bob.address)]);
    return id;
  }

  it("all messages or none: a failing second message undoes the first", async () => {
    const id = await passed([send(policy, dave.address, 300n), send(policy, dave.address, 5000n)]);
    const res = await chain.mustDeliver(carol, [execMsg(id, carol.address)]);
    expect(responseOf(res, tx.MsgExecResponse).result).toBe(ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_FAILURE);
    expect(res.events.some((e) => e.type === "transfer" && e.attributes.some((a) => a.value === dave.address))).toBe(false);
    const logs = res.events.find((e) => e.type === "cosmos.group.v1.EventExec")!.attributes.find((a) => a.key === "logs")!.value;
    expect(logs).toContain("message /cosmos.bank.v1beta1.MsgSend at position 1");
    expect(logs).toContain("insufficient funds");
    expect(chain.balance(policy)).toBe(1000n);
    expect(chain.balance(dave.address)).toBe(0n);
    const p = proposal(chain, id)!;
    expect(p.status).toBe(ProposalStatus.PROPOSAL_STATUS_ACCEPTED);
    expect(p.executorResult).toBe(ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_FAILURE);
  });

  it("a failed proposal can be executed again once it can succeed", async () => {
    const id = await passed([send(policy, dave.address, 1500n)]);
    expect(responseOf(await chain.mustDeliver(carol, [execMsg(id, carol.address)]), tx.MsgExecResponse).result).toBe(
      ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_FAILURE,
    );
    await chain.mustDeliver(alice, [send(alice.address, policy, 500n)]);
    expect(responseOf(await chain.mustDeliver(carol, [execMsg(id, carol.address)]), tx.MsgExecResponse).result).toBe(
      ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_SUCCESS,
    );
    expect(chain.balance(dave.address)).toBe(1500n);
    expect(chain.balance(policy)).toBe(0n);
  });

  it("refuses at submission a message the policy account is not the only signer of", async () => {
    const res = await chain.deliver(alice, [submit(policy, [alice.address], [send(alice.address, dave.address, 1n)])]);
    expectCode(res, "sdk", 4);
    expect(res.log).toContain("msg does not have group policy authorization");
  });

  it("refuses at submission an unknown message type", async () => {
    const res = await chain.deliver(alice, [
      submit(policy, [alice.address], [{ typeUrl: "/nope.v1.MsgNothing", value: new Uint8Array() }]),
    ]);
    expect(res.code).not.toBe(0);
  });

  it("a proposal message cannot re-execute its own proposal", async () => {
    await chain.mustDeliver(alice, [send(alice.address, policy, 100n)]);
    const next =
      responseOf(
        await chain.mustDeliver(alice, [submit(policy, [alice.address], [send(policy, dave.address, 1n)])]),
        tx.MsgSubmitProposalResponse,
      ).proposalId + 1n;
    const id = await passed([send(policy, dave.address, 10n), execMsg(next, policy)]);
    expect(id).toBe(next);
    const before = chain.balance(dave.address);
    const res = await chain.mustDeliver(carol, [execMsg(id, carol.address)]);
    expect(responseOf(res, tx.MsgExecResponse).result).toBe(ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_FAILURE);
    expect(chain.balance(dave.address)).toBe(before);
  });
});
