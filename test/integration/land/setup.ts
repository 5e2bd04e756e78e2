import { expect } from "vitest";
import { MsgExecResponse } from "cosmjs-types/cosmos/authz/v1beta1/tx";
import * as gtx from "cosmjs-types/cosmos/group/v1/tx";
import { ProposalExecutorResult } from "cosmjs-types/cosmos/group/v1/types";
import * as q from "../../../src/gen/blockchain/land/v1/query";
import * as tx from "../../../src/gen/blockchain/land/v1/tx";
import type { FractionalisationAuthority, Parcel, Transfer } from "../../../src/gen/blockchain/land/v1/parcel";
import type { Params } from "../../../src/gen/blockchain/land/v1/params";
import type { Secp256k1Key } from "../../../src/client/signer";
import { govAuthority } from "../../../src/types/authority";
import type { AnyMsg, Codec, Timestamp } from "../../../src/types/codec";
import { DENOM, pack, type DeliverResult, type TestChain } from "../../helpers/chain";
import { moduleChain, moduleErrorExpecter, moduleKeys } from "../../helpers/module-setup";
import { exec, genericAuthorization, grant } from "../authz/setup";
import { createGroupWithPolicy, members, responseOf, submit, thresholdPolicy } from "../group/setup";

export { eventOf, eventsOf, queryCode } from "../../helpers/module-setup";
export { responseOf } from "../group/setup";

export const T = "/blockchain.land.v1.";
export const Q = "/blockchain.land.v1.Query/";
export const gov = govAuthority();

/** op1..op3 operate offices A..C (through authz grants from the office's group policy); the rest are people. */
export const keys = moduleKeys("land", ["op1", "op2", "op3", "op4", "holder", "buyer", "other", "mallory"]);

/** One hour: short enough for tests to step over. */
export const WINDOW = 3600n;

export function landChain(mutate?: (land: Record<string, any>) => void): Promise<TestChain> {
  return moduleChain("land", Object.keys(keys), [{ denom: DENOM, amount: "1000000000" }], (appState) => {
    appState.land.params.challenge_window = WINDOW.toString();
    mutate?.(appState.land);
  });
}

export const expectLandError = moduleErrorExpecter("land");

const MSG_NAMES = [
  "MsgRegisterParcel",
  "MsgProposeTransfer",
  "MsgValidateTransfer",
  "MsgAttestTransfer",
  "MsgObject",
  "MsgCompleteTransfer",
  "MsgRecordEncumbrance",
  "MsgFreezeParcel",
  "MsgAttachDeed",
  "MsgSetRestriction",
  "MsgAuthoriseFractionalisation",
] as const;

/**
 * A registry office: a one-member group policy (threshold 1) whose member, the operator, acts for
 * it through authz grants the policy itself made by a group proposal. Office messages then
 * reach the land module with the policy as signer, and their error codes come back on the tx.
 */
export async function createOffice(chain: TestChain, operator: Secp256k1Key): Promise<string> {
  const created = await chain.mustDeliver(operator, [
    createGroupWithPolicy(operator.address, members([operator.address, "1"]), thresholdPolicy("1")),
  ]);
  const policy = responseOf(created, gtx.MsgCreateGroupWithPolicyResponse).groupPolicyAddress;
  const grants = MSG_NAMES.map((n) => grant(policy, operator.address, genericAuthorization(T + n)));
  const res = await chain.mustDeliver(operator, [submit(policy, [operator.address], grants, gtx.Exec.EXEC_TRY)]);
  const exec = res.events.find((e) => e.type === "cosmos.group.v1.EventExec")!;
  expect(exec.attributes.find((a) => a.key === "result")!.value).toContain(
    ProposalExecutorResult[ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_SUCCESS],
  );
  return policy;
}

/** Governance admits an office. */
export async function admit(chain: TestChain, office: string, jurisdiction = "KE", name = "Registry", active = true): Promise<void> {
  const res = await chain.govExec([msg.registerAuthority(office, jurisdiction, name, active)]);
  expect(res.log).toBe("");
}

/** The operator signs an authz MsgExec carrying the office's messages. */
export function asOffice(chain: TestChain, operator: Secp256k1Key, msgs: AnyMsg[]): Promise<DeliverResult> {
  return chain.deliver(operator, [exec(operator.address, msgs)], { gasLimit: 2_000_000n });
}

export async function mustAsOffice(chain: TestChain, operator: Secp256k1Key, msgs: AnyMsg[]): Promise<DeliverResult> {
  const res = await asOffice(chain, operator, msgs);
  expect(res.log).toBe("");
  expect(res.code).toBe(0);
  return res;
}

