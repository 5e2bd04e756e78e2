import { GrpcCode, registerError } from "../../types/errors";

/** The netting codespace, 1100–1110 as clients know them: codes are never renumbered. */
export const nettingErrors = {
  ErrInvalidSigner: registerError("netting", 1100, "expected gov account as only signer for proposal message"),
  ErrNotApprovedParticipant: registerError("netting", 1101, "not an approved participant"),
  ErrInvalidAmount: registerError("netting", 1102, "invalid amount"),
  ErrInvalidBatchHash: registerError("netting", 1103, "batch hash must be 32 bytes of SHA-256 over the salted batch"),
  ErrSelfObligation: registerError("netting", 1104, "a participant cannot owe itself"),
  ErrNetDebitCapExceeded: registerError("netting", 1105, "net debit would exceed the posted reserve"),
  ErrReserveCommitted: registerError("netting", 1106, "reserve is committed to unsettled positions"),
  ErrInsufficientReserve: registerError("netting", 1107, "insufficient reserve"),
  ErrCycleNotFound: registerError("netting", 1108, "cycle not found", GrpcCode.NotFound),
  ErrPositionsUnbalanced: registerError("netting", 1109, "positions do not sum to zero"),
  ErrNettingDisabled: registerError("netting", 1110, "netting is disabled", GrpcCode.FailedPrecondition),
} as const;
