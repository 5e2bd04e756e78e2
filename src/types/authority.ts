import { moduleAddress } from "./address";
import { registerError, type ErrorKind } from "./errors";

/** Governance authority of every module: the gov module account (chain conventions). */
export function govAuthority(): string {
  return moduleAddress("gov");
}

/** x/gov's ErrInvalidSigner, which the SDK's base modules return for a wrong authority. */
export const ErrGovInvalidSigner = registerError("gov", 13, "expected gov account as only signer for proposal message");

/** A module's refusal of a wrong authority worded as its SDK counterpart words it (x/upgrade). */
export type AuthorityRefusal = (expected: string, got: string) => Error;

/** Refuses an authority-gated message from anyone but governance, with the module's own error kind. */
export function requireAuthority(authority: string, kind: ErrorKind | AuthorityRefusal = ErrGovInvalidSigner): void {
  const expected = govAuthority();
  if (authority === expected) return;
  if (typeof kind === "function") throw kind(expected, authority);
  throw kind.wrap(`invalid authority; expected ${expected}, got ${authority}`);
}
