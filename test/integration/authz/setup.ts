import { GenericAuthorization } from "cosmjs-types/cosmos/authz/v1beta1/authz";
import { QueryGrantsRequest, QueryGrantsResponse } from "cosmjs-types/cosmos/authz/v1beta1/query";
import { MsgExec, MsgExecResponse, MsgGrant, MsgRevoke } from "cosmjs-types/cosmos/authz/v1beta1/tx";
import { SendAuthorization } from "cosmjs-types/cosmos/bank/v1beta1/authz";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import type { AnyMsg, Timestamp } from "../../../src/types/codec";
import { DENOM, pack, type TestChain } from "../../helpers/chain";

export const MSG_SEND_URL = "/cosmos.bank.v1beta1.MsgSend";
export const MSG_EXEC_URL = "/cosmos.authz.v1beta1.MsgExec";

export function send(from: string, to: string, amount: bigint, denom = DENOM): AnyMsg {
  return pack(
    MSG_SEND_URL,
    MsgSend,
    MsgSend.fromPartial({ fromAddress: from, toAddress: to, amount: [{ denom, amount: amount.toString() }] }),
  );
}

export function sendAuthorization(limit: bigint, allowList: string[] = []): AnyMsg {
  return pack("/cosmos.bank.v1beta1.SendAuthorization", SendAuthorization, {
    spendLimit: [{ denom: DENOM, amount: limit.toString() }],
    allowList,
  });
}

export function genericAuthorization(msgTypeUrl: string): AnyMsg {
  return pack("/cosmos.authz.v1beta1.GenericAuthorization", GenericAuthorization, { msg: msgTypeUrl });
}

export function grant(granter: string, grantee: string, authorization: AnyMsg, expiration?: Timestamp): AnyMsg {
  return pack("/cosmos.authz.v1beta1.MsgGrant", MsgGrant, { granter, grantee, grant: { authorization, expiration } });
}

export function revoke(granter: string, grantee: string, msgTypeUrl: string): AnyMsg {
  return pack("/cosmos.authz.v1beta1.MsgRevoke", MsgRevoke, { granter, grantee, msgTypeUrl });
}

export function exec(grantee: string, msgs: AnyMsg[]): AnyMsg {
  return pack(MSG_EXEC_URL, MsgExec, { grantee, msgs });
}

/** The grants from granter to grantee (optionally of one message type). */
export function grants(chain: TestChain, granter: string, grantee: string, msgTypeUrl = "") {
  return chain.query(
    "/cosmos.authz.v1beta1.Query/Grants",
    QueryGrantsRequest,
    QueryGrantsRequest.fromPartial({ granter, grantee, msgTypeUrl }),
    QueryGrantsResponse,
  ).grants;
}

export function spendLimitOf(authorization: AnyMsg | undefined): string {
  const a = SendAuthorization.decode(authorization!.value);
  return a.spendLimit.map((c) => `${c.amount}${c.denom}`).join(",");
}

/** MsgExecResponse from a delivered tx's data (its only message). */
export function execResponse(data: Uint8Array): MsgExecResponse {
  return MsgExecResponse.decode(TxMsgData.decode(data).msgResponses[0].value);
}

export function secondsAfter(chain: TestChain, seconds: number): Timestamp {
  return { seconds: chain.engine.lastBlockTime.seconds + BigInt(seconds), nanos: 0 };
}
