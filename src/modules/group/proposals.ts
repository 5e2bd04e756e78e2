import type { MsgSubmitProposal } from "cosmjs-types/cosmos/group/v1/tx";
import { Exec } from "cosmjs-types/cosmos/group/v1/tx";
import {
  ProposalExecutorResult,
  ProposalStatus,
  VoteOption,
  proposalStatusToJSON,
  type GroupInfo,
  type GroupPolicyInfo,
  type Proposal,
  type TallyResult,
} from "cosmjs-types/cosmos/group/v1/types";
import { accAddress } from "../../types/address";
import type { Context } from "../../types/context";
import { AppError, sdkErrors } from "../../types/errors";
import { formatDec, parseNonNegativeDec, parsePositiveDec } from "./decimal";
import { groupErrors, ErrORMUniqueConstraint } from "./errors";
import { groupEvents, emitGroupEvent } from "./events";
import { assertMetadata, utf8Length } from "./groups";
import type { GroupKeeper } from "./keeper";
import { allow, decodeDecisionPolicy, tallyFromProto, validatePolicyWindows, type DecisionPolicy } from "./policy";
import { addNanos, compareTime, timestampNanos } from "../../types/time";

const S = ProposalStatus;
const R = ProposalExecutorResult;

export function emptyTally(): TallyResult {
  return { yesCount: "0", abstainCount: "0", noCount: "0", noWithVetoCount: "0" };
}

/**
 * The proposal lifecycle of x/group: submission, votes, tallies, execution as the policy
 * account, withdrawal and the end-block closing and pruning. The keeper holds it as
 * `proposalBook`; it reads and writes through the keeper's collections.
 */
export class GroupProposals {
  /** Proposal ids whose messages are running, so a proposal message cannot re-execute its own proposal. */
  private readonly executing = new Set<bigint>();

  constructor(private readonly k: GroupKeeper) {}

  submit(ctx: Context, msg: MsgSubmitProposal): bigint {
    const k = this.k;
    if (msg.proposers.length === 0) throw groupErrors.ErrEmpty.wrap("proposers");
    const seen = new Set<string>();
    for (const p of msg.proposers) {
      if (seen.has(p)) throw groupErrors.ErrDuplicate.wrap(`address: ${p}`);
      accAddress.validate(p);
      seen.add(p);
    }
    accAddress.validate(msg.groupPolicyAddress);
    if (utf8Length(msg.title) > k.config.maxProposalTitleLen) throw groupErrors.ErrMaxLimit.wrap("proposal Title");
    if (utf8Length(msg.summary) > k.config.maxProposalSummaryLen) throw groupErrors.ErrMaxLimit.wrap("proposal summary");
    assertMetadata(k.config, msg.metadata, "metadata");
    checkMetadataMatches(msg);
    const signers = msg.messages.map((m, i) => {
      try {
        return k.router.signersOf(m);
      } catch (e) {
        if (e instanceof AppError) e.message = `msg ${i}: ${e.message}`;
        throw e;
      }
    });

    const policyInfo = k.getPolicy(ctx, msg.groupPolicyAddress);
    const g = k.getGroup(ctx, policyInfo.groupId);
    for (const proposer of msg.proposers) {
      if (!k.getMember(ctx, g.id, proposer)) throw groupErrors.ErrUnauthorized.wrap(`not in group: ${proposer}`);
    }
    ensurePolicyIsOnlySigner(signers, msg.groupPolicyAddress);
    const policy = decodeDecisionPolicy(policyInfo.decisionPolicy);
    validatePolicyWindows(policy, k.config);

    const id = k.proposalSeq.next(ctx);
    k.setProposal(ctx, {
      id,
      groupPolicyAddress: msg.groupPolicyAddress,
      metadata: msg.metadata,
      proposers: msg.proposers,
      submitTime: ctx.time,
      groupVersion: g.version,
      groupPolicyVersion: policyInfo.version,
      status: S.PROPOSAL_STATUS_SUBMITTED,
      finalTallyResult: emptyTally(),
      votingPeriodEnd: addNanos(ctx.time, policy.votingPeriodNanos),
      executorResult: R.PROPOSAL_EXECUTOR_RESULT_NOT_RUN,
      messages: msg.messages,
      title: msg.title,
      summary: msg.summary,
    });
    emitGroupEvent(ctx, "EventSubmitProposal", { proposal_id: id.toString() });

    if (msg.exec === Exec.EXEC_TRY) {
      for (const proposer of msg.proposers)
        this.vote(ctx, { proposalId: id, voter: proposer, option: VoteOption.VOTE_OPTION_YES, metadata: "" });
      this.exec(ctx, id, msg.proposers[0]!);
    }
    return id;
  }

