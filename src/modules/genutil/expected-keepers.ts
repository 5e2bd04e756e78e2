import type { Context } from "../../types/context";

// The narrow interfaces this module needs from others; src/app/modules.ts passes their keepers.

/** What the account check needs from auth and bank. */
export interface AccountKeeper {
  hasAccount(ctx: Context, address: string): boolean;
}

export interface BankKeeper {
  getBalance(ctx: Context, address: string, denom: string): bigint;
}
