import type { BuilderApplication } from "../../gen/blockchain/builderfee/v1/builderfee";
import { formatCoins, type Coin } from "../../types/coins";
import type { Context } from "../../types/context";

/**
 * Plain Cosmos events: builderfee has no events.proto (docs/wire/fields-part-b.md). Attribute names
 * are the proto field names.
 */
export const builderfeeEvents = {
  builderRegistered(ctx: Context, app: BuilderApplication): void {
    ctx.events.emit("builderfee_builder_registered", {
      msg_type_url: app.msgTypeUrl,
      creator: app.creator,
      payout_address: app.payoutAddress,
    });
  },
  applicationDecided(ctx: Context, app: BuilderApplication, approved: boolean): void {
    ctx.events.emit("builderfee_application_decided", {
      msg_type_url: app.msgTypeUrl,
      payout_address: app.payoutAddress,
      approved: String(approved),
    });
  },
  feePaid(ctx: Context, msgTypeUrl: string, payoutAddress: string, amount: readonly Coin[], txHash: string): void {
    ctx.events.emit("builderfee_fee_paid", {
      msg_type_url: msgTypeUrl,
      payout_address: payoutAddress,
      amount: formatCoins(amount),
      tx_hash: txHash,
    });
  },
};
