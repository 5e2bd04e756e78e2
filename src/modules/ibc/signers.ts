/**
 * Signer checks shared by the client and connection message servers: ibc-go's ValidateBasic
 * answers ibc's ErrInvalidAddress (not the SDK's), and governance messages must come from the
 * gov module account (ibc-go's authority).
 */
import { accAddress } from "../../types/address";
import { govAuthority } from "../../types/authority";
import { ibcErrors } from "./errors";

export function checkSigner(signer: string): void {
  if (!accAddress.isValid(signer)) throw ibcErrors.ErrInvalidAddress.wrap("string could not be parsed as address");
}

/** ibc-go's authority (the gov module account) signs it, or ErrUnauthorized. */
export function requireGov(signer: string): void {
  const authority = govAuthority();
  if (signer !== authority) throw ibcErrors.ErrUnauthorized.wrap(`expected ${authority}, got ${signer}`);
}
