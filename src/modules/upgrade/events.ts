import type { Plan } from "cosmjs-types/cosmos/upgrade/v1beta1/upgrade";
import type { Context } from "../../types/context";

/** Plain events (the SDK's x/upgrade emits none of its own for these steps); attributes snake_case. */
export const upgradeEvents = {
  scheduled(ctx: Context, plan: Plan): void {
    ctx.events.emit("upgrade_scheduled", { name: plan.name, height: plan.height.toString(), info: plan.info });
  },
  cancelled(ctx: Context, plan: Plan | undefined): void {
    ctx.events.emit("upgrade_cancelled", { name: plan?.name ?? "" });
  },
  applied(ctx: Context, plan: Plan): void {
    ctx.events.emit("upgrade_applied", { name: plan.name, height: plan.height.toString() });
  },
};
