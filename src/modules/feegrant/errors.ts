import { GrpcCode, registerError } from "../../types/errors";

/** x/feegrant's codespace, numbered as the SDK's x/feegrant/errors.go. */
export const feegrantErrors = {
  ErrFeeLimitExceeded: registerError("feegrant", 2, "fee limit exceeded"),
  ErrFeeLimitExpired: registerError("feegrant", 3, "fee allowance expired"),
  ErrInvalidDuration: registerError("feegrant", 4, "invalid duration"),
  ErrNoAllowance: registerError("feegrant", 5, "no allowance", GrpcCode.NotFound),
  ErrNoMessages: registerError("feegrant", 6, "allowed messages are empty"),
  ErrMessageNotAllowed: registerError("feegrant", 7, "message not allowed"),
} as const;
