import { registerError } from "../../types/errors";

/** x/group's codespace, numbered as the SDK's x/group/errors/errors.go. */
export const groupErrors = {
  ErrEmpty: registerError("group", 2, "value is empty"),
  ErrDuplicate: registerError("group", 3, "duplicate value"),
  ErrMaxLimit: registerError("group", 4, "limit exceeded"),
  ErrType: registerError("group", 5, "invalid type"),
  ErrInvalid: registerError("group", 6, "invalid value"),
  ErrUnauthorized: registerError("group", 7, "unauthorized"),
  ErrModified: registerError("group", 8, "modified"),
  ErrExpired: registerError("group", 9, "expired"),
} as const;

/** x/group/errors/math.go: decimal strings (weights, thresholds, percentages) that do not parse. */
export const ErrInvalidDecString = registerError("math", 1, "invalid decimal string");

/** x/group/errors/orm.go: a second vote by the same voter hits the vote table's primary key. */
export const ErrORMUniqueConstraint = registerError("orm", 13, "unique constraint violation");
