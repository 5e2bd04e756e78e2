import type { Coin } from "../../types/coins";
import type { Context } from "../../types/context";

// The narrow interfaces this module needs from others; src/app/modules.ts passes their keepers.

/** Reserves sit in the netting module account; gross obligations move as ordinary transfers. */
export interface BankKeeper {
  sendCoins(ctx: Context, from: string, to: string, coins: readonly Coin[]): void;
  sendCoinsFromAccountToModule(ctx: Context, from: string, module: string, coins: readonly Coin[]): void;
  sendCoinsFromModuleToAccount(ctx: Context, module: string, to: string, coins: readonly Coin[]): void;
  /** The simulation's invariant: the module account holds exactly the reserves. */
  getAllBalances(ctx: Context, address: string): Coin[];
}

/** Netting's participants are paymsg's approved institutions. */
export interface PaymsgKeeper {
  isApprovedParticipant(ctx: Context, participant: string): boolean;
}
