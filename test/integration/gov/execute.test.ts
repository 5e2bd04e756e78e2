import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProposalStatus } from "cosmjs-types/cosmos/gov/v1/gov";
import { QueryDepositsRequest, QueryDepositsResponse, QueryVotesRequest, QueryVotesResponse } from "cosmjs-types/cosmos/gov/v1/query";
import { QuerySendEnabledRequest, QuerySendEnabledResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { MsgSetSendEnabled } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { govAuthority } from "../../../src/types/authority";
import { TestChain, pack, testKey } from "../../helpers/chain";
import { govParams, passProposal } from "../../helpers/gov";
import { FEE, GOV_ADDRESS, govChain, msgs } from "./setup";

describe("gov: a passed proposal executes its messages as the governance account", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");

  beforeAll(async () => {
    chain = await govChain();
    await chain.mustDeliver(alice, [msgs.send(alice.address, GOV_ADDRESS, 1_000_000n)]);
  });
  afterAll(async () => chain.close());

  it("runs a bank send from the gov account, gov's params update and bank's send-enabled update, refunds the deposit and clears votes", async () => {
    const bobBefore = chain.balance(bob.address);
    const aliceBefore = chain.balance(alice.address);
    const govBefore = chain.balance(GOV_ADDRESS);
    const newParams = { ...govParams(chain), quorum: "0.400000000000000000" };
    const bankUpdate = pack("/cosmos.bank.v1beta1.MsgSetSendEnabled", MsgSetSendEnabled, {
      authority: govAuthority(),
      sendEnabled: [{ denom: "ufrozen", enabled: false }],
      useDefaultFor: [],
    });

    const p = await passProposal(chain, [msgs.send(GOV_ADDRESS, bob.address, 250_000n), msgs.updateParams(newParams), bankUpdate]);

    expect(p.status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
    expect(p.failedReason).toBe("");
    expect(BigInt(p.finalTallyResult!.yesCount)).toBeGreaterThan(0n);
    expect(chain.balance(bob.address)).toBe(bobBefore + 250_000n);
    expect(chain.balance(GOV_ADDRESS)).toBe(govBefore - 250_000n);
    expect(govParams(chain).quorum).toBe("0.400000000000000000");
    const sendEnabled = chain.query(
      "/cosmos.bank.v1beta1.Query/SendEnabled",
      QuerySendEnabledRequest,
      QuerySendEnabledRequest.fromPartial({ denoms: ["ufrozen"] }),
      QuerySendEnabledResponse,
    );
    expect(sendEnabled.sendEnabled).toEqual([{ denom: "ufrozen", enabled: false }]);
    // Only the submit fee is gone: the deposit came back.
    expect(chain.balance(alice.address)).toBe(aliceBefore - FEE);
    const deposits = chain.query("/cosmos.gov.v1.Query/Deposits", QueryDepositsRequest, { proposalId: p.id }, QueryDepositsResponse);
    expect(deposits.deposits).toEqual([]);
    const votes = chain.query("/cosmos.gov.v1.Query/Votes", QueryVotesRequest, { proposalId: p.id }, QueryVotesResponse);
    expect(votes.votes).toEqual([]);
  });

  it("records a failing message as FAILED with its reason and changes nothing else", async () => {
    const before = govParams(chain);
    const govBefore = chain.balance(GOV_ADDRESS);
    const bobBefore = chain.balance(bob.address);
    const aliceBefore = chain.balance(alice.address);

    const p = await passProposal(chain, [
      msgs.updateParams({ ...before, threshold: "0.600000000000000000" }),
      msgs.send(GOV_ADDRESS, bob.address, 10n ** 15n),
    ]);

    expect(p.status).toBe(ProposalStatus.PROPOSAL_STATUS_FAILED);
    expect(p.failedReason).toContain("insufficient funds");
    expect(govParams(chain)).toEqual(before);
    expect(chain.balance(GOV_ADDRESS)).toBe(govBefore);
    expect(chain.balance(bob.address)).toBe(bobBefore);
    // A proposal that passed the vote gets its deposit back even when execution fails.
    expect(chain.balance(alice.address)).toBe(aliceBefore - FEE);
  });

  it("validates carried parameters only at execution, as the SDK does", async () => {
    const before = govParams(chain);
    const p = await passProposal(chain, [msgs.updateParams({ ...before, threshold: "1.500000000000000000" })]);
    expect(p.status).toBe(ProposalStatus.PROPOSAL_STATUS_FAILED);
    expect(p.failedReason).toContain("vote threshold too large");
    expect(govParams(chain)).toEqual(before);
  });

  it("passes a text proposal (metadata, no messages) with no effect", async () => {
    const aliceBefore = chain.balance(alice.address);
    const p = await passProposal(chain, [], { metadata: "ipfs://proposal-text" });
    expect(p.status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
    expect(chain.balance(alice.address)).toBe(aliceBefore - FEE);
  });
});
