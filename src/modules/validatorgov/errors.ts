import { registerError } from "../../types/errors";

/**
 * The validatorgov codespace. The spec and the wire sheet leave the codes open ("not
 * shown"); they are numbered from 1100 like the constitution and enforcement codespaces,
 * 1100 being the wrong-authority error as everywhere else (docs/modules/validatorgov.md).
 */
export const validatorgovErrors = {
  ErrInvalidSigner: registerError("validatorgov", 1100, "expected gov account as only signer for proposal message"),
  ErrApplicationExists: registerError("validatorgov", 1101, "validator application already pending or approved"),
  ErrApplicationNotFound: registerError("validatorgov", 1102, "validator application not found"),
  ErrApplicationNotPending: registerError("validatorgov", 1103, "validator application is not pending"),
  ErrNotApproved: registerError("validatorgov", 1104, "operator is not an approved validator"),
  ErrInvalidDeclaration: registerError("validatorgov", 1105, "invalid declaration"),
  ErrInvalidSeats: registerError("validatorgov", 1106, "seats must be greater than zero"),
  ErrValidatorNotFound: registerError("validatorgov", 1107, "approved operator has no validator in staking"),
  ErrRotationNotFound: registerError("validatorgov", 1108, "operator rotation not found"),
  ErrRotationClosed: registerError("validatorgov", 1109, "operator rotation is no longer pending"),
  ErrRotationPending: registerError("validatorgov", 1110, "a rotation of this operator is already pending"),
  ErrInvalidRotation: registerError("validatorgov", 1111, "invalid operator rotation"),
  ErrNotCurrentOperator: registerError("validatorgov", 1112, "signer is not the current operator of the rotation"),
  ErrInvalidParams: registerError("validatorgov", 1113, "invalid params"),
  ErrSeatReserveInsufficient: registerError("validatorgov", 1114, "seat reserve holds too little to delegate the seats"),
  ErrInvalidApplication: registerError("validatorgov", 1115, "invalid validator application"),
  ErrValidatorHeld: registerError("validatorgov", 1116, "validator is held out by validatorgov (demoted or paused by a recovery)"),
} as const;
