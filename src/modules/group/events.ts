import {
  proposalExecutorResultToJSON,
  proposalStatusToJSON,
  type ProposalExecutorResult,
  type ProposalStatus,
  type TallyResult,
} from "cosmjs-types/cosmos/group/v1/types";
import type { Context } from "../../types/context";
import type { JsonValue } from "../../types/events";

type GroupEvent =
  | "EventCreateGroup"
  | "EventUpdateGroup"
  | "EventCreateGroupPolicy"
  | "EventUpdateGroupPolicy"
  | "EventSubmitProposal"
  | "EventWithdrawProposal"
  | "EventVote"
  | "EventExec"
  | "EventLeaveGroup"
  | "EventProposalPruned"
  | "EventTallyError";

/** Typed events under cosmos.group.v1, fields in proto order, as the SDK's EmitTypedEvent writes them. */
export function emitGroupEvent(ctx: Context, name: GroupEvent, fields: Record<string, JsonValue>): void {
  ctx.events.emitTyped(`cosmos.group.v1.${name}`, fields);
}

export const groupEvents = {
  exec(ctx: Context, proposalId: bigint, result: ProposalExecutorResult, logs: string): void {
    emitGroupEvent(ctx, "EventExec", { proposal_id: proposalId.toString(), result: proposalExecutorResultToJSON(result), logs });
  },
  pruned(ctx: Context, proposalId: bigint, status: ProposalStatus, tally: TallyResult): void {
    emitGroupEvent(ctx, "EventProposalPruned", {
      proposal_id: proposalId.toString(),
      status: proposalStatusToJSON(status),
      tally_result: {
        yes_count: tally.yesCount,
        abstain_count: tally.abstainCount,
        no_count: tally.noCount,
        no_with_veto_count: tally.noWithVetoCount,
      },
    });
  },
};
