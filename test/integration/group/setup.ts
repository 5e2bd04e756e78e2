import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import * as q from "cosmjs-types/cosmos/group/v1/query";
import * as tx from "cosmjs-types/cosmos/group/v1/tx";
import {
  PercentageDecisionPolicy,
  ThresholdDecisionPolicy,
  VoteOption,
  type MemberRequest,
  type Proposal,
} from "cosmjs-types/cosmos/group/v1/types";
import type { AnyMsg, Codec, Timestamp } from "../../../src/types/codec";
import type { GroupKeeper } from "../../../src/modules/group";
import { signTx } from "../../../src/client/tx-builder";
import type { Secp256k1Key } from "../../../src/client/signer";
import { CHAIN_ID, DENOM, pack, type DeliverResult, type TestChain } from "../../helpers/chain";

export const G = "/cosmos.group.v1.";

export function send(from: string, to: string, amount: bigint): AnyMsg {
  return pack(
    "/cosmos.bank.v1beta1.MsgSend",
    MsgSend,
    MsgSend.fromPartial({ fromAddress: from, toAddress: to, amount: [{ denom: DENOM, amount: amount.toString() }] }),
  );
}

function windows(votingSeconds: bigint, minExecSeconds: bigint) {
  return { votingPeriod: { seconds: votingSeconds, nanos: 0 }, minExecutionPeriod: { seconds: minExecSeconds, nanos: 0 } };
}

export function thresholdPolicy(threshold: string, votingSeconds = 3600n, minExecSeconds = 0n): AnyMsg {
  return pack(G + "ThresholdDecisionPolicy", ThresholdDecisionPolicy, { threshold, windows: windows(votingSeconds, minExecSeconds) });
}

export function percentagePolicy(percentage: string, votingSeconds = 3600n, minExecSeconds = 0n): AnyMsg {
  return pack(G + "PercentageDecisionPolicy", PercentageDecisionPolicy, { percentage, windows: windows(votingSeconds, minExecSeconds) });
}

export function members(...entries: Array<[string, string]>): MemberRequest[] {
  return entries.map(([address, weight]) => ({ address, weight, metadata: "" }));
}

/** Packs a cosmos.group.v1 message given its short name. */
export function msg<M>(name: string, codec: Codec<M>, fields: Partial<M>): AnyMsg {
  return pack(G + name, codec, codec.fromPartial(fields));
}

export const createGroupWithPolicy = (admin: string, m: MemberRequest[], decisionPolicy: AnyMsg, groupPolicyAsAdmin = false) =>
  msg("MsgCreateGroupWithPolicy", tx.MsgCreateGroupWithPolicy, { admin, members: m, decisionPolicy, groupPolicyAsAdmin });

export const submit = (groupPolicyAddress: string, proposers: string[], messages: AnyMsg[], exec = tx.Exec.EXEC_UNSPECIFIED) =>
  msg("MsgSubmitProposal", tx.MsgSubmitProposal, { groupPolicyAddress, proposers, messages, exec });

export const vote = (proposalId: bigint, voter: string, option = VoteOption.VOTE_OPTION_YES, exec = tx.Exec.EXEC_UNSPECIFIED) =>
  msg("MsgVote", tx.MsgVote, { proposalId, voter, option, exec });

export const execMsg = (proposalId: bigint, executor: string) => msg("MsgExec", tx.MsgExec, { proposalId, executor });

/** The response of a delivered tx's first message. */
export function responseOf<R>(res: DeliverResult, codec: Codec<R>, index = 0): R {
  return codec.decode(TxMsgData.decode(res.data).msgResponses[index]!.value);
}

export function proposal(chain: TestChain, proposalId: bigint): Proposal | undefined {
  try {
    return chain.query("/cosmos.group.v1.Query/Proposal", q.QueryProposalRequest, { proposalId }, q.QueryProposalResponse).proposal;
  } catch (e) {
    if ((e as { code?: number }).code === 22) return undefined;
    throw e;
  }
}

export function query<Q, R>(chain: TestChain, method: string, req: Codec<Q>, fields: Partial<Q>, res: Codec<R>): R {
  return chain.query(`/cosmos.group.v1.Query/${method}`, req, req.fromPartial(fields), res);
}

export function groupKeeper(chain: TestChain): GroupKeeper {
  const m = chain.app.modules.modules.find((x) => x.name === "group") as unknown as { keeper: GroupKeeper };
  return m.keeper;
}

export function secondsAfter(chain: TestChain, seconds: number): Timestamp {
  return { seconds: chain.engine.lastBlockTime.seconds + BigInt(seconds), nanos: 0 };
}

/** Creates a group with a policy and returns the ids; the policy account is funded with `fund`. */
export async function setupPolicy(
  chain: TestChain,
  admin: { address: string } & Parameters<TestChain["deliver"]>[0],
  m: MemberRequest[],
  decisionPolicy: AnyMsg,
  fund = 0n,
) {
  const res = await chain.mustDeliver(admin, [createGroupWithPolicy(admin.address, m, decisionPolicy)]);
  const out = responseOf(res, tx.MsgCreateGroupWithPolicyResponse);
  if (fund > 0n) await chain.mustDeliver(admin, [send(admin.address, out.groupPolicyAddress, fund)]);
  return out;
}

export function expectCode(res: { code: number; codespace: string }, codespace: string, code: number): void {
  if (res.codespace !== codespace || res.code !== code) {
    throw new Error(`expected ${codespace}/${code}, got ${res.codespace}/${res.code}: ${(res as { log?: string }).log ?? ""}`);
  }
}

/** Signs one tx with several keys (MsgSubmitProposal with several proposers), the first paying the fee. */
export async function deliverSignedBy(chain: TestChain, keys: Secp256k1Key[], msgs: AnyMsg[]): Promise<DeliverResult> {
  const signers = keys.map((key) => {
    const account = chain.account(key.address)!;
    return { key, accountNumber: account.accountNumber, sequence: account.sequence };
  });
  return chain.deliverRaw(signTx(msgs, signers, { chainId: CHAIN_ID, fee: [{ denom: DENOM, amount: "5000" }], gasLimit: 1_000_000n }));
}
