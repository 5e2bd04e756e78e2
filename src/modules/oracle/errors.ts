import { GrpcCode, registerError } from "../../types/errors";

/** The oracle codespace, 1100–1116 as clients know them: codes are never renumbered. */
export const oracleErrors = {
  ErrInvalidSigner: registerError("oracle", 1100, "expected gov account as only signer for proposal message"),
  ErrUnknownValidator: registerError("oracle", 1101, "not a bonded validator"),
  ErrNotTheFeeder: registerError("oracle", 1102, "signer is not the validator's feeder"),
  ErrDenomNotAccepted: registerError("oracle", 1103, "denom is not in the accepted set"),
  ErrInvalidRate: registerError("oracle", 1104, "rate must be a positive decimal"),
  ErrNotAnAppraiser: registerError("oracle", 1105, "not an approved appraiser"),
  ErrOutOfScope: registerError("oracle", 1106, "appraiser not approved for the class"),
  ErrAssetNotFound: registerError("oracle", 1107, "asset not found"),
  ErrApplicationExists: registerError("oracle", 1108, "appraiser application already exists"),
  ErrApplicationMissing: registerError("oracle", 1109, "appraiser application not found"),
  ErrNotPending: registerError("oracle", 1110, "appraiser application is not pending"),
  ErrInvalidValuation: registerError("oracle", 1111, "invalid valuation"),
  ErrValuationInFuture: registerError("oracle", 1112, "valuation dated in the future"),
  ErrRateUnavailable: registerError("oracle", 1113, "no exchange rate for the denom", GrpcCode.NotFound),
  ErrAppraisalMissing: registerError("oracle", 1114, "no appraisal for the asset", GrpcCode.NotFound),
  ErrStale: registerError("oracle", 1115, "price is stale"),
  ErrLimitReached: registerError("oracle", 1116, "limit reached"),
} as const;
