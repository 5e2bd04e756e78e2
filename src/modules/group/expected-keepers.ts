import type { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import type { Context } from "../../types/context";

// The narrow interfaces this module needs from others; src/app/modules.ts passes their keepers.

/** What group needs from auth: creating the policy accounts. */
export interface AccountKeeper {
  hasAccount(ctx: Context, address: string): boolean;
  newAccount(ctx: Context, address: string): BaseAccount;
}
