import type { Context } from "../../types/context";

// The narrow interfaces this module needs from others; src/app/modules.ts passes their keepers.

/** What authz needs from auth: grantees get an account when first granted, as in the SDK. */
export interface AccountKeeper {
  ensureAccount(ctx: Context, address: string): void;
}
