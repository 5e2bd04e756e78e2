import type { Context } from "../../types/context";

/** The SDK's x/slashing events (types/events.go), so explorers index them as they do today. */
export const slashingEvents = {
  /** A block the validator should have signed was missed (liveness). */
  liveness(ctx: Context, consAddr: string, missedBlocks: bigint): void {
    ctx.events.emit("liveness", { address: consAddr, missed_blocks: missedBlocks.toString(), height: ctx.height.toString() });
  },
  /** A slash for downtime or double signing (SlashWithInfractionReason). */
  slash(ctx: Context, consAddr: string, power: bigint, reason: "missing_signature" | "double_sign", burned: string): void {
    ctx.events.emit("slash", { address: consAddr, power: power.toString(), reason, burned });
  },
  /** A downtime slash, which names the jailed validator in the same event (HandleValidatorSignature). */
  downtimeSlash(ctx: Context, consAddr: string, power: bigint, burned: string): void {
    ctx.events.emit("slash", { address: consAddr, power: power.toString(), reason: "missing_signature", jailed: consAddr, burned });
  },
  jailed(ctx: Context, consAddr: string): void {
    ctx.events.emit("slash", { jailed: consAddr });
  },
};
