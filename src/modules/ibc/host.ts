/**
 * ICS-24 host paths and identifiers, as ibc-go's modules/core/24-host builds and checks them.
 * The paths are the keys of the `ibc` store byte for byte: a counterparty proves them under the
 * `ibc` prefix, so a different spelling is a different (unprovable) key.
 */
import type { Height } from "../../gen/ibc/core/client/v1/client";

/** Height as ibc-go's Height.String() prints it: `{revision}-{height}`. */
export const heightString = (h: Height | undefined): string => `${h?.revisionNumber ?? 0n}-${h?.revisionHeight ?? 0n}`;

const channelPath = (port: string, channel: string) => `ports/${port}/channels/${channel}`;

export const hostPaths = {
  nextClientSequence: () => "nextClientSequence",
  nextConnectionSequence: () => "nextConnectionSequence",
  nextChannelSequence: () => "nextChannelSequence",
  /** The 02-client params (ibc-go's `clientParams`). */
  clientParams: () => "clientParams",
  /** Everything a client keeps lives under this prefix. */
  clientPrefix: (clientId: string) => `clients/${clientId}/`,
  clientState: (clientId: string) => `clients/${clientId}/clientState`,
  consensusState: (clientId: string, height: Height) => `clients/${clientId}/consensusStates/${heightString(height)}`,
  /** 07-tendermint's metadata next to a consensus state: block time (ns) and height it was stored at. */
  processedTime: (clientId: string, height: Height) => `clients/${clientId}/consensusStates/${heightString(height)}/processedTime`,
  processedHeight: (clientId: string, height: Height) => `clients/${clientId}/consensusStates/${heightString(height)}/processedHeight`,
  clientCreator: (clientId: string) => `clients/${clientId}/creator`,
  clientConnections: (clientId: string) => `clients/${clientId}/connections`,
  connection: (connectionId: string) => `connections/${connectionId}`,
  channel: (port: string, channel: string) => `channelEnds/${channelPath(port, channel)}`,
  nextSequenceSend: (port: string, channel: string) => `nextSequenceSend/${channelPath(port, channel)}`,
  nextSequenceRecv: (port: string, channel: string) => `nextSequenceRecv/${channelPath(port, channel)}`,
  nextSequenceAck: (port: string, channel: string) => `nextSequenceAck/${channelPath(port, channel)}`,
  packetCommitmentPrefix: (port: string, channel: string) => `commitments/${channelPath(port, channel)}/sequences/`,
  packetCommitment: (port: string, channel: string, sequence: bigint) => `commitments/${channelPath(port, channel)}/sequences/${sequence}`,
  packetReceipt: (port: string, channel: string, sequence: bigint) => `receipts/${channelPath(port, channel)}/sequences/${sequence}`,
  packetAcknowledgementPrefix: (port: string, channel: string) => `acks/${channelPath(port, channel)}/sequences/`,
  packetAcknowledgement: (port: string, channel: string, sequence: bigint) => `acks/${channelPath(port, channel)}/sequences/${sequence}`,
} as const;

/**
 * 07-tendermint's consensus-state iteration key: `iterateConsensusStates` then the height as two
 * big-endian uint64, so raw key order is height order (the decimal paths do not sort that way).
 */
export const iterationPrefix = (clientId: string) => `clients/${clientId}/iterateConsensusStates`;

export function iterationKey(clientId: string, height: Height | undefined): Uint8Array {
  const prefix = new TextEncoder().encode(iterationPrefix(clientId));
  const key = new Uint8Array(prefix.length + 16);
  key.set(prefix);
  const view = new DataView(key.buffer);
  view.setBigUint64(prefix.length, height?.revisionNumber ?? 0n);
  view.setBigUint64(prefix.length + 8, height?.revisionHeight ?? 0n);
  return key;
}

/** The height an iteration key (or its last 16 bytes) names. */
export function iterationHeight(key: Uint8Array): Height {
  const view = new DataView(key.buffer, key.byteOffset + key.length - 16, 16);
  return { revisionNumber: view.getBigUint64(0), revisionHeight: view.getBigUint64(8) };
}

export {
  hostErrors,
  MAX_ID_LEN,
  MAX_PORT_ID_LEN,
  validateIdentifier,
  validateClientId,
  validateConnectionId,
  validateChannelId,
  validatePortId,
} from "../../types/ibc-host";
