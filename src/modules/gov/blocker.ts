import { ProposalStatus, type Proposal } from "cosmjs-types/cosmos/gov/v1/gov";
import type { Context } from "../../types/context";
import { toAppError } from "../../types/errors";
import { govEvents, PROPOSAL_RESULT } from "./events";
import type { GovKeeper } from "./keeper";
import { tally } from "./tally";
import { addDuration } from "../../types/time";

/**
 * x/gov's EndBlocker: drops proposals whose deposit period ended without the minimum deposit,
 * then tallies those whose voting period ended. Each proposal is settled atomically; one that
 * cannot be settled (a refund refused, say) keeps its queue entry and is retried next block
 * rather than halting the chain or blocking the others.
 */
export function govEndBlock(ctx: Context, k: GovKeeper): void {
  for (const id of k.dueIds(ctx, "inactive", ctx.time)) settle(ctx, id, "dropping", (inner) => dropProposal(inner, k, id));
  for (const id of k.dueIds(ctx, "active", ctx.time)) settle(ctx, id, "tallying", (inner) => endVoting(inner, k, id));
}

function settle(ctx: Context, id: bigint, what: string, fn: (inner: Context) => void): void {
  try {
    ctx.atomic(fn);
  } catch (e) {
    ctx.logger.error({ module: "gov", proposal: id.toString(), err: toAppError(e).message }, `${what} proposal failed; retried next block`);
  }
}

function dropProposal(ctx: Context, k: GovKeeper, id: bigint): void {
  if (!k.getProposal(ctx, id)) return;
  k.deleteProposal(ctx, id);
  if (k.getParams(ctx).burnProposalDepositPrevote) k.deleteAndBurnDeposits(ctx, id);
  else k.refundAndDeleteDeposits(ctx, id);
  govEvents.inactive(ctx, id);
  ctx.logger.info({ module: "gov", proposal: id.toString() }, "proposal did not meet minimum deposit; deleted");
}

function endVoting(ctx: Context, k: GovKeeper, id: bigint): void {
  const proposal = k.getProposal(ctx, id);
  if (!proposal) return;
  const { passes, burnDeposits, result } = tally(ctx, k, proposal);
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
    [outcome, log] = execute(ctx, k, proposal);
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
function execute(ctx: Context, k: GovKeeper, proposal: Proposal): [string, string] {
  const router = k.msgRouter();
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
    return [PROPOSAL_RESULT.failed, `passed, but msg ${index} (${proposal.messages[index]?.typeUrl ?? ""}) failed on execution: ${err.message}`];
  }
}
