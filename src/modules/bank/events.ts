import { formatCoins, type Coin } from "../../types/coins";
import type { Context } from "../../types/context";

/**
 * The SDK's plain x/bank events (types/events.go), which explorers and cosmjs's searches read.
 * Nothing is formatted for a context that does not record events (CheckTx: every fee payment).
 */
export const bankEvents = {
  coinSpent(ctx: Context, spender: string, coins: readonly Coin[]): void {
    if (!ctx.events.recording) return;
    ctx.events.emit("coin_spent", { spender, amount: formatCoins(coins) });
  },
  coinReceived(ctx: Context, receiver: string, coins: readonly Coin[]): void {
    if (!ctx.events.recording) return;
    ctx.events.emit("coin_received", { receiver, amount: formatCoins(coins) });
  },
  transfer(ctx: Context, sender: string, recipient: string, coins: readonly Coin[]): void {
    if (!ctx.events.recording) return;
    ctx.events.emit("transfer", { recipient, sender, amount: formatCoins(coins) });
  },
  coinbase(ctx: Context, minter: string, coins: readonly Coin[]): void {
    if (!ctx.events.recording) return;
    ctx.events.emit("coinbase", { minter, amount: formatCoins(coins) });
  },
  burn(ctx: Context, burner: string, coins: readonly Coin[]): void {
    if (!ctx.events.recording) return;
    ctx.events.emit("burn", { burner, amount: formatCoins(coins) });
  },
};
