import { ErrorKind, registerError, registeredError } from "../../types/errors";

/**
 * The enforcement codespace, numbered as clients know it (1100–1113, 1115–1117; 1114 is absent;
 * 1118, 1119 as docs/wire/fields-part-b.md). Codes are never renumbered.
 */
export const enforcementErrors = {
  ErrInvalidSigner: registerError("enforcement", 1100, "expected gov account as only signer for proposal message"),
  ErrUnknownValidator: registerError("enforcement", 1101, "signer is not a bonded validator"),
  ErrCaseNotFound: registerError("enforcement", 1102, "case not found"),
  ErrCaseClosed: registerError("enforcement", 1103, "case is closed"),
  ErrAlreadyVoted: registerError("enforcement", 1104, "validator already voted on this case"),
  ErrAlreadyFrozen: registerError("enforcement", 1105, "an open case already freezes the address"),
  ErrNotTheOpener: registerError("enforcement", 1106, "only the opener may withdraw the case"),
  ErrFrozen: registerError("enforcement", 1107, "account frozen by a case"),
  ErrEvidenceRequired: registerError("enforcement", 1108, "a seizure needs evidence"),
  ErrInvalidCase: registerError("enforcement", 1109, "invalid case"),
  ErrNotSeizure: registerError("enforcement", 1110, "case is not a seizure"),
  ErrNotPassed: registerError("enforcement", 1111, "case has not passed"),
  ErrProtectedAddress: registerError("enforcement", 1112, "address cannot be frozen or seized"),
  ErrLimitReached: registerError("enforcement", 1113, "limit reached"),
  ErrLegalInstrumentRequired: registerError("enforcement", 1115, "a seizure needs a legal instrument"),
  ErrNoOmbudsman: registerError("enforcement", 1116, "no ombudsman is set"),
  ErrOmbudsmanCannotInitiate: registerError("enforcement", 1117, "the ombudsman may only stop cases"),
  ErrSeizureCapReached: registerError("enforcement", 1118, "seizure window cap reached"),
  ErrNotHeld: registerError("enforcement", 1119, "case is not held"),
} as const;

/**
 * The constitution's own codes: params that disagree with the invariants
 * are refused with the constitution's ErrInvariantViolation. The kind is built here rather
 * than registered, so this module does not depend on the constitution module's folder; the
 * codespace and code are what clients see.
 */
export const constitutionInvariantViolation = new ErrorKind(
  "constitution",
  1101,
  "value fixed at genesis cannot be changed by a parameter update",
);

/**
 * alias's ErrNoJurisdiction (codespace alias, code 9): a target with no recorded country has no
 * enforcement authority. Looked up from the registry, not registered again, so the code and
 * its wording stay alias's own.
 */
export function aliasNoJurisdiction(): ErrorKind {
  return registeredError("alias", 9) ?? new ErrorKind("alias", 9, "no jurisdiction recorded for the account");
}
