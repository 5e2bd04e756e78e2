import type { Context } from "../../types/context";

// The narrow interfaces this module needs from others; src/app/modules.ts passes their keepers.

/** What feegrant needs from auth and bank: a grantee gets an account unless it is a blocked address. */
export interface AccountKeeper {
  hasAccount(ctx: Context, address: string): boolean;
  ensureAccount(ctx: Context, address: string): void;
}

export interface BankKeeper {
  isBlocked(address: string): boolean;
}
