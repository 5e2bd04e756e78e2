import { expect } from "vitest";
import * as tx from "../../../src/gen/blockchain/paymsg/v1/tx";
import * as q from "../../../src/gen/blockchain/paymsg/v1/query";
import { govAuthority } from "../../../src/types/authority";
import type { Secp256k1Key } from "../../../src/client/signer";
import { DENOM, pack, type DeliverResult, type TestChain } from "../../helpers/chain";
import { moduleChain, moduleErrorExpecter, moduleKeys } from "../../helpers/module-setup";

export { queryCode } from "../../helpers/module-setup";

export const T = "/blockchain.paymsg.v1.";
export const Q = "/blockchain.paymsg.v1.Query/";

export const keys = moduleKeys("paymsg", ["bankA", "bankB", "alice", "bob", "mallory"]);

export function paymsgChain(mutateGenesis?: (appState: Record<string, any>) => void): Promise<TestChain> {
  return moduleChain("paymsg", Object.keys(keys), [{ denom: DENOM, amount: "1000000000" }], mutateGenesis);
}

export const expectPaymsgError = moduleErrorExpecter("paymsg");

export const msg = {
  apply: (creator: string, code: string, name: string) => pack(T + "MsgApplyParticipant", tx.MsgApplyParticipant, { creator, code, name }),
  approve: (participant: string, approve = true, authority = govAuthority()) =>
    pack(T + "MsgApproveParticipant", tx.MsgApproveParticipant, { authority, participant, approve }),
  register: (participant: string, customer: string, registered = true) =>
    pack(T + "MsgRegisterCustomer", tx.MsgRegisterCustomer, { participant, customer, registered }),
  confirm: (customer: string, participant: string, confirm = true) =>
    pack(T + "MsgConfirmParticipant", tx.MsgConfirmParticipant, { customer, participant, confirm }),
  setStore: (participant: string, url: string) => pack(T + "MsgSetPayloadStore", tx.MsgSetPayloadStore, { participant, url }),
  updateParams: (requireSettlementJurisdiction: boolean, authority = govAuthority()) =>
    pack(T + "MsgUpdateParams", tx.MsgUpdateParams, { authority, params: { requireSettlementJurisdiction } }),
  send: (fields: Partial<tx.MsgSendPayment>) => pack(T + "MsgSendPayment", tx.MsgSendPayment, tx.MsgSendPayment.fromPartial(fields)),
};

/** A payment from alice (customer of bankA) to bob (customer of bankB); override any field. */
export function payment(endToEndId: string, over: Partial<tx.MsgSendPayment> = {}): tx.MsgSendPayment {
  return tx.MsgSendPayment.fromPartial({
    debtor: keys.alice.address,
    endToEndId,
    instructingParticipant: keys.bankA.address,
    instructedParticipant: keys.bankB.address,
    creditor: keys.bob.address,
    denom: DENOM,
    amount: "1000",
    metadataHash: new Uint8Array(32).fill(7),
    settlementJurisdiction: "DE",
    ...over,
  });
}

export async function sendPayment(chain: TestChain, p: tx.MsgSendPayment, signer: Secp256k1Key = keys.alice): Promise<DeliverResult> {
  return chain.deliver(signer, [msg.send(p)]);
}

/** bankA and bankB approved by governance, alice a customer of bankA and bob of bankB. */
export async function setUpParticipants(chain: TestChain): Promise<void> {
  await chain.mustDeliver(keys.bankA, [msg.apply(keys.bankA.address, "BANKADEFF", "Bank A")]);
  await chain.mustDeliver(keys.bankB, [msg.apply(keys.bankB.address, "BANKBFRPP", "Bank B")]);
  const gov = await chain.govExec([msg.approve(keys.bankA.address), msg.approve(keys.bankB.address)]);
  expect(gov.log).toBe("");
  await chain.mustDeliver(keys.bankA, [msg.register(keys.bankA.address, keys.alice.address)]);
  await chain.mustDeliver(keys.bankB, [msg.register(keys.bankB.address, keys.bob.address)]);
}

export function getPaymentRecord(chain: TestChain, instructingParticipant: string, endToEndId: string) {
  return chain.query(
    Q + "GetPaymentRecord",
    q.QueryGetPaymentRecordRequest,
    { endToEndId, instructingParticipant },
    q.QueryGetPaymentRecordResponse,
  ).paymentRecord!;
}

export function getApprovedParticipant(chain: TestChain, participant: string) {
  return chain.query(
    Q + "GetApprovedParticipant",
    q.QueryGetApprovedParticipantRequest,
    { participant },
    q.QueryGetApprovedParticipantResponse,
  ).approvedParticipant!;
}

export function getApplication(chain: TestChain, creator: string) {
  return chain.query(
    Q + "GetParticipantApplication",
    q.QueryGetParticipantApplicationRequest,
    { creator },
    q.QueryGetParticipantApplicationResponse,
  ).participantApplication!;
}

export function getCustomer(chain: TestChain, customer: string) {
  return chain.query(Q + "GetCustomer", q.QueryGetCustomerRequest, { customer }, q.QueryGetCustomerResponse).customer!;
}
