import type { Context } from "../../types/context";
import type { Coin } from "../../types/coins";

// The narrow interfaces this module needs from others; src/app/modules.ts passes their keepers.

/** The fee share leaves the fee collector through bank, so blocked addresses apply. */
export interface BankKeeper {
  sendCoinsFromModuleToAccount(ctx: Context, module: string, to: string, coins: readonly Coin[]): void;
}

/** Which type URLs the chain routes; bound once the app's router exists. */
export interface MsgTypes {
  has(typeUrl: string): boolean;
}
