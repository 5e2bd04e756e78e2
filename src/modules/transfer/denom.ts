import { sha256 } from "@noble/hashes/sha2.js";
import type { Denom, Hop } from "../../gen/ibc/applications/transfer/v1/token";
import { isValidDenom } from "../../types/coins";
import { transferErrors } from "./errors";
import { goIsBlank } from "./go-text";
import { validateChannelId, validatePortId } from "../../types/ibc-host";

/*
 * ICS-20 denominations as ibc-go v10 represents them: a base denom and the hops (port/channel
 * pairs, newest first) it travelled through. The full path "transfer/channel-0/uatom" names the
 * token across chains; on this chain a traced token is the bank denom "ibc/<HEX(sha256(path))>".
 */

export type { Denom, Hop };

const UINT64_MAX = (1n << 64n) - 1n;
const CHANNEL_ID = /^channel-([0-9]{1,20})$/;
// `\w` is ASCII-only both here and in Go's RE2.
const CLIENT_ID = /^\w+([\w-]+\w)?-[0-9]{1,20}$/;

/** channeltypes.IsValidChannelID: `channel-{N}` with N a uint64 (leading zeros allowed). */
export function isValidChannelId(id: string): boolean {
  const m = CHANNEL_ID.exec(id);
  return m !== null && BigInt(m[1]!) <= UINT64_MAX;
}

/** clienttypes.IsValidClientID: "09-localhost", or `{client-type}-{N}` with N a uint64. */
export function isValidClientId(id: string): boolean {
  if (id === "09-localhost") return true;
  if (!CLIENT_ID.test(id)) return false;
  const parts = id.split("-");
  return parts.slice(0, -1).join("-").trim() !== "" && BigInt(parts[parts.length - 1]!) <= UINT64_MAX;
}

export const DENOM_PREFIX = "ibc";

export function hopString(h: Hop): string {
  return `${h.portId}/${h.channelId}`;
}

export function isNative(d: Denom): boolean {
  return d.trace.length === 0;
}

/** The full path: "port/channel/…/base", or just the base for a native denom. */
export function denomPath(d: Denom): string {
  if (isNative(d)) return d.base;
  return [...d.trace.map(hopString), d.base].join("/");
}

/** sha256 of the full path: the key a traced denom is stored under. */
export function denomHash(d: Denom): Uint8Array {
  return sha256(new TextEncoder().encode(denomPath(d)));
}

function upperHex(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return s.toUpperCase();
}

/** The bank denom: "ibc/<upper-case hex hash>" for a traced denom, the base itself when native. */
export function ibcDenom(d: Denom): string {
  if (isNative(d)) return d.base;
  return `${DENOM_PREFIX}/${upperHex(denomHash(d))}`;
}

/** True when the newest hop is port/channel, the prefix the counterparty put on our token. */
export function hasPrefix(d: Denom, portId: string, channelId: string): boolean {
  if (isNative(d)) return false;
  return d.trace[0]!.portId === portId && d.trace[0]!.channelId === channelId;
}

/**
 * ExtractDenomFromPath: reads hops while a segment pair looks like "port/channel-N" (or a
 * client id, as IBC v2 uses in place of a channel), the rest is the base. A base may contain
 * '/' ("gamm/pool/1"); a path of exactly two segments is always a base.
 */
export function denomFromPath(fullPath: string): Denom {
  const parts = fullPath.split("/");
  if (parts.length === 1) return { base: fullPath, trace: [] };
  const trace: Hop[] = [];
  let i = 0;
  for (; i < parts.length; i += 2) {
    const channel = parts[i + 1];
    if (i < parts.length - 1 && parts.length > 2 && channel !== undefined && (isValidChannelId(channel) || isValidClientId(channel))) {
      trace.push({ portId: parts[i]!, channelId: channel });
    } else break;
  }
  return { base: parts.slice(i).join("/"), trace };
}

/**
 * Denom.Validate: a base that is not blank (each chain has its own base-denom rules, so no
 * more) and hops with valid port and channel identifiers.
 */
export function validateDenom(d: Denom): void {
  if (goIsBlank(d.base)) throw transferErrors.ErrInvalidDenomForTransfer.wrap("base denomination cannot be blank");
  for (const hop of d.trace) {
    try {
      validatePortId(hop.portId);
    } catch (e) {
      if (e instanceof Error) e.message = `invalid trace: invalid hop source port ID ${hop.portId}: ${e.message}`;
      throw e;
    }
    try {
      validateChannelId(hop.channelId);
    } catch (e) {
      if (e instanceof Error) e.message = `invalid trace: invalid hop source channel ID ${hop.channelId}: ${e.message}`;
      throw e;
    }
  }
}

/**
 * Parses the hash of an "ibc/<hash>" denom (ParseHexHash: hex of either case, 32 bytes), or
 * undefined when `denom` is not of that form. Looking the hash up is the keeper's.
 */
export function parseIbcDenomHash(denom: string): Uint8Array | undefined {
  if (!denom.startsWith(`${DENOM_PREFIX}/`)) return undefined;
  const hex = denom.slice(DENOM_PREFIX.length + 1);
  if (!/^(?:[0-9a-fA-F]{2}){32}$/.test(hex)) return undefined;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/**
 * validateIBCDenom, as MsgTransfer checks its coin: an SDK-valid denom that is either not under
 * "ibc/" or is "ibc/<32-byte hex hash>".
 */
export function validateIbcDenom(denom: string): void {
  if (!isValidDenom(denom)) throw transferErrors.ErrInvalidDenomForTransfer.wrap(`invalid denom: ${denom}`);
  if (denom === DENOM_PREFIX) {
    throw transferErrors.ErrInvalidDenomForTransfer.wrap(
      `denomination should be prefixed with the format 'ibc/{hash(trace + "/" + ${denom})}'`,
    );
  }
  if (denom.startsWith(`${DENOM_PREFIX}/`) && parseIbcDenomHash(denom) === undefined) {
    throw transferErrors.ErrInvalidDenomForTransfer.wrap(`invalid denom trace hash ${denom.slice(DENOM_PREFIX.length + 1)}`);
  }
}

/**
 * The denom a token carries once it reaches the other end of (destPort, destChannel), as the
 * receiving chain computes it from the packet's path arriving over (sourcePort, sourceChannel):
 * - the receiver is the source (ReceiverChainIsSource) when the path starts with the sending
 *   side's port/channel: the token is coming home, the hop is removed, escrow pays it out;
 * - otherwise the sender is the source: the receiver's own port/channel is prepended and a
 *   voucher is minted.
 */
export function receivedDenom(
  packetDenom: Denom,
  sourcePort: string,
  sourceChannel: string,
  destPort: string,
  destChannel: string,
): { denom: Denom; receiverIsSource: boolean } {
  if (hasPrefix(packetDenom, sourcePort, sourceChannel)) {
    return { denom: { base: packetDenom.base, trace: packetDenom.trace.slice(1) }, receiverIsSource: true };
  }
  return {
    denom: { base: packetDenom.base, trace: [{ portId: destPort, channelId: destChannel }, ...packetDenom.trace] },
    receiverIsSource: false,
  };
}

/**
 * On send (and on refund), whether the sending chain is the token's source: unless the token
 * came in over this very port/channel, it is escrowed (refunded from escrow); a token that came
 * in over it is burned (refunded by minting) as it goes back.
 */
export function senderChainIsSource(d: Denom, sourcePort: string, sourceChannel: string): boolean {
  return !hasPrefix(d, sourcePort, sourceChannel);
}