  vote(ctx: Context, v: { proposalId: bigint; voter: string; option: VoteOption; metadata: string }): void {
    const k = this.k;
    if (v.option === VoteOption.VOTE_OPTION_UNSPECIFIED) throw groupErrors.ErrEmpty.wrap("vote option");
    if (!(v.option in VoteOption) || v.option === VoteOption.UNRECOGNIZED) throw groupErrors.ErrInvalid.wrap("vote option");
    assertMetadata(k.config, v.metadata, "metadata");
    accAddress.validate(v.voter);
    const p = k.getProposal(ctx, v.proposalId);
    requireOpen(p, "voting");
    if (compareTime(ctx.time, p.votingPeriodEnd) > 0) throw groupErrors.ErrExpired.wrap("voting period has ended already");
    const policyInfo = k.getPolicy(ctx, p.groupPolicyAddress);
    const g = k.getGroup(ctx, policyInfo.groupId);
    if (!k.getMember(ctx, g.id, v.voter)) throw sdkErrors.ErrNotFound.wrap(`voter address: ${v.voter}`);
    if (k.votes.has(ctx, [v.proposalId, accAddress.decode(v.voter)])) throw ErrORMUniqueConstraint.wrap("store vote");
    k.setVote(ctx, { proposalId: v.proposalId, voter: v.voter, option: v.option, metadata: v.metadata, submitTime: ctx.time });
    emitGroupEvent(ctx, "EventVote", { proposal_id: v.proposalId.toString() });
  }

  /** Sums the current weights of members who voted; votes of members who left are skipped. */
  tally(ctx: Context, p: Proposal, groupId: bigint): TallyResult {
    const k = this.k;
    if (p.status === S.PROPOSAL_STATUS_ACCEPTED || p.status === S.PROPOSAL_STATUS_REJECTED) return p.finalTallyResult;
    const sums = { yes: 0n, abstain: 0n, no: 0n, veto: 0n };
    for (const v of k.votesOf(ctx, p.id)) {
      const member = k.getMember(ctx, groupId, v.voter);
      if (!member) continue;
      const w = parsePositiveDec(member.member!.weight);
      if (v.option === VoteOption.VOTE_OPTION_YES) sums.yes += w;
      else if (v.option === VoteOption.VOTE_OPTION_ABSTAIN) sums.abstain += w;
      else if (v.option === VoteOption.VOTE_OPTION_NO) sums.no += w;
      else if (v.option === VoteOption.VOTE_OPTION_NO_WITH_VETO) sums.veto += w;
    }
    return {
      yesCount: formatDec(sums.yes),
      abstainCount: formatDec(sums.abstain),
      noCount: formatDec(sums.no),
      noWithVetoCount: formatDec(sums.veto),
    };
  }

  /** Tallies a submitted proposal and, when the outcome is settled or voting is over, closes it. */
  private tallyAndUpdate(ctx: Context, p: Proposal, g: GroupInfo, policyInfo: GroupPolicyInfo): void {
    const k = this.k;
    let result: { allow: boolean; final: boolean };
    let counts: TallyResult;
    try {
      const policy = decodeDecisionPolicy(policyInfo.decisionPolicy);
      counts = this.tally(ctx, p, g.id);
      result = allow(policy.decision, tallyFromProto(counts), parseNonNegativeDec(g.totalWeight));
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      k.removeVotes(ctx, p.id);
      p.status = S.PROPOSAL_STATUS_REJECTED;
      emitGroupEvent(ctx, "EventTallyError", { proposal_id: p.id.toString(), error_message: e.message });
      return;
    }
    if (result.final || compareTime(ctx.time, p.votingPeriodEnd) > 0) {
      k.removeVotes(ctx, p.id);
      p.finalTallyResult = counts;
      p.status = result.allow ? S.PROPOSAL_STATUS_ACCEPTED : S.PROPOSAL_STATUS_REJECTED;
    }
  }

