/**
 * ICS-24's identifier rules and 24-host codespace, as ibc-go's modules/core/24-host checks them.
 * Shared by IBC core and its applications (transfer checks the hops of a denom path and its
 * channel ids with them), so they live outside any one module.
 */
import type { Packet } from "../gen/ibc/core/channel/v1/channel";
import { sha256 } from "../store/hash";
import { registerError } from "./errors";

/** ibc-go's 24-host codespace. */
export const hostErrors = {
  ErrInvalidID: registerError("host", 2, "invalid identifier"),
  ErrInvalidPath: registerError("host", 3, "invalid path"),
  ErrInvalidPacket: registerError("host", 4, "invalid packet"),
} as const;

/** ibc-go's DefaultMaxCharacterLength and DefaultMaxPortCharacterLength. */
export const MAX_ID_LEN = 64;
export const MAX_PORT_ID_LEN = 128;
const VALID_ID = /^[a-zA-Z0-9._+\-#[\]<>]+$/;

/** ibc-go's defaultIdentifierValidator: not blank, no `/`, `min`..`max` characters of the allowed set. */
export function validateIdentifier(id: string, min: number, max: number): void {
  if (id.trim() === "") throw hostErrors.ErrInvalidID.wrap("identifier cannot be blank");
  if (id.includes("/")) throw hostErrors.ErrInvalidID.wrap(`identifier ${id} cannot contain separator '/'`);
  if (id.length < min || id.length > max) {
    throw hostErrors.ErrInvalidID.wrap(`identifier ${id} has invalid length: ${id.length}, must be between ${min}-${max} characters`);
  }
  if (!VALID_ID.test(id)) {
    throw hostErrors.ErrInvalidID.wrap(
      `identifier ${id} must contain only alphanumeric or the following characters: '.', '_', '+', '-', '#', '[', ']', '<', '>'`,
    );
  }
}

export const validateClientId = (id: string) => validateIdentifier(id, 4, MAX_ID_LEN);
export const validateConnectionId = (id: string) => validateIdentifier(id, 10, MAX_ID_LEN);
export const validateChannelId = (id: string) => validateIdentifier(id, 8, MAX_ID_LEN);
export const validatePortId = (id: string) => validateIdentifier(id, 2, MAX_PORT_ID_LEN);

/** sdk.Uint64ToBigEndian, the encoding ibc-go gives sequences, processed times and commitments. */
export function uint64BigEndian(n: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, n);
  return out;
}

/** ibc-go's CommitPacket: sha256(timeout timestamp ‖ revision number ‖ revision height ‖ sha256(data)), uint64s big-endian. */
export function commitPacket(p: Packet): Uint8Array {
  const buf = new Uint8Array(24 + 32);
  buf.set(uint64BigEndian(p.timeoutTimestamp), 0);
  buf.set(uint64BigEndian(p.timeoutHeight?.revisionNumber ?? 0n), 8);
  buf.set(uint64BigEndian(p.timeoutHeight?.revisionHeight ?? 0n), 16);
  buf.set(sha256(p.data), 24);
  return sha256(buf);
}
