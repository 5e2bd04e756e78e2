import { BlockIdFlag, type Context } from "../../types/context";
import type { SlashingKeeper } from "./keeper";
import { minSignedPerWindowInt } from "./params";

/** x/slashing's BeginBlocker: every validator of the decided last commit signed or missed the previous block. */
export function slashingBeginBlock(k: SlashingKeeper, ctx: Context): void {
  const votes = ctx.block.lastCommitVotes ?? [];
  if (votes.length === 0) return;
  const params = k.params.get(ctx);
  const minSigned = minSignedPerWindowInt(params);
  for (const vote of votes) {
    k.handleValidatorSignature(ctx, vote.validatorAddress, vote.power, vote.blockIdFlag === BlockIdFlag.absent, params, minSigned);
  }
}
