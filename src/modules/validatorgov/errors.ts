import { registerError } from "../../types/errors";

/**
 * The validatorgov codespace. 1100–1116 are numbered as clients of the existing chain read
 * them (docs/modules/validatorgov.md); the chain's own additions follow from 1117.
 */
export const validatorgovErrors = {
  ErrInvalidSigner: registerError("validatorgov", 1100, "expected gov account as only signer for proposal message"),
  ErrApplicationNotFound: registerError("validatorgov", 1101, "validator application not found"),
  ErrApplicationNotPending: registerError("validatorgov", 1102, "validator application is not pending"),
  ErrNotApprovedValidator: registerError("validatorgov", 1103, "operator is not an approved validator"),
  ErrRotationInProgress: registerError("validatorgov", 1104, "a rotation of this operator is already pending"),
  ErrRotationNotFound: registerError("validatorgov", 1105, "operator rotation not found"),
  ErrRotationNotPending: registerError("validatorgov", 1106, "operator rotation is no longer pending"),
  ErrRotationNotRecovery: registerError("validatorgov", 1107, "operator rotation is not a recovery"),
  ErrRecoveryAlreadyDecided: registerError("validatorgov", 1108, "operator recovery is already decided"),
  ErrOperatorUnchanged: registerError("validatorgov", 1109, "new operator equals the current operator"),
  ErrOperatorInUse: registerError("validatorgov", 1110, "new operator is already an approved validator"),
  ErrNotCurrentOperator: registerError("validatorgov", 1111, "signer is not the current operator of the rotation"),
  ErrMissingReason: registerError("validatorgov", 1112, "a recovery needs a reason"),
  ErrInvalidDeclaration: registerError("validatorgov", 1113, "invalid declaration"),
  ErrNoValidator: registerError("validatorgov", 1114, "approved operator has no validator in staking"),
  ErrSeatReserveEmpty: registerError("validatorgov", 1115, "seat reserve holds too little to delegate the seats"),
  ErrInvalidSeats: registerError("validatorgov", 1116, "seats must be greater than zero"),
  ErrInvalidParams: registerError("validatorgov", 1117, "invalid params"),
  ErrValidatorHeld: registerError("validatorgov", 1118, "validator is held out by validatorgov (demoted or paused by a recovery)"),
} as const;
