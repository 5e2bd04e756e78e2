import { GrpcCode, registerError } from "../../types/errors";

/**
 * x/distribution's codespace, numbered as the SDK's x/distribution/types/errors.go. Codes 2–4
 * (empty addresses), 10 and 11 (legacy spend proposal) are not registered: SDK v0.50 answers
 * those cases with sdk ErrInvalidAddress / ErrInvalidCoins, as this module does. Queries about
 * a validator or delegation that does not exist answer gRPC NotFound (REST 404) where the SDK's
 * unannotated registration gives Unknown (500): same ABCI code, an answer explorers can read.
 */
export const distributionErrors = {
  ErrEmptyDelegationDistInfo: registerError("distribution", 5, "no delegation distribution info"),
  ErrNoValidatorDistInfo: registerError("distribution", 6, "no validator distribution info"),
  ErrNoValidatorCommission: registerError("distribution", 7, "no validator commission to withdraw"),
  ErrSetWithdrawAddrDisabled: registerError("distribution", 8, "set withdraw address disabled"),
  ErrBadDistribution: registerError("distribution", 9, "community pool does not have sufficient coins to distribute"),
  ErrNoValidatorExists: registerError("distribution", 12, "validator does not exist", GrpcCode.NotFound),
  ErrNoDelegationExists: registerError("distribution", 13, "delegation does not exist", GrpcCode.NotFound),
} as const;