  /**
   * MsgExec: tallies if still open, then runs an accepted proposal's messages all-or-nothing
   * as the policy account. A failing message is recorded as FAILURE and changes nothing else;
   * a successful run prunes the proposal.
   */
  exec(ctx: Context, proposalId: bigint, executor: string): ProposalExecutorResult {
    const k = this.k;
    if (proposalId === 0n) throw groupErrors.ErrEmpty.wrap("proposal id");
    accAddress.validate(executor);
    const p = k.getProposal(ctx, proposalId);
    if (p.status === S.PROPOSAL_STATUS_ABORTED) requireOpen(p, "execution");
    if (p.status !== S.PROPOSAL_STATUS_SUBMITTED && p.status !== S.PROPOSAL_STATUS_ACCEPTED) {
      throw groupErrors.ErrInvalid.wrap(`not possible to exec with proposal status ${proposalStatusToJSON(p.status)}`);
    }
    if (this.executing.has(p.id)) throw groupErrors.ErrInvalid.wrap(`proposal ${p.id} is already being executed`);
    const policyInfo = k.getPolicy(ctx, p.groupPolicyAddress);
    if (p.status === S.PROPOSAL_STATUS_SUBMITTED) this.tallyAndUpdate(ctx, p, k.getGroup(ctx, policyInfo.groupId), policyInfo);

    let logs = "";
    if (p.status === S.PROPOSAL_STATUS_ACCEPTED && p.executorResult !== R.PROPOSAL_EXECUTOR_RESULT_SUCCESS) {
      this.executing.add(p.id);
      try {
        ctx.atomic((inner) => this.runMessages(inner, p, policyInfo.address, decodeDecisionPolicy(policyInfo.decisionPolicy)));
        p.executorResult = R.PROPOSAL_EXECUTOR_RESULT_SUCCESS;
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        p.executorResult = R.PROPOSAL_EXECUTOR_RESULT_FAILURE;
        logs = `proposal execution failed on proposal ${p.id}, because of error ${e.message}`;
      } finally {
        this.executing.delete(p.id);
      }
    }

    if (p.executorResult === R.PROPOSAL_EXECUTOR_RESULT_SUCCESS) {
      k.removeProposal(ctx, p);
      groupEvents.pruned(ctx, p.id, p.status, p.finalTallyResult);
    } else {
      k.setProposal(ctx, p);
    }
    groupEvents.exec(ctx, p.id, p.executorResult, logs);
    return p.executorResult;
  }

  private runMessages(ctx: Context, p: Proposal, policyAddress: string, policy: DecisionPolicy): void {
    const k = this.k;
    const earliest = addNanos(p.submitTime!, policy.minExecutionPeriodNanos);
    if (timestampNanos(ctx.time) < timestampNanos(earliest)) {
      throw groupErrors.ErrInvalid.wrap(`must wait until ${earliest.seconds}s (unix) to execute proposal ${p.id}`);
    }
    const expiry = addNanos(p.votingPeriodEnd, k.config.maxExecutionPeriodSeconds * 1_000_000_000n);
    if (compareTime(ctx.time, expiry) > 0) throw groupErrors.ErrExpired.wrap(`proposal expired on ${expiry.seconds}s (unix)`);
    ensurePolicyIsOnlySigner(
      p.messages.map((m) => k.router.signersOf(m)),
      policyAddress,
    );
    p.messages.forEach((m, i) => {
      try {
        k.router.execute(ctx, m);
      } catch (e) {
        if (e instanceof AppError) e.message = `message ${m.typeUrl} at position ${i}: ${e.message}`;
        throw e;
      }
    });
  }

