import { registerError } from "../../types/errors";

/** The builderfee codespace, numbered as clients know it (1100–1104, docs/wire/fields-part-b.md); never renumbered. */
export const builderfeeErrors = {
  ErrInvalidSigner: registerError("builderfee", 1100, "expected gov account as only signer for proposal message"),
  ErrBuilderExists: registerError("builderfee", 1101, "application already exists for the message type"),
  ErrApplicationNotFound: registerError("builderfee", 1102, "builder application not found"),
  ErrApplicationNotPending: registerError("builderfee", 1103, "builder application is not pending"),
  ErrInvalidMsgTypeURL: registerError("builderfee", 1104, "invalid message type URL"),
} as const;
