import type { Params } from "../../gen/blockchain/builderfee/v1/params";
import { sdkErrors } from "../../types/errors";

export const BPS_DENOMINATOR = 10_000n;

export function defaultBuilderfeeParams(): Params {
  return { builderFeeShareBps: 3000n };
}

export function validateBuilderfeeParams(p: Params): void {
  if (p.builderFeeShareBps > BPS_DENOMINATOR) {
    throw sdkErrors.ErrInvalidRequest.wrap(`builder_fee_share_bps cannot exceed ${BPS_DENOMINATOR}, got ${p.builderFeeShareBps}`);
  }
}