  withdraw(ctx: Context, proposalId: bigint, address: string): void {
    const k = this.k;
    if (proposalId === 0n) throw groupErrors.ErrEmpty.wrap("proposal id");
    accAddress.validate(address);
    const p = k.getProposal(ctx, proposalId);
    if (p.status !== S.PROPOSAL_STATUS_SUBMITTED) {
      throw groupErrors.ErrInvalid.wrap(`cannot withdraw a proposal with the status of ${proposalStatusToJSON(p.status)}`);
    }
    const policyInfo = k.getPolicy(ctx, p.groupPolicyAddress);
    if (address !== policyInfo.admin && !p.proposers.includes(address)) {
      throw groupErrors.ErrUnauthorized.wrap(`given address is neither group policy admin nor in proposers: ${address}`);
    }
    k.setProposal(ctx, { ...p, status: S.PROPOSAL_STATUS_WITHDRAWN });
    emitGroupEvent(ctx, "EventWithdrawProposal", { proposal_id: proposalId.toString() });
  }

  /**
   * End block, as the SDK: proposals whose voting period is over get their final tally
   * (withdrawn and aborted ones are pruned), then proposals past their execution window are pruned.
   */
  endBlock(ctx: Context): void {
    const k = this.k;
    for (const p of k.proposalsEndingBefore(ctx, ctx.time)) {
      if (p.status === S.PROPOSAL_STATUS_ABORTED || p.status === S.PROPOSAL_STATUS_WITHDRAWN) {
        k.removeProposal(ctx, p);
        groupEvents.pruned(ctx, p.id, p.status, p.finalTallyResult);
      } else if (p.status === S.PROPOSAL_STATUS_SUBMITTED) {
        const policyInfo = k.policies.get(ctx, accAddress.decode(p.groupPolicyAddress));
        if (!policyInfo) continue;
        this.tallyAndUpdate(ctx, p, k.getGroup(ctx, policyInfo.groupId), policyInfo);
        k.setProposal(ctx, p);
      }
    }
    const cutoff = addNanos(ctx.time, -k.config.maxExecutionPeriodSeconds * 1_000_000_000n);
    for (const p of k.proposalsEndingBefore(ctx, cutoff)) {
      k.removeProposal(ctx, p);
      groupEvents.pruned(ctx, p.id, p.status, p.finalTallyResult);
    }
  }
}

/** As the SDK: JSON metadata that names a title or summary must agree with the proposal's. */
function checkMetadataMatches(msg: MsgSubmitProposal): void {
  if (msg.metadata === "") return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(msg.metadata);
  } catch {
    return;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return;
  const { title, summary } = parsed as { title?: unknown; summary?: unknown };
  if ((title !== undefined && typeof title !== "string") || (summary !== undefined && typeof summary !== "string")) return;
  if ((title ?? "") !== msg.title)
    throw groupErrors.ErrInvalid.wrap(`metadata title '${title ?? ""}' must equal proposal title '${msg.title}'`);
  if ((summary ?? "") !== msg.summary)
    throw groupErrors.ErrInvalid.wrap(`metadata summary '${summary ?? ""}' must equal proposal summary '${msg.summary}'`);
}

function ensurePolicyIsOnlySigner(signersPerMsg: string[][], policyAddress: string): void {
  for (const signers of signersPerMsg) {
    for (const s of signers) {
      if (s !== policyAddress) throw sdkErrors.ErrUnauthorized.wrap("msg does not have group policy authorization");
    }
  }
}

function requireOpen(p: Proposal, action: string): void {
  if (p.status === S.PROPOSAL_STATUS_ABORTED)
    throw groupErrors.ErrModified.wrap(`proposal ${p.id} was aborted: its group or group policy changed`);
  if (p.status !== S.PROPOSAL_STATUS_SUBMITTED) throw groupErrors.ErrInvalid.wrap(`proposal not open for ${action}`);
}
