import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { ProposalStatus, VoteOption, type Proposal } from "cosmjs-types/cosmos/gov/v1/gov";
import { QueryParamsRequest, QueryParamsResponse, QueryProposalRequest, QueryProposalResponse } from "cosmjs-types/cosmos/gov/v1/query";
import { MsgSubmitProposal, MsgSubmitProposalResponse, MsgVote } from "cosmjs-types/cosmos/gov/v1/tx";
import type { Secp256k1Key } from "../../src/client/signer";
import type { AnyMsg } from "../../src/types/codec";
import type { ProtoCoin } from "../../src/types/coins";
import { pack, testKey, type DeliverResult, type TestChain } from "./chain";

export interface PassProposalOptions {
  /** Funded key that submits and deposits (default alice). */
  proposer?: Secp256k1Key;
  /** Initial deposit (default: the params' minimum, so voting starts at once). */
  deposit?: ProtoCoin[];
  /** Key that votes YES (default: the genesis validator's operator). */
  voter?: Secp256k1Key;
  title?: string;
  summary?: string;
  metadata?: string;
  expedited?: boolean;
}

/** Operator account of the validator the test chain's genesis bonds. */
export const validatorKey = () => testKey("validator");

export function govParams(chain: TestChain) {
  return chain.query("/cosmos.gov.v1.Query/Params", QueryParamsRequest, { paramsType: "" }, QueryParamsResponse).params!;
}

export function getProposal(chain: TestChain, proposalId: bigint): Proposal | undefined {
  try {
    return chain.query("/cosmos.gov.v1.Query/Proposal", QueryProposalRequest, { proposalId }, QueryProposalResponse).proposal;
  } catch (e) {
    if ((e as { code?: number }).code === 22) return undefined;
    throw e;
  }
}

/** The proposal id from a successful MsgSubmitProposal tx (first message). */
export function proposalIdOf(res: DeliverResult): bigint {
  const any = TxMsgData.decode(res.data).msgResponses[0];
  return MsgSubmitProposalResponse.decode(any.value).proposalId;
}

export function submitMsg(proposer: string, msgs: AnyMsg[], deposit: ProtoCoin[], extra: Partial<MsgSubmitProposal> = {}): AnyMsg {
  return pack(
    "/cosmos.gov.v1.MsgSubmitProposal",
    MsgSubmitProposal,
    MsgSubmitProposal.fromPartial({
      messages: msgs,
      initialDeposit: deposit,
      proposer,
      metadata: "",
      title: "test proposal",
      summary: "executes its messages as the governance account",
      expedited: false,
      ...extra,
    }),
  );
}

export function voteMsg(voter: string, proposalId: bigint, option: VoteOption): AnyMsg {
  return pack("/cosmos.gov.v1.MsgVote", MsgVote, { proposalId, voter, option, metadata: "" });
}

/** Moves block time just past the proposal's voting end and produces that block. */
export async function endVotingPeriod(chain: TestChain, proposalId: bigint): Promise<Proposal | undefined> {
  const end = getProposal(chain, proposalId)!.votingEndTime!;
  chain.setNextBlockTime({ seconds: end.seconds + 1n, nanos: 0 });
  await chain.produceBlocks(1);
  return getProposal(chain, proposalId);
}

/**
 * Submits `msgs` as a proposal with enough deposit, votes YES with the validator operator,
 * advances block time past the voting period and returns the proposal as it ended.
 */
export async function passProposal(chain: TestChain, msgs: AnyMsg[], opts: PassProposalOptions = {}): Promise<Proposal> {
  const proposer = opts.proposer ?? testKey("alice");
  const params = govParams(chain);
  const deposit = opts.deposit ?? (opts.expedited ? params.expeditedMinDeposit : params.minDeposit);
  const res = await chain.mustDeliver(proposer, [
    submitMsg(proposer.address, msgs, deposit, {
      ...(opts.title !== undefined && { title: opts.title }),
      ...(opts.summary !== undefined && { summary: opts.summary }),
      metadata: opts.metadata ?? "",
      expedited: opts.expedited ?? false,
    }),
  ]);
  const id = proposalIdOf(res);
  const submitted = getProposal(chain, id)!;
  if (submitted.status !== ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD)
    throw new Error(`proposal ${id} did not enter the voting period (deposit too small?)`);
  await chain.mustDeliver(opts.voter ?? validatorKey(), [voteMsg((opts.voter ?? validatorKey()).address, id, VoteOption.VOTE_OPTION_YES)]);
  const ended = await endVotingPeriod(chain, id);
  if (!ended) throw new Error(`proposal ${id} disappeared`);
  return ended;
}
