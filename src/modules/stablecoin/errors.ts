import { registerError } from "../../types/errors";

/**
 * The stablecoin codespace, numbered as clients know it (1100–1105, 1110–1113; docs/wire/fields-part-b.md).
 * 1106–1109 are unassigned; codes are never renumbered.
 */
export const stablecoinErrors = {
  ErrInvalidSigner: registerError("stablecoin", 1100, "expected gov account as only signer for proposal message"),
  ErrCurrencyExists: registerError("stablecoin", 1101, "currency already registered or pending"),
  ErrApplicationNotFound: registerError("stablecoin", 1102, "issuer application not found"),
  ErrApplicationNotPending: registerError("stablecoin", 1103, "issuer application is not pending"),
  ErrNotApprovedIssuer: registerError("stablecoin", 1104, "not the approved issuer of the denom"),
  ErrInvalidAmount: registerError("stablecoin", 1105, "invalid amount"),
  ErrInvalidCurrency: registerError("stablecoin", 1110, "invalid currency"),
  ErrFeeDenomNotIssued: registerError("stablecoin", 1111, "fee denomination has no approved issuer"),
  ErrInvalidParams: registerError("stablecoin", 1112, "invalid params"),
  ErrMintCeiling: registerError("stablecoin", 1113, "mint would exceed the ceiling"),
} as const;
