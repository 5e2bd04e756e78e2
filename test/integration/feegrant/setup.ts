import { GenericAuthorization } from "cosmjs-types/cosmos/authz/v1beta1/authz";
import { MsgGrant } from "cosmjs-types/cosmos/authz/v1beta1/tx";
import { AllowedMsgAllowance, BasicAllowance, PeriodicAllowance } from "cosmjs-types/cosmos/feegrant/v1beta1/feegrant";
import { QueryAllowanceRequest, QueryAllowanceResponse } from "cosmjs-types/cosmos/feegrant/v1beta1/query";
import { MsgGrantAllowance, MsgPruneAllowances, MsgRevokeAllowance } from "cosmjs-types/cosmos/feegrant/v1beta1/tx";
import type { AnyMsg, Timestamp } from "../../../src/types/codec";
import { DENOM, pack, type TestChain } from "../../helpers/chain";

export function basic(limit?: bigint, expiration?: Timestamp): AnyMsg {
  return pack("/cosmos.feegrant.v1beta1.BasicAllowance", BasicAllowance, {
    spendLimit: limit === undefined ? [] : [{ denom: DENOM, amount: limit.toString() }],
    expiration,
  });
}

export function periodic(periodSeconds: bigint, periodLimit: bigint, totalLimit?: bigint): AnyMsg {
  return pack(
    "/cosmos.feegrant.v1beta1.PeriodicAllowance",
    PeriodicAllowance,
    PeriodicAllowance.fromPartial({
      basic: { spendLimit: totalLimit === undefined ? [] : [{ denom: DENOM, amount: totalLimit.toString() }] },
      period: { seconds: periodSeconds, nanos: 0 },
      periodSpendLimit: [{ denom: DENOM, amount: periodLimit.toString() }],
      // As the SDK CLI builds it: the first period may spend the full period limit.
      periodCanSpend: periodLimit > 0n ? [{ denom: DENOM, amount: periodLimit.toString() }] : [],
    }),
  );
}

export function allowedMsgs(allowance: AnyMsg, allowedMessages: string[]): AnyMsg {
  return pack("/cosmos.feegrant.v1beta1.AllowedMsgAllowance", AllowedMsgAllowance, { allowance, allowedMessages });
}

export function grantAllowance(granter: string, grantee: string, allowance: AnyMsg): AnyMsg {
  return pack("/cosmos.feegrant.v1beta1.MsgGrantAllowance", MsgGrantAllowance, { granter, grantee, allowance });
}

export function revokeAllowance(granter: string, grantee: string): AnyMsg {
  return pack("/cosmos.feegrant.v1beta1.MsgRevokeAllowance", MsgRevokeAllowance, { granter, grantee });
}

export function prune(pruner: string): AnyMsg {
  return pack("/cosmos.feegrant.v1beta1.MsgPruneAllowances", MsgPruneAllowances, { pruner });
}

/** A message that costs its signer nothing but the fee: an authz grant to someone. */
export function freeMsg(signer: string, to: string): AnyMsg {
  const authorization = pack("/cosmos.authz.v1beta1.GenericAuthorization", GenericAuthorization, { msg: "/cosmos.bank.v1beta1.MsgSend" });
  return pack("/cosmos.authz.v1beta1.MsgGrant", MsgGrant, { granter: signer, grantee: to, grant: { authorization } });
}

export function allowance(chain: TestChain, granter: string, grantee: string): AnyMsg | undefined {
  try {
    return chain.query("/cosmos.feegrant.v1beta1.Query/Allowance", QueryAllowanceRequest, { granter, grantee }, QueryAllowanceResponse)
      .allowance?.allowance;
  } catch (e) {
    if ((e as Error).message.includes("fee-grant not found")) return undefined;
    throw e;
  }
}

export function basicLimit(any: AnyMsg | undefined): string {
  return BasicAllowance.decode(any!.value)
    .spendLimit.map((c) => `${c.amount}${c.denom}`)
    .join(",");
}

export function secondsAfter(chain: TestChain, seconds: number): Timestamp {
  return { seconds: chain.engine.lastBlockTime.seconds + BigInt(seconds), nanos: 0 };
}
