import { registerError } from "../../types/errors";

/**
 * The land codespace, numbered as clients know it (1–35). 36 is the chain's own addition for
 * parameters (new codes are added without renumbering).
 */
export const landErrors = {
  ErrNotAuthority: registerError("land", 1, "signer is not a registry office"),
  ErrAuthorityInactive: registerError("land", 2, "registry office is not active"),
  ErrNoGeometry: registerError("land", 3, "geometry hash is required"),
  ErrNoCadastralRef: registerError("land", 4, "cadastral reference is required"),
  ErrInvalidHolder: registerError("land", 5, "invalid holder"),
  ErrGeometryTitled: registerError("land", 6, "geometry already titled"),
  ErrRefTaken: registerError("land", 7, "cadastral reference already registered"),
  ErrNoParcel: registerError("land", 8, "parcel not found"),
  ErrNotHolder: registerError("land", 9, "only the holder may propose a transfer"),
  ErrParcelNotTransferable: registerError("land", 10, "parcel is not transferable"),
  ErrInvalidRecipient: registerError("land", 11, "invalid recipient"),
  ErrSelfTransfer: registerError("land", 12, "recipient is the holder"),
  ErrNoTransfer: registerError("land", 13, "transfer not found"),
  ErrTransferClosed: registerError("land", 14, "transfer already completed"),
  ErrTransferDisputed: registerError("land", 15, "transfer is disputed"),
  ErrWrongJurisdiction: registerError("land", 16, "office is not in charge of the parcel"),
  ErrAlreadyValidated: registerError("land", 17, "transfer already validated"),
  ErrNotIndependent: registerError("land", 18, "the parcel's own office cannot attest"),
  ErrAlreadyAttested: registerError("land", 19, "office already attested"),
  ErrNotValidated: registerError("land", 20, "transfer not validated"),
  ErrNoQuorum: registerError("land", 21, "not enough independent attestations"),
  ErrChallengeWindowOpen: registerError("land", 22, "challenge window still open"),
  ErrNoReason: registerError("land", 23, "a reason is required"),
  ErrNotGovernance: registerError("land", 24, "expected gov account as only signer for proposal message"),
  ErrNoDocument: registerError("land", 25, "document hash is required"),
  ErrNoRestriction: registerError("land", 26, "no such restriction in force"),
  ErrNoRestrictionKind: registerError("land", 27, "restriction kind is required"),
  ErrNoEncumbrance: registerError("land", 28, "no such encumbrance in force"),
  ErrNotFrozen: registerError("land", 29, "parcel is not frozen"),
  ErrBadShareCeiling: registerError("land", 30, "share ceiling must be 1..10000 bps"),
  ErrFractionalisationForbidden: registerError("land", 31, "a restriction forbids fractionalisation"),
  ErrOfficeNotGroup: registerError("land", 32, "office must be a group account"),
  ErrBadExpiry: registerError("land", 33, "expiry must be in the future"),
  ErrNoAuthorisation: registerError("land", 34, "no fractionalisation authorisation"),
  ErrInvalidJurisdiction: registerError("land", 35, "jurisdiction must be an assigned ISO 3166-1 alpha-2 code"),
  ErrInvalidParams: registerError("land", 36, "invalid params"),
} as const;
