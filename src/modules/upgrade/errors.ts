import { GrpcCode, registerError } from "../../types/errors";

/**
 * x/upgrade's codespace, numbered as the SDK (cosmossdk.io/x/upgrade/types/errors.go). The
 * consensus-state query answers NotFound (404), not the gateway's 500 for an unmapped error.
 */
export const upgradeErrors = {
  ErrUpgradeScheduled: registerError("upgrade", 2, "upgrade cannot be scheduled in the past"),
  ErrUpgradeCompleted: registerError("upgrade", 3, "upgrade has already been completed"),
  ErrNoUpgradePlanFound: registerError("upgrade", 4, "upgrade plan not found"),
  ErrNoUpgradedClientFound: registerError("upgrade", 5, "upgraded client not found"),
  ErrNoUpgradedConsensusStateFound: registerError("upgrade", 6, "upgraded consensus state not found", GrpcCode.NotFound),
  ErrInvalidSigner: registerError("upgrade", 7, "expected authority account as only signer for proposal message"),
} as const;
