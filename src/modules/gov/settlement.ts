import { ProposalStatus, VoteOption, type Proposal, type TallyResult, type WeightedVoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import type { Context } from "../../types/context";
import { decFromInt, decFromString, decMul, decMulInt, decQuo, decTruncate, type Dec } from "../../types/dec";
import { toAppError } from "../../types/errors";
import { addDuration } from "../../types/time";
import { govEvents, PROPOSAL_RESULT } from "./events";
import type { GovKeeper } from "./keeper";
import { parseGovDec } from "./params";

export interface TallyOutcome {
  passes: boolean;
  burnDeposits: boolean;
  result: TallyResult;
}

interface ValidatorGovInfo {
  tokens: bigint;
  shares: Dec;
  deductions: Dec;
  vote?: WeightedVoteOption[];
}

const OPTIONS = [
  VoteOption.VOTE_OPTION_YES,
  VoteOption.VOTE_OPTION_ABSTAIN,
  VoteOption.VOTE_OPTION_NO,
  VoteOption.VOTE_OPTION_NO_WITH_VETO,
];

function weightOf(option: WeightedVoteOption): Dec {
  try {
    return decFromString(option.weight);
  } catch {
    return 0n;
  }
}

/**
 * How proposals end: the end blocker's dropping and tallying, and the tally itself (also
 * answered by the TallyResult query). The keeper holds it as `settlement`.
 */
export class GovSettlement {
  constructor(private readonly k: GovKeeper) {}

  /**
   * x/gov's EndBlocker: drops proposals whose deposit period ended without the minimum deposit,
   * then tallies those whose voting period ended. Each proposal is settled atomically; one that
   * cannot be settled (a refund refused, say) keeps its queue entry and is retried next block
   * rather than halting the chain or blocking the others.
   */
  endBlock(ctx: Context): void {
    const k = this.k;
    for (const id of k.dueIds(ctx, "inactive", ctx.time)) settle(ctx, id, "dropping", (inner) => this.dropProposal(inner, id));
    for (const id of k.dueIds(ctx, "active", ctx.time)) settle(ctx, id, "tallying", (inner) => this.endVoting(inner, id));
  }

  private dropProposal(ctx: Context, id: bigint): void {
    const k = this.k;
    if (!k.getProposal(ctx, id)) return;
    k.deleteProposal(ctx, id);
    if (k.getParams(ctx).burnProposalDepositPrevote) k.deleteAndBurnDeposits(ctx, id);
    else k.refundAndDeleteDeposits(ctx, id);
    govEvents.inactive(ctx, id);
    ctx.logger.info({ module: "gov", proposal: id.toString() }, "proposal did not meet minimum deposit; deleted");
  }

  private endVoting(ctx: Context, id: bigint): void {
    const k = this.k;
    const proposal = k.getProposal(ctx, id);
    if (!proposal) return;
    const { passes, burnDeposits, result } = this.tally(ctx, proposal);
    // The SDK's tally consumes the votes, whatever the outcome.
    k.deleteVotes(ctx, id);
    // A failed expedited proposal keeps its deposits: it becomes a regular proposal.
    if (!(proposal.expedited && !passes)) {
      if (burnDeposits) k.deleteAndBurnDeposits(ctx, id);
      else k.refundAndDeleteDeposits(ctx, id);
    }
    k.dequeueActive(ctx, proposal);

    let outcome: string;
    let log: string;
    if (passes) {
      [outcome, log] = this.execute(ctx, proposal);
    } else if (proposal.expedited) {
      proposal.expedited = false;
      proposal.votingEndTime = addDuration(proposal.votingStartTime!, k.getParams(ctx).votingPeriod!);
      k.enqueueActive(ctx, proposal);
      [outcome, log] = [PROPOSAL_RESULT.expeditedRejected, "expedited proposal converted to regular"];
    } else {
      proposal.status = ProposalStatus.PROPOSAL_STATUS_REJECTED;
      [outcome, log] = [PROPOSAL_RESULT.rejected, "rejected"];
    }
    proposal.finalTallyResult = result;
    k.setProposal(ctx, proposal);
    govEvents.active(ctx, id, outcome, log);
    ctx.logger.info({ module: "gov", proposal: id.toString(), result: outcome }, log);
  }

  /** Runs every message as the gov account, all or nothing; a failure is recorded, never thrown. */
  private execute(ctx: Context, proposal: Proposal): [string, string] {
    const router = this.k.msgRouter();
    let index = 0;
    try {
      ctx.atomic((inner) => {
        for (const msg of proposal.messages) {
          router.execute(inner, msg);
          index++;
        }
      });
      proposal.status = ProposalStatus.PROPOSAL_STATUS_PASSED;
      return [PROPOSAL_RESULT.passed, "passed"];
    } catch (e) {
      const err = toAppError(e);
      proposal.status = ProposalStatus.PROPOSAL_STATUS_FAILED;
      proposal.failedReason = err.message;
      return [
        PROPOSAL_RESULT.failed,
        `passed, but msg ${index} (${proposal.messages[index]?.typeUrl ?? ""}) failed on execution: ${err.message}`,
      ];
    }
  }

  /**
   * Keeper.Tally of x/gov v1 (SDK v0.50), in LegacyDec arithmetic: every vote counts with the
   * voter's delegated bonded stake; a validator's vote counts for the shares of delegators who did
   * not vote themselves. Reads only; the end blocker deletes the votes afterwards.
   */
  tally(ctx: Context, proposal: Proposal): TallyOutcome {
    const k = this.k;
    const results = new Map<number, Dec>(OPTIONS.map((o) => [o, 0n]));
    const add = (options: readonly WeightedVoteOption[], power: Dec) => {
      for (const o of options) results.set(o.option, (results.get(o.option) ?? 0n) + decMul(power, weightOf(o)));
    };
    let totalVotingPower: Dec = 0n;

    const validators = new Map<string, ValidatorGovInfo>();
    const operatorOfAccount = new Map<string, string>();
    const order: string[] = [];
    for (const v of k.staking.bondedValidators(ctx)) {
      // A validator without shares has no stake to count (and would divide by zero).
      if (v.delegatorShares === 0n) continue;
      validators.set(v.operator, { tokens: v.tokens, shares: v.delegatorShares, deductions: 0n });
      operatorOfAccount.set(v.accountAddress, v.operator);
      order.push(v.operator);
    }

    for (const vote of k.votesOf(ctx, proposal.id)) {
      const ownValidator = operatorOfAccount.get(vote.voter);
      if (ownValidator !== undefined) validators.get(ownValidator)!.vote = vote.options;
      for (const delegation of k.staking.delegationsOf(ctx, vote.voter)) {
        const val = validators.get(delegation.validator);
        if (!val) continue;
        val.deductions += delegation.shares;
        const power = decQuo(decMulInt(delegation.shares, val.tokens), val.shares);
        add(vote.options, power);
        totalVotingPower += power;
      }
    }

    for (const operator of order) {
      const val = validators.get(operator)!;
      if (!val.vote || val.vote.length === 0) continue;
      const power = decQuo(decMulInt(val.shares - val.deductions, val.tokens), val.shares);
      add(val.vote, power);
      totalVotingPower += power;
    }

    const yes = results.get(VoteOption.VOTE_OPTION_YES)!;
    const abstain = results.get(VoteOption.VOTE_OPTION_ABSTAIN)!;
    const veto = results.get(VoteOption.VOTE_OPTION_NO_WITH_VETO)!;
    const result: TallyResult = {
      yesCount: decTruncate(yes).toString(),
      abstainCount: decTruncate(abstain).toString(),
      noCount: decTruncate(results.get(VoteOption.VOTE_OPTION_NO)!).toString(),
      noWithVetoCount: decTruncate(veto).toString(),
    };
    const params = k.getParams(ctx);

    const totalBonded = k.staking.totalBondedTokens(ctx);
    if (totalBonded === 0n) return { passes: false, burnDeposits: false, result };

    const percentVoting = decQuo(totalVotingPower, decFromInt(totalBonded));
    if (percentVoting < parseGovDec(params.quorum, "quorum")) return { passes: false, burnDeposits: params.burnVoteQuorum, result };

    if (totalVotingPower - abstain === 0n) return { passes: false, burnDeposits: false, result };

    if (decQuo(veto, totalVotingPower) > parseGovDec(params.vetoThreshold, "veto threshold")) {
      return { passes: false, burnDeposits: params.burnVoteVeto, result };
    }

    const threshold = parseGovDec(proposal.expedited ? params.expeditedThreshold : params.threshold, "threshold");
    if (decQuo(yes, totalVotingPower - abstain) > threshold) return { passes: true, burnDeposits: false, result };
    return { passes: false, burnDeposits: false, result };
  }
}

function settle(ctx: Context, id: bigint, what: string, fn: (inner: Context) => void): void {
  try {
    ctx.atomic(fn);
  } catch (e) {
    ctx.logger.error({ module: "gov", proposal: id.toString(), err: toAppError(e).message }, `${what} proposal failed; retried next block`);
  }
}
