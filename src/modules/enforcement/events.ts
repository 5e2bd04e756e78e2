import { CaseAction, CaseStatus, VoteOption, type Case } from "../../gen/blockchain/enforcement/v1/enforcement";
import type { ProtoCoin } from "../../types/coins";
import type { Context } from "../../types/context";

const E = "blockchain.enforcement.v1.";

const coinsJson = (coins: readonly ProtoCoin[]) => coins.map((c) => ({ denom: c.denom, amount: c.amount }));

/** Typed events of events.proto: 64-bit integers as decimal strings, enums by name. */
export const enforcementEvents = {
  caseOpened(ctx: Context, c: Case): void {
    ctx.events.emitTyped(E + "EventCaseOpened", {
      case_id: c.id.toString(),
      target: c.target,
      opener: c.opener,
      action: CaseAction[c.action],
      reason: c.reason,
      voting_ends_at_height: c.votingEndsAtHeight.toString(),
      emergency: c.emergency,
    });
  },
  caseVoted(ctx: Context, caseId: bigint, validator: string, option: VoteOption, power: bigint): void {
    ctx.events.emitTyped(E + "EventCaseVoted", {
      case_id: caseId.toString(),
      validator,
      option: VoteOption[option],
      power: power.toString(),
    });
  },
  caseResolved(ctx: Context, c: Case, requiredPower: bigint): void {
    ctx.events.emitTyped(E + "EventCaseResolved", {
      case_id: c.id.toString(),
      target: c.target,
      status: CaseStatus[c.status],
      yes_power: c.yesPower.toString(),
      no_power: c.noPower.toString(),
      required_power: requiredPower.toString(),
    });
  },
  seized(ctx: Context, c: Case, destination: string, collected: readonly ProtoCoin[], complete: boolean): void {
    ctx.events.emitTyped(E + "EventSeized", {
      case_id: c.id.toString(),
      target: c.target,
      destination,
      collected: coinsJson(collected),
      complete,
    });
  },
  caseHeld(ctx: Context, c: Case, delayBlocks: bigint): void {
    ctx.events.emitTyped(E + "EventCaseHeld", {
      case_id: c.id.toString(),
      target: c.target,
      assessed_value: coinsJson(c.assessedValue),
      execute_at_height: c.executeAtHeight.toString(),
      delay_blocks: delayBlocks.toString(),
    });
  },
  caseVetoed(ctx: Context, c: Case, ombudsman: string, reason: string, wasHeld: boolean): void {
    ctx.events.emitTyped(E + "EventCaseVetoed", { case_id: c.id.toString(), target: c.target, ombudsman, reason, was_held: wasHeld });
  },
  seizureDeferred(ctx: Context, c: Case, retryAtHeight: bigint, reason: string): void {
    ctx.events.emitTyped(E + "EventSeizureDeferred", {
      case_id: c.id.toString(),
      target: c.target,
      retry_at_height: retryAtHeight.toString(),
      reason,
    });
  },
  freezeLifted(ctx: Context, address: string, caseId: bigint, status: CaseStatus): void {
    ctx.events.emitTyped(E + "EventFreezeLifted", { address, case_id: caseId.toString(), status: CaseStatus[status] });
  },
};
