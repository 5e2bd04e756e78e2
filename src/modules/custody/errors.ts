import { registerError } from "../../types/errors";

/** The custody codespace, numbered as clients know it: codes are never renumbered. */
export const custodyErrors = {
  ErrUnknownAsset: registerError("custody", 2, "unknown asset"),
  ErrAssetExists: registerError("custody", 3, "asset already exists"),
  ErrNotAttestor: registerError("custody", 4, "signer is not an appointed attestor"),
  ErrAlreadyAttested: registerError("custody", 5, "attestor already attested this deposit"),
  ErrDuplicateRef: registerError("custody", 6, "external reference already credited"),
  ErrIssuancePaused: registerError("custody", 7, "issuance is paused for this asset"),
  ErrNotFound: registerError("custody", 8, "not found"),
  ErrNotPayableYet: registerError("custody", 9, "redemption is not payable yet"),
  ErrAlreadySettled: registerError("custody", 10, "redemption already settled"),
  ErrInvalidAmount: registerError("custody", 11, "invalid amount: must be positive"),
  ErrInvalidParams: registerError("custody", 12, "invalid params"),
  ErrInvalidSigner: registerError("custody", 13, "expected gov account as only signer for proposal message"),
} as const;
