import { registerError } from "../../types/errors";

/** x/evidence's codespace, numbered as the SDK's x/evidence/types/errors.go (v0.50). */
export const evidenceErrors = {
  ErrNoEvidenceHandlerExists: registerError("evidence", 2, "unregistered handler for evidence type"),
  ErrInvalidEvidence: registerError("evidence", 3, "invalid evidence"),
  ErrEvidenceExists: registerError("evidence", 5, "evidence already exists"),
} as const;
