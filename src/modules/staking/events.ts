import type { Context } from "../../types/context";

/** The SDK's plain x/staking events (types/events.go), so explorers index them as they do today. */
export const stakingEvents = {
  jail(ctx: Context, validator: string): void {
    ctx.events.emit("jail", { validator });
  },
  createValidator(ctx: Context, validator: string, amount: string): void {
    ctx.events.emit("create_validator", { validator, amount });
  },
  editValidator(ctx: Context, commissionRate: string, minSelfDelegation: string): void {
    ctx.events.emit("edit_validator", { commission_rate: commissionRate, min_self_delegation: minSelfDelegation });
  },
  delegate(ctx: Context, validator: string, delegator: string, amount: string, newShares: string): void {
    ctx.events.emit("delegate", { validator, delegator, amount, new_shares: newShares });
  },
  unbond(ctx: Context, validator: string, delegator: string, amount: string, completionTime: string): void {
    ctx.events.emit("unbond", { validator, delegator, amount, completion_time: completionTime });
  },
  redelegate(ctx: Context, src: string, dst: string, amount: string, completionTime: string): void {
    ctx.events.emit("redelegate", { source_validator: src, destination_validator: dst, amount, completion_time: completionTime });
  },
  cancelUnbonding(ctx: Context, validator: string, delegator: string, amount: string, creationHeight: string): void {
    ctx.events.emit("cancel_unbonding_delegation", { amount, validator, delegator, creation_height: creationHeight });
  },
  completeUnbonding(ctx: Context, amount: string, validator: string, delegator: string): void {
    ctx.events.emit("complete_unbonding", { amount, validator, delegator });
  },
  completeRedelegation(ctx: Context, amount: string, delegator: string, src: string, dst: string): void {
    ctx.events.emit("complete_redelegation", { amount, delegator, source_validator: src, destination_validator: dst });
  },
};
