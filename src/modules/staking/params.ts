import { Params } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { isValidDenom } from "../../types/coins";
import { DEC_ONE, decFromWire, decToWire } from "../../types/dec";
import { sdkErrors } from "../../types/errors";

/** The SDK's DefaultUnbondingTime: three weeks. */
export const DEFAULT_UNBONDING_SECONDS = 3n * 7n * 24n * 3600n;
/** Tokens per unit of consensus power (sdk.DefaultPowerReduction). */
export const POWER_REDUCTION = 1_000_000n;
export const BONDED_POOL = "bonded_tokens_pool";
export const NOT_BONDED_POOL = "not_bonded_tokens_pool";

export function defaultStakingParams(): Params {
  return Params.fromPartial({
    unbondingTime: { seconds: DEFAULT_UNBONDING_SECONDS, nanos: 0 },
    maxValidators: 100,
    maxEntries: 7,
    historicalEntries: 10000,
    bondDenom: "uyml",
    minCommissionRate: decToWire(0n),
  });
}

/** Params.Validate of the SDK. */
export function validateStakingParams(p: Params): void {
  const t = p.unbondingTime;
  if (!t || t.seconds < 0n || t.nanos < 0 || (t.seconds === 0n && t.nanos === 0))
    throw sdkErrors.ErrInvalidRequest.wrap("unbonding time must be positive");
  if (p.maxValidators === 0) throw sdkErrors.ErrInvalidRequest.wrap("max validators must be positive");
  if (p.maxEntries === 0) throw sdkErrors.ErrInvalidRequest.wrap("max entries must be positive");
  if (!isValidDenom(p.bondDenom))
    throw sdkErrors.ErrInvalidRequest.wrap(`invalid bond denom: ${JSON.stringify(p.bondDenom.slice(0, 140))}`);
  const minRate = decFromWire(p.minCommissionRate, "minimum commission rate");
  if (minRate < 0n) throw sdkErrors.ErrInvalidRequest.wrap("minimum commission rate cannot be negative");
  if (minRate > DEC_ONE) throw sdkErrors.ErrInvalidRequest.wrap("minimum commission rate cannot be greater than 100%");
}
