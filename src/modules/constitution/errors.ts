import { registerError } from "../../types/errors";

/** The constitution codespace, 1100–1107 as clients know them: codes are never renumbered. */
export const constitutionErrors = {
  ErrInvalidSigner: registerError("constitution", 1100, "expected gov account as only signer for proposal message"),
  ErrInvariantViolation: registerError("constitution", 1101, "value fixed at genesis cannot be changed by a parameter update"),
  ErrAmendmentNotFound: registerError("constitution", 1102, "amendment not found"),
  ErrAmendmentClosed: registerError("constitution", 1103, "amendment is no longer pending"),
  ErrAlreadyRatified: registerError("constitution", 1104, "validator already ratified this amendment"),
  ErrUnknownValidator: registerError("constitution", 1105, "not a bonded validator"),
  ErrNoInvariants: registerError("constitution", 1106, "chain has no constitution"),
  ErrConstitutionalInvariant: registerError("constitution", 1107, "would break a constitutional invariant"),
} as const;
