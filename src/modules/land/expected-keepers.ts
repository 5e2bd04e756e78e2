import type { Context } from "../../types/context";

/** What land needs from group: whether an address is a group policy account (an office), and its members (the simulation finds an office's operator there). */
export interface GroupKeeper {
  isGroupPolicy(ctx: Context, address: string): boolean;
  policyInfo(ctx: Context, address: string): { members: ReadonlyArray<{ address: string }> } | undefined;
}
