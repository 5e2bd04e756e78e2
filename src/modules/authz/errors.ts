import { GrpcCode, registerError } from "../../types/errors";

/**
 * x/authz's codespace, numbered as the SDK's x/authz/errors.go. Codes 5 (grant key not found)
 * and 12 (negative max tokens, StakeAuthorization only) are not raised by any path in SDK v0.50
 * nor here, so they are not registered.
 */
export const authzErrors = {
  ErrNoAuthorizationFound: registerError("authz", 2, "authorization not found", GrpcCode.NotFound),
  ErrInvalidExpirationTime: registerError("authz", 3, "expiration time of authorization should be more than current time"),
  ErrUnknownAuthorizationType: registerError("authz", 4, "unknown authorization type"),
  ErrAuthorizationExpired: registerError("authz", 6, "authorization expired"),
  ErrGranteeIsGranter: registerError("authz", 7, "grantee and granter should be different"),
  ErrAuthorizationNumOfSigners: registerError("authz", 9, "authorization can be given to msg with only one signer"),
} as const;
