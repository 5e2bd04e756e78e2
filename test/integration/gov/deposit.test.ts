import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProposalStatus } from "cosmjs-types/cosmos/gov/v1/gov";
import { QueryDepositsRequest, QueryDepositsResponse } from "cosmjs-types/cosmos/gov/v1/query";
import { TestChain, testKey } from "../../helpers/chain";
import { endVotingPeriod, getProposal, passProposal, proposalIdOf, submitMsg } from "../../helpers/gov";
import { FEE, MIN_DEPOSIT, coins, expectError, expectGovError, expectStatus, govChain, msgs, supply } from "./setup";

const alice = testKey("alice");
const bob = testKey("bob");

async function openWithDeposit(chain: TestChain, amount: bigint): Promise<bigint> {
  return proposalIdOf(await chain.mustDeliver(alice, [submitMsg(alice.address, [], coins(amount), { metadata: "text" })]));
}

async function passDepositEnd(chain: TestChain, proposalId: bigint): Promise<void> {
  const end = getProposal(chain, proposalId)!.depositEndTime!;
  chain.setNextBlockTime({ seconds: end.seconds + 1n, nanos: 0 });
  await chain.produceBlocks(1);
}

describe("gov: deposits", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await govChain();
  });
  afterAll(async () => chain.close());

  it("a later MsgDeposit that reaches the minimum opens the voting period", async () => {
    const id = await openWithDeposit(chain, 4_000_000n);
    expect(getProposal(chain, id)!.status).toBe(ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD);
    await chain.mustDeliver(bob, [msgs.deposit(bob.address, id, coins(3_000_000n))]);
    expect(getProposal(chain, id)!.status).toBe(ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD);
    const res = await chain.mustDeliver(bob, [msgs.deposit(bob.address, id, coins(3_000_000n))]);
    expect(res.events.some((e) => e.type === "proposal_deposit" && e.attributes.some((a) => a.key === "voting_period_start"))).toBe(true);
    const p = getProposal(chain, id)!;
    expect(p.status).toBe(ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD);
    expect(p.totalDeposit).toEqual(coins(MIN_DEPOSIT));
    const deposits = chain.query("/cosmos.gov.v1.Query/Deposits", QueryDepositsRequest, { proposalId: id }, QueryDepositsResponse).deposits;
    expect(deposits.map((d) => [d.depositor, d.amount[0].amount]).sort()).toEqual(
      [
        [alice.address, "4000000"],
        [bob.address, "6000000"],
      ].sort(),
    );
    // Deposits are still taken during the voting period.
    await chain.mustDeliver(bob, [msgs.deposit(bob.address, id, coins(100_000n))]);
    expect(getProposal(chain, id)!.totalDeposit).toEqual(coins(MIN_DEPOSIT + 100_000n));
    expectStatus(await endVotingPeriod(chain, id), ProposalStatus.PROPOSAL_STATUS_REJECTED);
  });

  it("when the deposit period ends short of the minimum the proposal is deleted and deposits refunded", async () => {
    const aliceBefore = chain.balance(alice.address);
    const bobBefore = chain.balance(bob.address);
    const id = await openWithDeposit(chain, 1_000_000n);
    await chain.mustDeliver(bob, [msgs.deposit(bob.address, id, coins(2_000_000n))]);
    await passDepositEnd(chain, id);
    expect(getProposal(chain, id)).toBeUndefined();
    expect(chain.balance(alice.address)).toBe(aliceBefore - FEE);
    expect(chain.balance(bob.address)).toBe(bobBefore - FEE);
  });

  it("refuses deposits to unknown (gov 2) or finished (gov 3) proposals, small ones (gov 16), other denoms (gov 23), none (sdk 10), unaffordable ones (sdk 5)", async () => {
    expectGovError(await chain.deliver(bob, [msgs.deposit(bob.address, 999n, coins(MIN_DEPOSIT))]), 2);
    const finished = await openWithDeposit(chain, MIN_DEPOSIT);
    expectStatus(await endVotingPeriod(chain, finished), ProposalStatus.PROPOSAL_STATUS_REJECTED);
    expectGovError(await chain.deliver(bob, [msgs.deposit(bob.address, finished, coins(MIN_DEPOSIT))]), 3);
    const open = await openWithDeposit(chain, 1_000_000n);
    expectGovError(await chain.deliver(bob, [msgs.deposit(bob.address, open, coins(99_999n))]), 16);
    expectGovError(await chain.deliver(bob, [msgs.deposit(bob.address, open, [{ denom: "uother", amount: "1000000" }])]), 23);
    expectError(await chain.deliver(bob, [msgs.deposit(bob.address, open, [])]), "sdk", 10);
    expectError(await chain.deliver(bob, [msgs.deposit(bob.address, open, coins(10n ** 15n))]), "sdk", 5);
  });
});

describe("gov: burn_proposal_deposit_prevote", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await govChain({ burnProposalDepositPrevote: true, burnVoteQuorum: true });
  });
  afterAll(async () => chain.close());

  it("burns the deposits of a proposal whose deposit period expires", async () => {
    const aliceBefore = chain.balance(alice.address);
    const id = await openWithDeposit(chain, 1_000_000n);
    const supplyBefore = supply(chain);
    await passDepositEnd(chain, id);
    expect(getProposal(chain, id)).toBeUndefined();
    expect(chain.balance(alice.address)).toBe(aliceBefore - FEE - 1_000_000n);
    expect(supply(chain)).toBe(supplyBefore - 1_000_000n);
  });

  it("burns the deposit of a proposal that misses quorum (burn_vote_quorum), but refunds a passed one", async () => {
    const aliceBefore = chain.balance(alice.address);
    const id = await openWithDeposit(chain, MIN_DEPOSIT);
    const supplyBefore = supply(chain);
    expectStatus(await endVotingPeriod(chain, id), ProposalStatus.PROPOSAL_STATUS_REJECTED);
    expect(chain.balance(alice.address)).toBe(aliceBefore - FEE - MIN_DEPOSIT);
    expect(supply(chain)).toBe(supplyBefore - MIN_DEPOSIT);

    const before = chain.balance(alice.address);
    const passed = await passProposal(chain, [], { metadata: "text" });
    expect(passed.status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
    expect(chain.balance(alice.address)).toBe(before - FEE);
  });
});
