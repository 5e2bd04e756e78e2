import type { WeightedVoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import { formatCoins, type Coin } from "../../types/coins";
import type { Context } from "../../types/context";

/** x/gov's plain events and attribute names (x/gov/types/events.go). */
export const PROPOSAL_RESULT = {
  dropped: "proposal_dropped",
  passed: "proposal_passed",
  rejected: "proposal_rejected",
  failed: "proposal_failed",
  expeditedRejected: "expedited_proposal_rejected",
} as const;

export const govEvents = {
  submit(ctx: Context, id: bigint, messageTypes: string): void {
    ctx.events.emit("submit_proposal", { proposal_id: id.toString(), proposal_messages: messageTypes });
  },
  votingPeriodStart(ctx: Context, type: "submit_proposal" | "proposal_deposit", id: bigint): void {
    ctx.events.emit(type, { voting_period_start: id.toString() });
  },
  deposit(ctx: Context, id: bigint, depositor: string, amount: readonly Coin[]): void {
    ctx.events.emit("proposal_deposit", { amount: formatCoins(amount), proposal_id: id.toString(), depositor });
  },
  vote(ctx: Context, id: bigint, voter: string, options: readonly WeightedVoteOption[]): void {
    // The SDK v0.50 JSON-marshals the options with encoding/json: enum as its number.
    const json = JSON.stringify(options.map((o) => ({ option: o.option, weight: o.weight })));
    ctx.events.emit("proposal_vote", { voter, option: json, proposal_id: id.toString() });
  },
  cancel(ctx: Context, id: bigint, sender: string): void {
    ctx.events.emit("cancel_proposal", { sender, proposal_id: id.toString() });
  },
  inactive(ctx: Context, id: bigint): void {
    ctx.events.emit("inactive_proposal", { proposal_id: id.toString(), proposal_result: PROPOSAL_RESULT.dropped });
  },
  active(ctx: Context, id: bigint, result: string, log: string): void {
    ctx.events.emit("active_proposal", { proposal_id: id.toString(), proposal_result: result, proposal_log: log });
  },
};
