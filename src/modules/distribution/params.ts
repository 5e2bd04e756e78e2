import { Params } from "cosmjs-types/cosmos/distribution/v1beta1/distribution";
import { DEC_ONE, decFromString, decFromWire, decToWire } from "../../types/dec";
import { sdkErrors } from "../../types/errors";

export const DISTRIBUTION_MODULE = "distribution";

/** The SDK's DefaultParams: 2% community tax, withdraw addresses enabled, no proposer reward (removed in v0.50). */
export function defaultDistributionParams(): Params {
  return { communityTax: decToWire(decFromString("0.02")), baseProposerReward: "0", bonusProposerReward: "0", withdrawAddrEnabled: true };
}

/**
 * Params.ValidateBasic plus MsgUpdateParams' refusal of the deprecated proposer rewards; returns
 * the canonical form (wire Decs). The SDK answers a bad tax with an unregistered error (ABCI
 * code 1); this module uses sdk ErrInvalidRequest (18) so the refusal carries a real code.
 */
export function validateDistributionParams(p: Params): Params {
  if (p.communityTax === "") throw sdkErrors.ErrInvalidRequest.wrap("community tax must be not nil");
  const tax = decFromWire(p.communityTax, "community tax");
  if (tax < 0n) throw sdkErrors.ErrInvalidRequest.wrap(`community tax must be positive: ${p.communityTax}`);
  if (tax > DEC_ONE) throw sdkErrors.ErrInvalidRequest.wrap(`community tax too large: ${p.communityTax}`);
  if (decFromWire(p.baseProposerReward) !== 0n || decFromWire(p.bonusProposerReward) !== 0n) {
    throw sdkErrors.ErrInvalidRequest.wrap("cannot update base or bonus proposer reward because these are deprecated fields");
  }
  return { communityTax: decToWire(tax), baseProposerReward: "0", bonusProposerReward: "0", withdrawAddrEnabled: p.withdrawAddrEnabled };
}
