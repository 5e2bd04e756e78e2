import { sha256 } from "@noble/hashes/sha2.js";
import { accAddress } from "../../types/address";

/**
 * The version mixed into every escrow address. It stays "ics20-1" whatever the channel's
 * version, so an escrow address never moves.
 */
const ESCROW_ADDRESS_VERSION = "ics20-1";

/**
 * GetEscrowAddress: the account holding tokens sent out over (port, channel), ADR-028's hash
 * construction truncated to 20 bytes: sha256("ics20-1" || 0x00 || "port/channel")[:20]. The '/'
 * keeps "a"+"bc" and "ab"+"c" apart. Nobody holds a key for it.
 */
export function escrowAddressBytes(portId: string, channelId: string): Uint8Array {
  const version = new TextEncoder().encode(ESCROW_ADDRESS_VERSION);
  const contents = new TextEncoder().encode(`${portId}/${channelId}`);
  const pre = new Uint8Array(version.length + 1 + contents.length);
  pre.set(version);
  pre.set(contents, version.length + 1);
  return sha256(pre).slice(0, 20);
}

/** The escrow address in the chain's bech32 form. */
export function escrowAddress(portId: string, channelId: string): string {
  return accAddress.encode(escrowAddressBytes(portId, channelId));
}
