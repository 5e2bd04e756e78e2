import type { Context } from "../../types/context";

/** What land needs from group: whether an address is a group policy account (an office). */
export interface GroupKeeper {
  isGroupPolicy(ctx: Context, address: string): boolean;
}
