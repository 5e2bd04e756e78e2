import * as tx from "cosmjs-types/cosmos/group/v1/tx";
import { ProposalExecutorResult } from "cosmjs-types/cosmos/group/v1/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { govAuthority } from "../../src/types/authority";
import { MAX_MSG_DEPTH } from "../../src/types/context";
import type { AnyMsg } from "../../src/types/codec";
import { TestChain, testKey } from "../helpers/chain";
import { exec as authzExec, send } from "../integration/authz/setup";
import { execMsg, members, proposal, responseOf, setupPolicy, submit, thresholdPolicy, vote } from "../integration/group/setup";

/**
 * Finding 4: messages executing messages (group MsgExec of a proposal whose message executes
 * another proposal, authz MsgExec, gov) recursed without a bound until V8's stack overflowed,
 * at a depth that depends on the process. The router now refuses a message nested deeper than
 * MAX_MSG_DEPTH, for every module alike.
 */
describe("security: bounded nesting of messages executing messages", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const carol = testKey("carol");
  let policy: string;

  beforeAll(async () => {
    chain = await TestChain.create();
    policy = (await setupPolicy(chain, alice, members([alice.address, "1"]), thresholdPolicy("1"), 1_000_000n)).groupPolicyAddress;
  });
  afterAll(async () => chain.close());

  /**
   * `count` accepted proposals of the policy, each executing the next; the last one runs
   * `innermost`. Returns their ids, outermost first. Signed by alice (the one member),
   * many proposals per tx.
   */
  async function proposalChain(count: number, innermost: AnyMsg[]): Promise<bigint[]> {
    const first = responseOf(
      await chain.mustDeliver(alice, [submit(policy, [alice.address], innermost)]),
      tx.MsgSubmitProposalResponse,
    ).proposalId;
    await chain.mustDeliver(alice, [vote(first, alice.address)]);
    const ids = [first];
    const perTx = 40;
    while (ids.length < count) {
      const msgs: AnyMsg[] = [];
      for (let i = 0; i < perTx && ids.length < count; i++) {
        const next = ids[ids.length - 1] + 1n;
        msgs.push(submit(policy, [alice.address], [execMsg(ids[ids.length - 1], policy)]), vote(next, alice.address));
        ids.push(next);
      }
      await chain.mustDeliver(alice, msgs, { gasLimit: 100_000_000n });
    }
    return ids.reverse();
  }

  it(`runs a group proposal chain whose innermost message is ${MAX_MSG_DEPTH} levels deep`, async () => {
    const ids = await proposalChain(MAX_MSG_DEPTH, [send(policy, carol.address, 7n)]);
    const before = chain.balance(carol.address);
    await chain.mustDeliver(alice, [execMsg(ids[0], alice.address)], { gasLimit: 10_000_000n });
    expect(chain.balance(carol.address)).toBe(before + 7n);
    for (const id of ids) expect(proposal(chain, id)).toBeUndefined(); // executed with success: pruned
  });

  it("refuses the innermost proposal one level deeper: it records the failure, nothing is sent", async () => {
    const ids = await proposalChain(MAX_MSG_DEPTH + 1, [send(policy, carol.address, 7n)]);
    const before = chain.balance(carol.address);
    const res = await chain.mustDeliver(alice, [execMsg(ids[0], alice.address)], { gasLimit: 10_000_000n });
    expect(chain.balance(carol.address)).toBe(before);
    expect(JSON.stringify(res.events)).toContain("nested deeper than");
    const innermost = proposal(chain, ids[ids.length - 1])!;
    expect(innermost.executorResult).toBe(ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_FAILURE);
  });

  it("a chain of hundreds of proposals ends at the limit with an error, not a stack overflow", async () => {
    const ids = await proposalChain(400, [send(policy, carol.address, 7n)]);
    const before = chain.balance(carol.address);
    const res = await chain.deliver(alice, [execMsg(ids[0], alice.address)], { gasLimit: 100_000_000n });
    expect(res.code, res.log).toBe(0);
    expect(chain.balance(carol.address)).toBe(before);
    // The proposal whose messages would run one level too deep failed; those past it never ran.
    const refused = proposal(chain, ids[MAX_MSG_DEPTH])!;
    expect(refused.executorResult).toBe(ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_FAILURE);
    expect(proposal(chain, ids[MAX_MSG_DEPTH + 1])!.executorResult).toBe(ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_NOT_RUN);
  });

  it("counts levels across modules: authz MsgExec inside a group proposal is bounded by the same limit", async () => {
    // The policy executes its own MsgSend through authz MsgExec (a grantee running its own
    // message needs no grant): the proposal's message is level 1, each MsgExec one more.
    const wrap = (levels: number): AnyMsg => {
      let msg = send(policy, carol.address, 3n);
      for (let i = 0; i < levels; i++) msg = authzExec(policy, [msg]);
      return msg;
    };
    const within = await proposalChain(1, [wrap(MAX_MSG_DEPTH - 1)]);
    const before = chain.balance(carol.address);
    await chain.mustDeliver(alice, [execMsg(within[0], alice.address)], { gasLimit: 10_000_000n });
    expect(chain.balance(carol.address)).toBe(before + 3n);

    // authz alone allows MAX_MSG_DEPTH nested MsgExecs; inside a proposal that is one level too many.
    const beyond = await proposalChain(1, [wrap(MAX_MSG_DEPTH)]);
    await chain.mustDeliver(alice, [execMsg(beyond[0], alice.address)], { gasLimit: 10_000_000n });
    expect(chain.balance(carol.address)).toBe(before + 3n);
    expect(proposal(chain, beyond[0])!.executorResult).toBe(ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_FAILURE);
  });

  it("counts levels from a governance proposal's messages too", async () => {
    // A passed proposal's messages run at level 1: MAX_MSG_DEPTH MsgExecs put the send one level too deep.
    const gov = govAuthority();
    let msg = send(gov, carol.address, 1n);
    for (let i = 0; i < MAX_MSG_DEPTH; i++) msg = authzExec(gov, [msg]);
    const res = await chain.govExec([msg]);
    expect(res.code).not.toBe(0);
    expect(res.log).toContain("nested deeper");
  });

  it("authz MsgExec nested to the limit runs; one deeper is refused", async () => {
    const nested = (depth: number): AnyMsg => {
      let msg = send(alice.address, carol.address, 1n);
      for (let i = 0; i < depth; i++) msg = authzExec(alice.address, [msg]);
      return msg;
    };
    const before = chain.balance(carol.address);
    await chain.mustDeliver(alice, [nested(MAX_MSG_DEPTH)]);
    expect(chain.balance(carol.address)).toBe(before + 1n);
    const tooDeep = await chain.deliver(alice, [nested(MAX_MSG_DEPTH + 1)]);
    expect([tooDeep.codespace, tooDeep.code]).toEqual(["sdk", 18]);
    expect(tooDeep.log).toContain("nested deeper");
  });
});
