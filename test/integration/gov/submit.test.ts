import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProposalStatus } from "cosmjs-types/cosmos/gov/v1/gov";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { govAuthority } from "../../../src/types/authority";
import { DENOM, TestChain, pack, testKey } from "../../helpers/chain";
import { getProposal, govParams, proposalIdOf, submitMsg } from "../../helpers/gov";
import { GOV_ADDRESS, MIN_DEPOSIT, coins, expectError, expectGovError, govChain, msgs } from "./setup";

describe("gov: MsgSubmitProposal", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const deposit = coins(MIN_DEPOSIT);
  const fromGov = () => msgs.send(GOV_ADDRESS, bob.address, 1n);

  beforeAll(async () => {
    chain = await govChain();
  });
  afterAll(async () => chain.close());

  it("opens the voting period at once with the minimum deposit and records the proposal", async () => {
    const before = chain.balance(alice.address);
    const res = await chain.mustDeliver(alice, [
      submitMsg(alice.address, [fromGov()], deposit, {
        metadata: '{"title":"test proposal","summary":"executes its messages as the governance account"}',
      }),
    ]);
    const p = getProposal(chain, proposalIdOf(res))!;
    expect(p.status).toBe(ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD);
    expect(p.proposer).toBe(alice.address);
    expect(p.totalDeposit).toEqual(deposit);
    expect(p.messages).toHaveLength(1);
    expect(p.votingEndTime!.seconds - p.votingStartTime!.seconds).toBe(30n);
    expect(p.depositEndTime!.seconds - p.submitTime!.seconds).toBe(60n);
    expect(chain.balance(alice.address)).toBe(before - MIN_DEPOSIT - 5000n);
    expect(chain.balance(GOV_ADDRESS)).toBeGreaterThanOrEqual(MIN_DEPOSIT);
    expect(res.events.some((e) => e.type === "submit_proposal" && e.attributes.some((a) => a.key === "voting_period_start"))).toBe(true);
  });

  it("refuses a message whose signer is not the gov account (gov 13)", async () => {
    const aliceSend = pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
      fromAddress: alice.address,
      toAddress: bob.address,
      amount: coins(1n),
    });
    expectGovError(await chain.deliver(alice, [submitMsg(alice.address, [aliceSend], deposit)]), 13);
    expectGovError(await chain.deliver(alice, [submitMsg(alice.address, [fromGov(), aliceSend], deposit)]), 13);
  });

  it("refuses a message no module routes (gov 10)", async () => {
    const unknown = { typeUrl: "/cosmos.nothing.v1.MsgNothing", value: new Uint8Array() };
    expectGovError(await chain.deliver(alice, [submitMsg(alice.address, [unknown], deposit)]), 10);
  });

  it("refuses a message that fails its own stateless checks with that message's error; undecodable bytes are gov 12", async () => {
    const bad = pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, { fromAddress: GOV_ADDRESS, toAddress: "not-an-address", amount: coins(1n) });
    const refused = await chain.deliver(alice, [submitMsg(alice.address, [bad], deposit)]);
    expect({ codespace: refused.codespace, code: refused.code }).toEqual({ codespace: "sdk", code: 7 });
    expect(refused.log).toMatch(/^invalid to address: /);
    const garbage = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: Uint8Array.of(0xff, 0xff, 0xff) };
    expectGovError(await chain.deliver(alice, [submitMsg(alice.address, [garbage], deposit)]), 12);
  });

  it("refuses a proposal with neither messages nor metadata (gov 11)", async () => {
    expectGovError(await chain.deliver(alice, [submitMsg(alice.address, [], deposit)]), 11);
  });

  it("refuses an empty title or summary, or metadata naming another title or summary (gov 5)", async () => {
    expectGovError(await chain.deliver(alice, [submitMsg(alice.address, [fromGov()], deposit, { title: "" })]), 5);
    expectGovError(await chain.deliver(alice, [submitMsg(alice.address, [fromGov()], deposit, { summary: "" })]), 5);
    expectGovError(
      await chain.deliver(alice, [
        submitMsg(alice.address, [fromGov()], deposit, {
          metadata: '{"title":"other","summary":"executes its messages as the governance account"}',
        }),
      ]),
      5,
    );
    expectGovError(
      await chain.deliver(alice, [
        submitMsg(alice.address, [fromGov()], deposit, { metadata: '{"title":"test proposal","summary":"other"}' }),
      ]),
      5,
    );
  });

  it("refuses metadata or a title over 255 bytes (gov 15) and a summary over 10200 bytes (gov 22)", async () => {
    expectGovError(await chain.deliver(alice, [submitMsg(alice.address, [fromGov()], deposit, { metadata: "m".repeat(256) })]), 15);
    expectGovError(await chain.deliver(alice, [submitMsg(alice.address, [fromGov()], deposit, { title: "t".repeat(256) })]), 15);
    expectGovError(await chain.deliver(alice, [submitMsg(alice.address, [fromGov()], deposit, { summary: "s".repeat(10201) })]), 22);
    const ok = await chain.deliver(alice, [submitMsg(alice.address, [fromGov()], deposit, { metadata: "m".repeat(255) })]);
    expect(ok.code).toBe(0);
  });

  it("refuses deposits in a denom gov does not accept (gov 23) and malformed coins (sdk 10)", async () => {
    expectGovError(await chain.deliver(alice, [submitMsg(alice.address, [fromGov()], [{ denom: "uother", amount: "10" }])]), 23);
    expectError(await chain.deliver(alice, [submitMsg(alice.address, [fromGov()], [{ denom: DENOM, amount: "0" }])]), "sdk", 10);
  });

  it("refuses a deposit below min_deposit_ratio of the minimum (gov 16), an empty one included", async () => {
    // 1% of 10_000_000 is 100_000.
    expectGovError(await chain.deliver(alice, [submitMsg(alice.address, [fromGov()], coins(99_999n))]), 16);
    expectGovError(await chain.deliver(alice, [submitMsg(alice.address, [fromGov()], [])]), 16);
    const ok = await chain.deliver(alice, [submitMsg(alice.address, [fromGov()], coins(100_000n))]);
    expect(ok.code).toBe(0);
    expect(getProposal(chain, proposalIdOf(ok))!.status).toBe(ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD);
  });

  it("refuses MsgUpdateParams signed by anyone but governance (gov 13)", async () => {
    expectGovError(await chain.deliver(alice, [msgs.updateParams(govParams(chain), alice.address)]), 13);
  });

  it("refuses invalid params even from governance (sdk 18)", async () => {
    const res = await chain.govExec([msgs.updateParams({ ...govParams(chain), quorum: "1.5" })]);
    expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 18 });
    const ok = await chain.govExec([msgs.updateParams({ ...govParams(chain), quorum: "0.5" })]);
    expect(ok.code).toBe(0);
    expect(govParams(chain).quorum).toBe("0.5");
    expect(govAuthority()).toBe(GOV_ADDRESS);
  });
});

