import { moduleAddress } from "../../types/address";
import { BlockIdFlag, type Context } from "../../types/context";
import { DEC_ONE, decFromInt, decFromWire, decQuoTruncate } from "../../types/dec";
import { decCoinsFromCoins, mulDecTruncate, subDecCoins } from "./dec-coins";
import type { DistributionKeeper } from "./keeper";
import { DISTRIBUTION_MODULE } from "./params";
import { allocateTokensToValidator } from "./rewards";

/**
 * BeginBlock (the SDK's AllocateTokens): everything in the fee collector moves to the
 * distribution account. The community tax stays in the community pool; the rest goes to the
 * validators that signed the previous block (BlockIdFlag commit), each by its power over the
 * power that signed. Truncation remainders, the share of a signer whose validator no longer
 * exists, and all of it when nobody signed, go to the community pool: nothing is created.
 */
export function allocateTokens(k: DistributionKeeper, ctx: Context): void {
  const collected = k.bank.getAllBalances(ctx, moduleAddress(k.feeCollector)).filter((c) => c.amount > 0n);
  if (collected.length === 0) return;
  k.bank.sendCoinsFromModuleToModule(ctx, k.feeCollector, DISTRIBUTION_MODULE, collected);
  const fees = decCoinsFromCoins(collected);
  const signers = (ctx.block.lastCommitVotes ?? []).filter((v) => v.blockIdFlag === BlockIdFlag.commit && v.power > 0n);
  const signedPower = signers.reduce((sum, v) => sum + v.power, 0n);
  if (signedPower === 0n) {
    k.addToCommunityPool(ctx, fees);
    return;
  }
  let remaining = fees;
  const validatorsShare = mulDecTruncate(fees, DEC_ONE - decFromWire(k.params.get(ctx).communityTax));
  for (const vote of signers) {
    const validator = k.staking.validatorByConsAddr(ctx, vote.validatorAddress);
    if (!validator) continue;
    const reward = mulDecTruncate(validatorsShare, decQuoTruncate(decFromInt(vote.power), decFromInt(signedPower)));
    allocateTokensToValidator(k, ctx, validator, reward);
    remaining = subDecCoins(remaining, reward);
  }
  k.addToCommunityPool(ctx, remaining);
}

export function distributionBeginBlock(k: DistributionKeeper, ctx: Context): void {
  // Height 1 has no previous block whose signers could be paid (as the SDK).
  if (ctx.height > 1n) allocateTokens(k, ctx);
  // Kept for genesis export as the SDK does; a block without a proposer (replays, tools) leaves it.
  if (ctx.block.proposer.length > 0) k.previousProposer.set(ctx, ctx.block.proposer);
}
