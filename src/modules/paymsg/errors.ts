import { registerError } from "../../types/errors";

/** The paymsg codespace, 1100–1112 as clients know them: codes are never renumbered. */
export const paymsgErrors = {
  ErrInvalidSigner: registerError("paymsg", 1100, "expected gov account as only signer for proposal message"),
  ErrApplicationExists: registerError("paymsg", 1101, "participant application already exists"),
  ErrApplicationNotFound: registerError("paymsg", 1102, "participant application not found"),
  ErrApplicationNotPending: registerError("paymsg", 1103, "participant application is not pending"),
  ErrNotApprovedParticipant: registerError("paymsg", 1104, "not an approved participant"),
  ErrPaymentExists: registerError("paymsg", 1105, "payment with this end-to-end id already exists for the instructing participant"),
  ErrInvalidAmount: registerError("paymsg", 1106, "invalid coin amount"),
  ErrNotACustomer: registerError("paymsg", 1107, "not a customer of the participant"),
  ErrInvalidPaymentField: registerError("paymsg", 1108, "payment field missing or outside its ISO 20022 limit"),
  ErrInvalidSettlementJurisdiction: registerError("paymsg", 1109, "invalid settlement jurisdiction"),
  ErrInvalidMetadata: registerError("paymsg", 1110, "payment metadata or its hash is malformed"),
  ErrConfidentialAmountUnavailable: registerError("paymsg", 1111, "confidential amounts are not available"),
  ErrInvalidPayloadStore: registerError("paymsg", 1112, "invalid payload store URL"),
} as const;
