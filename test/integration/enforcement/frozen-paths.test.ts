import { MsgMultiSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { MsgDeposit } from "cosmjs-types/cosmos/gov/v1/tx";
import * as groupTx from "cosmjs-types/cosmos/group/v1/tx";
import { ProposalExecutorResult } from "cosmjs-types/cosmos/group/v1/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as ptx from "../../../src/gen/blockchain/paymsg/v1/tx";
import * as stx from "../../../src/gen/blockchain/stablecoin/v1/tx";
import { govAuthority } from "../../../src/types/authority";
import type { AnyMsg } from "../../../src/types/codec";
import { DENOM, pack, type DeliverResult, type TestChain } from "../../helpers/chain";
import { govParams, proposalIdOf, submitMsg } from "../../helpers/gov";
import { exec, grant, sendAuthorization } from "../authz/setup";
import { basic, freeMsg, grantAllowance } from "../feegrant/setup";
import { execMsg, members, setupPolicy, submit, thresholdPolicy, vote as groupVote } from "../group/setup";
import { delegateMsg, operatorOf } from "../staking/setup";
import { caseIdOf, enforcementChain, expectEnforcementError, freezeStatus, keys, msg, send, validator } from "./setup";

// The frozen account F (keys.target) and, for group execution, a group policy account P. Every
// coin path of the freeze table (docs/modules/enforcement.md) is refused while they are frozen and works again after release.

const F = keys.target;
const FEE = [{ denom: DENOM, amount: "2000" }];
const EUR = "ueurf";

interface Path {
  name: string;
  /** Delivers the path's tx; returns the result the freeze shows in (tx result or CheckTx). */
  run(chain: TestChain): Promise<DeliverResult>;
  /** After a run that succeeded: the coins really moved (checked after release). */
  moved?(chain: TestChain, before: bigint): void;
}

let policy = "";
let paymentSeq = 0;

const paths: Path[] = [
  { name: "bank send", run: (c) => c.deliver(F, [send(F.address, keys.other.address)]) },
  {
    name: "multi-send",
    run: (c) =>
      c.deliver(F, [
        pack("/cosmos.bank.v1beta1.MsgMultiSend", MsgMultiSend, {
          inputs: [{ address: F.address, coins: [{ denom: DENOM, amount: "300" }] }],
          outputs: [
            { address: keys.other.address, coins: [{ denom: DENOM, amount: "100" }] },
            { address: keys.alice.address, coins: [{ denom: DENOM, amount: "200" }] },
          ],
        }),
      ]),
  },
  { name: "authz exec", run: (c) => c.deliver(keys.grantee, [exec(keys.grantee.address, [send(F.address, keys.other.address)])]) },
  { name: "paymsg payment", run: (c) => c.deliver(F, [paymentMsg()]) },
  {
    name: "stablecoin burn",
    run: (c) =>
      c.deliver(F, [pack("/blockchain.stablecoin.v1.MsgBurnCoin", stx.MsgBurnCoin, { issuer: F.address, denom: EUR, amount: "10" })]),
  },
  {
    name: "fee grant paying for another's tx",
    run: (c) => c.deliver(keys.grantee, [freeMsg(keys.grantee.address, keys.mallory.address)], { fee: FEE, feeGranter: F.address }),
  },
  { name: "own fee", run: (c) => c.deliver(F, [freeMsg(F.address, keys.mallory.address)], { fee: FEE }) },
  {
    name: "gov deposit",
    run: (c) =>
      c.deliver(F, [
        pack("/cosmos.gov.v1.MsgDeposit", MsgDeposit, {
          proposalId: govProposal,
          depositor: F.address,
          amount: [{ denom: DENOM, amount: "200000" }],
        }),
      ]),
  },
  { name: "staking delegation", run: (c) => c.deliver(F, [delegateMsg(F, operatorOf(validator()), "1000")]) },
];

let govProposal = 0n;

function paymentMsg(): AnyMsg {
  paymentSeq += 1;
  return pack(
    "/blockchain.paymsg.v1.MsgSendPayment",
    ptx.MsgSendPayment,
    ptx.MsgSendPayment.fromPartial({
      debtor: F.address,
      endToEndId: `E2E-${paymentSeq}`,
      instructingParticipant: keys.alice.address,
      instructedParticipant: keys.other.address,
      creditor: keys.mallory.address,
      denom: DENOM,
      amount: "1000",
      metadataHash: new Uint8Array(32).fill(7),
      settlementJurisdiction: "DE",
    }),
  );
}

async function groupExecOfPolicy(chain: TestChain): Promise<ProposalExecutorResult> {
  const sub = await chain.mustDeliver(keys.alice, [submit(policy, [keys.alice.address], [send(policy, keys.other.address, "500")])]);
  const id = groupTx.MsgSubmitProposalResponse.decode(TxMsgData.decode(sub.data).msgResponses[0].value).proposalId;
  await chain.mustDeliver(keys.alice, [groupVote(id, keys.alice.address)]);
  const res = await chain.mustDeliver(keys.alice, [execMsg(id, keys.alice.address)]);
  return groupTx.MsgExecResponse.decode(TxMsgData.decode(res.data).msgResponses[0].value).result;
}

describe("a frozen account moves no coins by any path; release restores every path", () => {
  let chain: TestChain;
  const caseIds: bigint[] = [];

  beforeAll(async () => {
    chain = await enforcementChain();
    // authz: F lets the grantee send for it. fee grant: F pays the grantee's fees.
    await chain.mustDeliver(F, [
      grant(F.address, keys.grantee.address, sendAuthorization(1_000_000n)),
      grantAllowance(F.address, keys.grantee.address, basic()),
    ]);
    // paymsg: alice and other are approved participants; F is alice's customer, mallory other's.
    const P = "/blockchain.paymsg.v1.";
    await chain.mustDeliver(keys.alice, [
      pack(P + "MsgApplyParticipant", ptx.MsgApplyParticipant, { creator: keys.alice.address, code: "BANKADEFF", name: "Bank A" }),
    ]);
    await chain.mustDeliver(keys.other, [
      pack(P + "MsgApplyParticipant", ptx.MsgApplyParticipant, { creator: keys.other.address, code: "BANKBFRPP", name: "Bank B" }),
    ]);
    expect(
      (
        await chain.govExec([
          pack(P + "MsgApproveParticipant", ptx.MsgApproveParticipant, {
            authority: govAuthority(),
            participant: keys.alice.address,
            approve: true,
          }),
          pack(P + "MsgApproveParticipant", ptx.MsgApproveParticipant, {
            authority: govAuthority(),
            participant: keys.other.address,
            approve: true,
          }),
        ])
      ).log,
    ).toBe("");
    await chain.mustDeliver(keys.alice, [
      pack(P + "MsgRegisterCustomer", ptx.MsgRegisterCustomer, { participant: keys.alice.address, customer: F.address, registered: true }),
    ]);
    await chain.mustDeliver(keys.other, [
      pack(P + "MsgRegisterCustomer", ptx.MsgRegisterCustomer, {
        participant: keys.other.address,
        customer: keys.mallory.address,
        registered: true,
      }),
    ]);
    // stablecoin: F is the approved issuer of ueurf and holds some.
    const S = "/blockchain.stablecoin.v1.";
    await chain.mustDeliver(F, [
      pack(
        S + "MsgRegisterCurrency",
        stx.MsgRegisterCurrency,
        stx.MsgRegisterCurrency.fromPartial({
          creator: F.address,
          denom: EUR,
          displayDenom: "eurf",
          exponent: 6n,
          name: "Euro F",
          symbol: "EURF",
          description: "test",
        }),
      ),
    ]);
    expect(
      (await chain.govExec([pack(S + "MsgApproveIssuer", stx.MsgApproveIssuer, { authority: govAuthority(), denom: EUR, approve: true })]))
        .log,
    ).toBe("");
    await chain.mustDeliver(F, [
      pack(S + "MsgMintCoin", stx.MsgMintCoin, { issuer: F.address, denom: EUR, amount: "1000", recipient: F.address }),
    ]);
    // gov: a proposal in its deposit period.
    const res = await chain.mustDeliver(keys.alice, [
      submitMsg(keys.alice.address, [], govParams(chain).minDeposit, { title: "t", summary: "s", metadata: "ipfs://m" }),
    ]);
    govProposal = proposalIdOf(res);
    expect(govParams(chain).minDeposit.length).toBeGreaterThan(0);
    // group: a one-member policy funded with coins.
    policy = (await setupPolicy(chain, keys.alice, members([keys.alice.address, "1"]), thresholdPolicy("1", 3600n, 0n), 100_000n))
      .groupPolicyAddress;

    // Freeze F and the policy account.
    for (const target of [F.address, policy]) {
      caseIds.push(caseIdOf(await chain.mustDeliver(validator(), [msg.open(validator().address, target)])));
    }
    expect(freezeStatus(chain, F.address).frozen).toBe(true);
    expect(freezeStatus(chain, policy).frozen).toBe(true);
  });
  afterAll(async () => chain.close());

  it.each(paths.map((p) => [p.name, p] as const))("%s is refused with ErrFrozen while frozen", async (_name, path) => {
    const before = chain.balance(F.address);
    expectEnforcementError(await path.run(chain), 1107);
    expect(chain.balance(F.address)).toBe(before);
  });

  it("group policy execution from a frozen policy account fails and moves nothing", async () => {
    const before = chain.balance(policy);
    expect(await groupExecOfPolicy(chain)).toBe(ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_FAILURE);
    expect(chain.balance(policy)).toBe(before);
  });

  it("a frozen account can still submit a defence tx whose fee a free account grants", async () => {
    await chain.mustDeliver(keys.other, [grantAllowance(keys.other.address, F.address, basic())]);
    const before = chain.balance(keys.other.address);
    await chain.mustDeliver(F, [freeMsg(F.address, keys.alice.address)], { fee: FEE, feeGranter: keys.other.address });
    expect(chain.balance(keys.other.address)).toBe(before - 2000n);
  });

  it("after release every path works again", async () => {
    for (const id of caseIds) await chain.mustDeliver(validator(), [msg.withdraw(validator().address, id)]);
    expect(freezeStatus(chain, F.address).frozen).toBe(false);
    for (const p of paths) {
      const res = await p.run(chain);
      expect({ path: p.name, code: res.code, log: res.log }).toMatchObject({ path: p.name, code: 0 });
    }
    const before = chain.balance(policy);
    expect(await groupExecOfPolicy(chain)).toBe(ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_SUCCESS);
    expect(chain.balance(policy)).toBe(before - 500n);
  });
});
