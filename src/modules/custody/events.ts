import type { Context } from "../../types/context";

/**
 * Plain Cosmos events: custody has no events.proto (docs/wire/fields-part-a.md). Attribute names are
 * the proto field names.
 */
export const custodyEvents = {
  assetRegistered(ctx: Context, denom: string, sourceChain: string, symbol: string, exponent: number): void {
    ctx.events.emit("custody_asset_registered", { denom, source_chain: sourceChain, symbol, exponent: String(exponent) });
  },
  attestorSet(ctx: Context, attestor: string, active: boolean): void {
    ctx.events.emit("custody_attestor_set", { attestor, active: String(active) });
  },
  depositAttested(ctx: Context, depositId: string, attestor: string, attestations: number): void {
    ctx.events.emit("custody_deposit_attested", { deposit_id: depositId, attestor, attestations: String(attestations) });
  },
  depositCredited(ctx: Context, depositId: string, recipient: string, denom: string, amount: bigint, fee: bigint): void {
    ctx.events.emit("custody_deposit_credited", {
      deposit_id: depositId,
      recipient,
      denom,
      amount: amount.toString(),
      fee: fee.toString(),
    });
  },
  reserveReported(ctx: Context, denom: string, attestor: string, held: bigint): void {
    ctx.events.emit("custody_reserve_reported", { denom, attestor, held: held.toString() });
  },
  feesWithdrawn(ctx: Context, denom: string, recipient: string, amount: bigint): void {
    ctx.events.emit("custody_fees_withdrawn", { denom, recipient, amount: amount.toString() });
  },
  redemptionRequested(
    ctx: Context,
    id: string,
    redeemer: string,
    denom: string,
    amount: bigint,
    fee: bigint,
    payableAtHeight: bigint,
  ): void {
    ctx.events.emit("custody_redemption_requested", {
      redemption_id: id,
      redeemer,
      denom,
      amount: amount.toString(),
      fee: fee.toString(),
      payable_at_height: payableAtHeight.toString(),
    });
  },
  redemptionSettled(ctx: Context, id: string, attestor: string, settledRef: string): void {
    ctx.events.emit("custody_redemption_settled", { redemption_id: id, attestor, settled_ref: settledRef });
  },
};
