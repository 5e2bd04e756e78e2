import { expect } from "vitest";
import { Params, ProposalStatus, type Proposal } from "cosmjs-types/cosmos/gov/v1/gov";
import { QuerySupplyOfRequest, QuerySupplyOfResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgDeposit, MsgUpdateParams, MsgVoteWeighted } from "cosmjs-types/cosmos/gov/v1/tx";
import { binaryToJson } from "../../../src/codec/proto-json";
import { moduleAddress } from "../../../src/types/address";
import { govAuthority } from "../../../src/types/authority";
import { devGovParams } from "../../../src/modules/gov";
import type { ProtoCoin } from "../../../src/types/coins";
import { DENOM, TestChain, pack, type DeliverResult } from "../../helpers/chain";

export const GOV_ADDRESS = moduleAddress("gov");
export const MIN_DEPOSIT = 10_000_000n;
export const EXPEDITED_MIN_DEPOSIT = 50_000_000n;
export const FEE = 5000n;

/** A chain whose gov params are the dev ones (deposit 60 s, voting 30 s, expedited 15 s), then `tweak`ed. */
export async function govChain(tweak: Partial<Params> = {}): Promise<TestChain> {
  const params = { ...devGovParams(DENOM), ...tweak };
  return TestChain.create({
    mutateGenesis: (s) => {
      s.gov.params = binaryToJson("cosmos.gov.v1.Params", Params.encode(params).finish());
    },
  });
}

export function expectGovError(res: DeliverResult, code: number): void {
  expectError(res, "gov", code);
}

export function expectError(res: DeliverResult, codespace: string, code: number): void {
  expect({ codespace: res.codespace, code: res.code, log: res.log }).toMatchObject({ codespace, code });
}

export const coins = (amount: bigint, denom = DENOM): ProtoCoin[] => [{ denom, amount: amount.toString() }];

export function supply(chain: TestChain, denom = DENOM): bigint {
  return BigInt(chain.query("/cosmos.bank.v1beta1.Query/SupplyOf", QuerySupplyOfRequest, { denom }, QuerySupplyOfResponse).amount!.amount);
}

export const msgs = {
  send: (from: string, to: string, amount: bigint) =>
    pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, { fromAddress: from, toAddress: to, amount: coins(amount) }),
  deposit: (depositor: string, proposalId: bigint, amount: ProtoCoin[]) =>
    pack("/cosmos.gov.v1.MsgDeposit", MsgDeposit, { proposalId, depositor, amount }),
  voteWeighted: (voter: string, proposalId: bigint, options: Array<{ option: number; weight: string }>) =>
    pack("/cosmos.gov.v1.MsgVoteWeighted", MsgVoteWeighted, { proposalId, voter, options, metadata: "" }),
  updateParams: (params: Params, authority = govAuthority()) =>
    pack("/cosmos.gov.v1.MsgUpdateParams", MsgUpdateParams, { authority, params }),
};

export function expectStatus(p: Proposal | undefined, status: ProposalStatus): void {
  expect(p && { status: p.status, failedReason: p.failedReason }).toMatchObject({ status });
}