const p = <M>(name: string, codec: Codec<M>, fields: Partial<M>): AnyMsg => pack(T + name, codec, (codec as any).fromPartial(fields));

export const msg = {
  updateParams: (params: Params, authority = gov) => p("MsgUpdateParams", tx.MsgUpdateParams, { authority, params }),
  registerAuthority: (office: string, jurisdiction = "KE", name = "Registry", active = true, authority = gov) =>
    p("MsgRegisterAuthority", tx.MsgRegisterAuthority, { authority, office, name, jurisdiction, active }),
  registerParcel: (creator: string, geometryHash: string, cadastralRef: string, holder: string) =>
    p("MsgRegisterParcel", tx.MsgRegisterParcel, { creator, geometryHash, cadastralRef, holder }),
  propose: (creator: string, parcelId: bigint, to: string, price = "250000 KES") =>
    p("MsgProposeTransfer", tx.MsgProposeTransfer, { creator, parcelId, to, price }),
  validate: (creator: string, transferId: bigint) => p("MsgValidateTransfer", tx.MsgValidateTransfer, { creator, transferId }),
  attest: (creator: string, transferId: bigint) => p("MsgAttestTransfer", tx.MsgAttestTransfer, { creator, transferId }),
  object: (creator: string, transferId: bigint, reason = "the seller is not the owner") =>
    p("MsgObject", tx.MsgObject, { creator, transferId, reason }),
  complete: (creator: string, transferId: bigint) => p("MsgCompleteTransfer", tx.MsgCompleteTransfer, { creator, transferId }),
  encumber: (creator: string, parcelId: bigint, f: Partial<tx.MsgRecordEncumbrance> = {}) =>
    p("MsgRecordEncumbrance", tx.MsgRecordEncumbrance, { creator, parcelId, kind: "mortgage", detail: "first charge", ...f }),
  freeze: (creator: string, parcelId: bigint, reason = "court order 12/2026", unfreeze = false) =>
    p("MsgFreezeParcel", tx.MsgFreezeParcel, { creator, parcelId, reason, unfreeze }),
  deed: (creator: string, parcelId: bigint, f: Partial<tx.MsgAttachDeed> = {}) =>
    p("MsgAttachDeed", tx.MsgAttachDeed, {
      creator,
      parcelId,
      kind: "grant",
      documentHash: "sha256:ab12",
      uri: "ipfs://deed",
      reference: "G-1",
      issuedOn: "2020-01-02",
      ...f,
    }),
  restrict: (creator: string, parcelId: bigint, f: Partial<tx.MsgSetRestriction> = {}) =>
    p("MsgSetRestriction", tx.MsgSetRestriction, { creator, parcelId, kind: "agricultural_use_only", ...f }),
  authorise: (creator: string, parcelId: bigint, f: Partial<tx.MsgAuthoriseFractionalisation> = {}) =>
    p("MsgAuthoriseFractionalisation", tx.MsgAuthoriseFractionalisation, {
      creator,
      parcelId,
      right: "revenue share",
      maxShareBps: 4000,
      expiresAt: 1_900_000_000n,
      ...f,
    }),
};

export function parcel(chain: TestChain, id: bigint): Parcel {
  return chain.query(Q + "Parcel", q.QueryParcelRequest, { id }, q.QueryParcelResponse).parcel!;
}

export function transfer(chain: TestChain, id: bigint): Transfer {
  return chain.query(Q + "Transfer", q.QueryTransferRequest, { id }, q.QueryTransferResponse).transfer!;
}

export function permission(chain: TestChain, parcelId: bigint): { authorisation: FractionalisationAuthority; live: boolean } {
  const r = chain.query(
    Q + "FractionalisationAuthority",
    q.QueryFractionalisationAuthorityRequest,
    { parcelId },
    q.QueryFractionalisationAuthorityResponse,
  );
  return { authorisation: r.authorisation!, live: r.live };
}

export function params(chain: TestChain): Params {
  return chain.query(Q + "Params", q.QueryParamsRequest, {}, q.QueryParamsResponse).params!;
}

/** The id in a MsgExec-wrapped land response (first inner message). */
export function innerResponse<R>(res: DeliverResult, codec: Codec<R>, index = 0): R {
  const outer = responseOf(res, MsgExecResponse);
  return codec.decode(outer.results[index]!);
}

export function at(chain: TestChain, seconds: bigint): Timestamp {
  return { seconds: chain.engine.lastBlockTime.seconds + seconds, nanos: 0 };
}

export function now(chain: TestChain): bigint {
  return chain.engine.lastBlockTime.seconds;
}
