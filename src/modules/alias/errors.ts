import { GrpcCode, registerError } from "../../types/errors";

/** The alias codespace, 2–23 as clients know them (docs/wire/fields-part-b.md): codes are never renumbered. */
export const aliasErrors = {
  ErrAlreadyRegistered: registerError("alias", 2, "already registered"),
  ErrNotRegistered: registerError("alias", 3, "no alias registered", GrpcCode.NotFound),
  ErrNotFound: registerError("alias", 4, "not found", GrpcCode.NotFound),
  ErrMalformedID: registerError("alias", 5, "malformed alias identifier", GrpcCode.InvalidArgument),
  ErrInvalidParams: registerError("alias", 6, "invalid params"),
  ErrExhausted: registerError("alias", 7, "no free identifier could be drawn"),
  ErrInvalidSigner: registerError("alias", 8, "expected gov account (or the foundation, where allowed) as signer"),
  ErrNoJurisdiction: registerError("alias", 9, "no jurisdiction recorded for the account", GrpcCode.NotFound),
  ErrInvalidCountry: registerError("alias", 10, "not an assigned ISO 3166-1 alpha-2 country code", GrpcCode.InvalidArgument),
  ErrNotTheRecorder: registerError("alias", 11, "signer may not record this account's jurisdiction"),
  ErrJurisdictionSet: registerError("alias", 12, "jurisdiction already recorded"),
  ErrInvalidViewingKey: registerError("alias", 13, "invalid viewing key"),
  ErrViewingKeyNotFound: registerError("alias", 14, "viewing key version not found"),
  ErrNoRegulator: registerError("alias", 15, "no regulator appointed for the country", GrpcCode.NotFound),
  ErrInvalidAuditorGrant: registerError("alias", 16, "invalid auditor grant"),
  ErrInvalidRole: registerError("alias", 17, "invalid role"),
  ErrInvalidScope: registerError("alias", 18, "invalid role scope"),
  ErrOutOfScope: registerError("alias", 19, "role does not cover this jurisdiction"),
  ErrHolderNotGroup: registerError("alias", 20, "holder is not a group policy account"),
  ErrGrantNotFound: registerError("alias", 21, "role grant not found"),
  // Kept for its code: the group keeper is a required dependency, so no path returns it.
  ErrNoScopeKeeper: registerError("alias", 22, "group keeper not available to check the office shape"),
  ErrOfficeShape: registerError("alias", 23, "office shape not met"),
} as const;
