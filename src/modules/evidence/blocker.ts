import { bech32Prefix, toBech32 } from "../../types/address";
import type { Context } from "../../types/context";
import type { EvidenceKeeper } from "./keeper";

/**
 * x/evidence's BeginBlocker: every misbehavior CometBFT committed in this block — duplicate
 * votes and light client attacks alike, as the SDK treats them — is handled as equivocation.
 */
export function evidenceBeginBlock(k: EvidenceKeeper, ctx: Context): void {
  for (const m of ctx.block.misbehavior ?? []) {
    k.handleEquivocation(ctx, { height: m.height, time: m.time, power: m.power, consensusAddress: toBech32(bech32Prefix.consensus, m.validatorAddress) });
  }
}
