import { registerError } from "../../types/errors";

/** x/bank's codespace, numbered as the SDK's x/bank/types/errors.go. */
export const bankErrors = {
  ErrNoInputs: registerError("bank", 2, "no inputs to send transaction"),
  ErrNoOutputs: registerError("bank", 3, "no outputs to send transaction"),
  ErrInputOutputMismatch: registerError("bank", 4, "sum inputs != sum outputs"),
  ErrSendDisabled: registerError("bank", 5, "send transactions are disabled"),
  ErrDenomMetadataNotFound: registerError("bank", 6, "client denom metadata not found"),
  ErrInvalidKey: registerError("bank", 7, "invalid key"),
  ErrDuplicateEntry: registerError("bank", 8, "duplicate entry"),
  ErrMultipleSenders: registerError("bank", 9, "multiple senders not allowed"),
} as const;
