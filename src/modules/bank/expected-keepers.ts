import type { Context } from "../../types/context";

// The narrow interfaces this module needs from others; src/app/modules.ts passes their keepers.

/** What bank needs from auth: account creation on first receipt, and module accounts. */
export interface AccountKeeper {
  ensureAccount(ctx: Context, address: string): void;
  moduleAccountAddress(ctx: Context, name: string): string;
  hasPermission(moduleName: string, permission: "minter" | "burner" | "staking"): boolean;
  /** Every registered module account's name. */
  moduleAccountNames(): string[];
}