describe("gov: min_initial_deposit_ratio and expedited proposals", () => {
  let chain: TestChain;
  const alice = testKey("alice");

  beforeAll(async () => {
    chain = await govChain({ minInitialDepositRatio: "0.500000000000000000" });
  });
  afterAll(async () => chain.close());

  it("refuses an initial deposit below the ratio of the (expedited) minimum (gov 16)", async () => {
    expectGovError(await chain.deliver(alice, [submitMsg(alice.address, [], coins(4_999_999n), { metadata: "text" })]), 16);
    expect((await chain.deliver(alice, [submitMsg(alice.address, [], coins(5_000_000n), { metadata: "text" })])).code).toBe(0);
    // Expedited: half of 50_000_000.
    expectGovError(
      await chain.deliver(alice, [submitMsg(alice.address, [], coins(24_999_999n), { metadata: "text", expedited: true })]),
      16,
    );
    const res = await chain.deliver(alice, [submitMsg(alice.address, [], coins(50_000_000n), { metadata: "text", expedited: true })]);
    expect(res.code).toBe(0);
    const p = getProposal(chain, proposalIdOf(res))!;
    expect(p.expedited).toBe(true);
    expect(p.status).toBe(ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD);
    expect(p.votingEndTime!.seconds - p.votingStartTime!.seconds).toBe(15n);
  });
});
