/**
 * ICS-04 v1 packets, as ibc-go v10's 04-channel packet.go and timeout.go: send (a commitment
 * stored at the packet's path), receive (replay protection by receipt or by the next receive
 * sequence), acknowledgements (sha256 of the ack bytes), acknowledge and time out on the
 * sending end. A packet already received, acknowledged or timed out answers channelErrors.ErrNoOpMsg,
 * which the message server turns into a successful NOOP so relayers' batches do not fail.
 */
import { Order, State, type Channel, type Packet } from "../../gen/ibc/core/channel/v1/channel";
import type { Height } from "../../gen/ibc/core/client/v1/client";
import { sha256 } from "../../store/hash";
import type { Context } from "../../types/context";
import { timestampNanos } from "../../types/time";
import type { ChannelKeeper } from "./channels";
import { requireConnectionState } from "./connections";
import { selfHeight } from "./clients";
import { channelErrors, clientErrors, wrapError, wrapped } from "./errors";
import { channelEvents } from "./events";
import { heightString, validateChannelId, validatePortId } from "./host";
import { compareHeight } from "./light-clients/tendermint";
import { State as ConnectionState } from "../../gen/ibc/core/connection/v1/connection";
import type { AppError } from "../../types/errors";
import { commitPacket } from "../../types/ibc-host";

/** ibc-go's MaximumPayloadsSize: 256 KiB of packet data. */
export const MAX_PACKET_DATA = 262_144;

const ZERO_HEIGHT: Height = { revisionNumber: 0n, revisionHeight: 0n };
const isZero = (h: Height | undefined) => (h?.revisionNumber ?? 0n) === 0n && (h?.revisionHeight ?? 0n) === 0n;

/** ibc-go's CommitAcknowledgement. */
export const commitAcknowledgement = (ack: Uint8Array): Uint8Array => sha256(ack);

/** Packet.ValidateBasic. */
export function validatePacket(p: Packet): void {
  wrapped("invalid source port ID", () => validatePortId(p.sourcePort));
  wrapped("invalid destination port ID", () => validatePortId(p.destinationPort));
  wrapped("invalid source channel ID", () => validateChannelId(p.sourceChannel));
  wrapped("invalid destination channel ID", () => validateChannelId(p.destinationChannel));
  if (p.sequence === 0n) throw channelErrors.ErrInvalidPacket.wrap("packet sequence cannot be 0");
  if (isZero(p.timeoutHeight) && p.timeoutTimestamp === 0n) {
    throw channelErrors.ErrInvalidPacket.wrap("packet timeout height and packet timeout timestamp cannot both be 0");
  }
  if (p.data.length === 0) throw channelErrors.ErrInvalidPacket.wrap("packet data bytes cannot be empty");
  if (p.data.length > MAX_PACKET_DATA)
    throw channelErrors.ErrInvalidPacket.wrap(`packet data bytes cannot exceed ${MAX_PACKET_DATA} bytes`);
}

// ---- timeouts (ibc-go's types.Timeout) ----

const heightElapsed = (timeout: Height | undefined, h: Height) => !isZero(timeout) && compareHeight(h, timeout) >= 0;
const timestampElapsed = (timeout: bigint, t: bigint) => timeout !== 0n && t >= timeout;

function timeoutElapsedError(p: Packet, h: Height, t: bigint): AppError {
  if (heightElapsed(p.timeoutHeight, h)) {
    return channelErrors.ErrTimeoutElapsed.wrap(`current height: ${heightString(h)}, timeout height ${heightString(p.timeoutHeight)}`);
  }
  return channelErrors.ErrTimeoutElapsed.wrap(`current timestamp: ${t}, timeout timestamp ${p.timeoutTimestamp}`);
}

function timeoutNotReachedError(p: Packet, h: Height, t: bigint): AppError {
  if (!isZero(p.timeoutHeight) && !heightElapsed(p.timeoutHeight, h)) {
    return channelErrors.ErrTimeoutNotReached.wrap(`current height: ${heightString(h)}, timeout height ${heightString(p.timeoutHeight)}`);
  }
  return channelErrors.ErrTimeoutNotReached.wrap(`current timestamp: ${t}, timeout timestamp ${p.timeoutTimestamp}`);
}

const elapsed = (p: Packet, h: Height, t: bigint) => heightElapsed(p.timeoutHeight, h) || timestampElapsed(p.timeoutTimestamp, t);

function requireOpen(channel: Channel): void {
  if (channel.state !== State.STATE_OPEN) {
    throw channelErrors.ErrInvalidChannelState.wrap(`channel is not OPEN (got ${State[channel.state] ?? channel.state})`);
  }
}

/** The packet goes to (or comes from) this channel's counterparty end. */
function requireCounterparty(channel: Channel, port: string, chan: string, side: "source" | "destination"): void {
  const cp = channel.counterparty;
  if (port !== (cp?.portId ?? "")) {
    throw channelErrors.ErrInvalidPacket.wrap(`packet ${side} port doesn't match the counterparty's port (${port} ≠ ${cp?.portId ?? ""})`);
  }
  if (chan !== (cp?.channelId ?? "")) {
    throw channelErrors.ErrInvalidPacket.wrap(
      `packet ${side} channel doesn't match the counterparty's channel (${chan} ≠ ${cp?.channelId ?? ""})`,
    );
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

// ---- send ----

export function sendPacket(
  k: ChannelKeeper,
  ctx: Context,
  sourcePort: string,
  sourceChannel: string,
  timeoutHeight: Height | undefined,
  timeoutTimestamp: bigint,
  data: Uint8Array,
): bigint {
  const channel = k.getChannel(ctx, sourcePort, sourceChannel);
  if (!channel) throw channelErrors.ErrChannelNotFound.wrap(sourceChannel);
  requireOpen(channel);
  const sequence = k.nextSequenceSend(ctx, sourcePort, sourceChannel);
  if (sequence === undefined) {
    throw channelErrors.ErrSequenceSendNotFound.wrap(`source port: ${sourcePort}, source channel: ${sourceChannel}`);
  }
  const packet: Packet = {
    sequence,
    sourcePort,
    sourceChannel,
    destinationPort: channel.counterparty?.portId ?? "",
    destinationChannel: channel.counterparty?.channelId ?? "",
    data,
    timeoutHeight: timeoutHeight ?? ZERO_HEIGHT,
    timeoutTimestamp,
  };
  wrapped("constructed packet failed basic validation", () => validatePacket(packet));
  const connection = k.connectionOf(ctx, channel);
  // A client that cannot be updated could never prove the packet's fate.
  const status = k.clients.status(ctx, connection.clientId);
  if (status !== "Active") {
    throw clientErrors.ErrClientNotActive.wrap(`cannot send packet using client (${connection.clientId}) with status ${status}`);
  }
  const latest = k.clients.latestHeight(ctx, connection.clientId);
  if (isZero(latest)) {
    throw clientErrors.ErrInvalidHeight.wrap(`cannot send packet using client (${connection.clientId}) with zero height`);
  }
  const latestTime = k.clients.timestampAtHeight(ctx, connection.clientId, latest);
  if (elapsed(packet, latest, latestTime)) throw wrapError(timeoutElapsedError(packet, latest, latestTime), "invalid packet timeout");
  k.setNextSequenceSend(ctx, sourcePort, sourceChannel, sequence + 1n);
  k.setPacketCommitment(ctx, sourcePort, sourceChannel, sequence, commitPacket(packet));
  channelEvents.sendPacket(ctx, packet, channel);
  return sequence;
}

// ---- receive ----

/** RecvPacket's checks and replay protection; the channel's version for the application callback. */
export function recvPacket(k: ChannelKeeper, ctx: Context, packet: Packet, proof: Uint8Array, proofHeight: Height): string {
  const channel = k.getChannel(ctx, packet.destinationPort, packet.destinationChannel);
  if (!channel) throw channelErrors.ErrChannelNotFound.wrap(packet.destinationChannel);
  requireOpen(channel);
  requireCounterparty(channel, packet.sourcePort, packet.sourceChannel, "source");
  // Connection and channel must both be OPEN to receive (a packet may be sent optimistically earlier).
  const connection = k.openConnectionOf(ctx, channel);
  const self = selfHeight(ctx);
  const now = timestampNanos(ctx.time);
  if (elapsed(packet, self, now)) throw wrapError(timeoutElapsedError(packet, self, now), "packet timeout elapsed");
  const { sourcePort, sourceChannel, sequence } = packet;
  wrapped("couldn't verify counterparty packet commitment", () =>
    k.connections.verifyPacketCommitment(ctx, connection, proofHeight, proof, sourcePort, sourceChannel, sequence, commitPacket(packet)),
  );
  applyReplayProtection(k, ctx, packet, channel);
  channelEvents.recvPacket(ctx, packet, channel);
  return channel.version;
}

function applyReplayProtection(k: ChannelKeeper, ctx: Context, packet: Packet, channel: Channel): void {
  const port = packet.destinationPort;
  const chan = packet.destinationChannel;
  if (channel.ordering === Order.ORDER_UNORDERED) {
    if (k.hasPacketReceipt(ctx, port, chan, packet.sequence)) throw channelErrors.ErrNoOpMsg.wrap();
    k.setPacketReceipt(ctx, port, chan, packet.sequence);
    return;
  }
  if (channel.ordering === Order.ORDER_ORDERED) {
    const next = k.nextSequenceRecv(ctx, port, chan);
    if (next === undefined) {
      throw channelErrors.ErrSequenceReceiveNotFound.wrap(`destination port: ${port}, destination channel: ${chan}`);
    }
    if (packet.sequence < next) throw channelErrors.ErrNoOpMsg.wrap();
    if (packet.sequence !== next) {
      throw channelErrors.ErrPacketSequenceOutOfOrder.wrap(`packet sequence ≠ next receive sequence (${packet.sequence} ≠ ${next})`);
    }
    k.setNextSequenceRecv(ctx, port, chan, next + 1n);
  }
}

/** Stores sha256(ack) at the packet's acknowledgement path on the receiving end. */
export function writeAcknowledgement(k: ChannelKeeper, ctx: Context, packet: Packet, ack: Uint8Array): void {
  const channel = k.getChannel(ctx, packet.destinationPort, packet.destinationChannel);
  if (!channel) throw channelErrors.ErrChannelNotFound.wrap(packet.destinationChannel);
  requireOpen(channel);
  if (k.packetAcknowledgement(ctx, packet.destinationPort, packet.destinationChannel, packet.sequence) !== undefined) {
    throw channelErrors.ErrAcknowledgementExists.wrap();
  }
  if (ack.length === 0) throw channelErrors.ErrInvalidAcknowledgement.wrap("acknowledgement cannot be empty");
  k.setPacketAcknowledgement(ctx, packet.destinationPort, packet.destinationChannel, packet.sequence, commitAcknowledgement(ack));
  channelEvents.writeAcknowledgement(ctx, packet, channel, ack);
}

// ---- acknowledge ----

/**
 * The sending end's channel (OPEN when `open`: acknowledging needs it, a timeout does not),
 * its counterparty the packet's destination, and its connection.
 */
function sendingEnd(k: ChannelKeeper, ctx: Context, packet: Packet, open: boolean) {
  const channel = k.getChannel(ctx, packet.sourcePort, packet.sourceChannel);
  if (!channel) throw channelErrors.ErrChannelNotFound.wrap(`port ID (${packet.sourcePort}) channel ID (${packet.sourceChannel})`);
  if (open) requireOpen(channel);
  requireCounterparty(channel, packet.destinationPort, packet.destinationChannel, "destination");
  return { channel, connection: k.connectionOf(ctx, channel) };
}

/** AcknowledgePacket on the sending end: the ack proven, the commitment deleted; the channel's version. */
export function acknowledgePacket(
  k: ChannelKeeper,
  ctx: Context,
  packet: Packet,
  ack: Uint8Array,
  proof: Uint8Array,
  proofHeight: Height,
): string {
  const { channel, connection } = sendingEnd(k, ctx, packet, true);
  requireConnectionState(connection, ConnectionState.STATE_OPEN);
  const commitment = k.packetCommitment(ctx, packet.sourcePort, packet.sourceChannel, packet.sequence);
  if (commitment === undefined || commitment.length === 0) throw channelErrors.ErrNoOpMsg.wrap();
  const expected = commitPacket(packet);
  checkAckEncoding(ack);
  if (!sameBytes(commitment, expected)) {
    throw channelErrors.ErrInvalidPacket.wrap(
      `commitment bytes are not equal: got (${Buffer.from(expected).toString("hex")}), expected (${Buffer.from(commitment).toString("hex")})`,
    );
  }
  const { destinationPort, destinationChannel, sequence } = packet;
  k.connections.verifyPacketAcknowledgement(ctx, connection, proofHeight, proof, destinationPort, destinationChannel, sequence, ack);
  if (channel.ordering === Order.ORDER_ORDERED) {
    const next = k.nextSequenceAck(ctx, packet.sourcePort, packet.sourceChannel);
    if (next === undefined) {
      throw channelErrors.ErrSequenceAckNotFound.wrap(`source port: ${packet.sourcePort}, source channel: ${packet.sourceChannel}`);
    }
    if (packet.sequence !== next) {
      throw channelErrors.ErrPacketSequenceOutOfOrder.wrap(`packet sequence ≠ next ack sequence (${packet.sequence} ≠ ${next})`);
    }
    k.setNextSequenceAck(ctx, packet.sourcePort, packet.sourceChannel, next + 1n);
  }
  k.deletePacketCommitment(ctx, packet.sourcePort, packet.sourceChannel, packet.sequence);
  channelEvents.acknowledgePacket(ctx, packet, channel);
  return channel.version;
}

/** Go's json.Marshal of a string: HTML characters and line separators escaped as \\u00XX. */
function goQuote(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const STD_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const URL_BASE64 = /^[A-Za-z0-9_-]*={0,2}$/;

/**
 * ibc-go refuses an acknowledgement that decodes as a channel Acknowledgement
 * ({"result":base64} or {"error":string}) but is not that message's canonical JSON: the bytes
 * committed on the other side would not be the ones an app re-encoding it expects. Anything
 * that does not decode as one (an application's own ack format) passes.
 */
function checkAckEncoding(ack: Uint8Array): void {
  let text: string;
  let v: unknown;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(ack);
    v = JSON.parse(text);
  } catch {
    return;
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return;
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length > 1 || entries.some(([key, val]) => (key !== "result" && key !== "error") || typeof val !== "string")) return;
  let canonical = "{}";
  if (entries.length === 1) {
    const [key, val] = entries[0] as [string, string];
    if (key === "result") {
      if (!STD_BASE64.test(val) && !URL_BASE64.test(val)) return;
      canonical = `{"result":"${Buffer.from(val, "base64").toString("base64")}"}`;
    } else {
      canonical = `{"error":${goQuote(val)}}`;
    }
  }
  if (canonical !== text) throw channelErrors.ErrInvalidAcknowledgement.wrap("acknowledgement marshalling error");
}

// ---- timeouts ----

/** The commitment is ours and unchanged; NOOP when it is gone (already acknowledged or timed out). */
function checkCommitment(k: ChannelKeeper, ctx: Context, packet: Packet): void {
  const commitment = k.packetCommitment(ctx, packet.sourcePort, packet.sourceChannel, packet.sequence);
  if (commitment === undefined || commitment.length === 0) throw channelErrors.ErrNoOpMsg.wrap();
  const expected = commitPacket(packet);
  if (!sameBytes(commitment, expected)) {
    throw channelErrors.ErrInvalidPacket.wrap(
      `packet commitment bytes are not equal: got (${Buffer.from(commitment).toString("hex")}), expected (${Buffer.from(expected).toString("hex")})`,
    );
  }
}

/** The packet was not received on the other end: by the next receive sequence (ordered) or the receipt's absence. */
function verifyUnreceived(
  k: ChannelKeeper,
  ctx: Context,
  channel: Channel,
  connection: ReturnType<ChannelKeeper["connectionOf"]>,
  packet: Packet,
  proof: Uint8Array,
  proofHeight: Height,
  nextSequenceRecv: bigint,
  onClose: boolean,
): void {
  const { destinationPort, destinationChannel, sequence } = packet;
  if (channel.ordering === Order.ORDER_ORDERED) {
    if (nextSequenceRecv > sequence) {
      const kind = onClose ? channelErrors.ErrInvalidPacket : channelErrors.ErrPacketReceived;
      throw kind.wrap(`packet already received, next sequence receive > packet sequence (${nextSequenceRecv} > ${packet.sequence})`);
    }
    k.connections.verifyNextSequenceRecv(ctx, connection, proofHeight, proof, destinationPort, destinationChannel, nextSequenceRecv);
    return;
  }
  if (channel.ordering === Order.ORDER_UNORDERED) {
    k.connections.verifyPacketReceiptAbsence(ctx, connection, proofHeight, proof, destinationPort, destinationChannel, sequence);
    return;
  }
  throw channelErrors.ErrInvalidChannelOrdering.wrap(String(channel.ordering));
}

/** The commitment deleted; an ORDERED channel closes (its later packets can no longer arrive in order). */
function timeoutExecuted(k: ChannelKeeper, ctx: Context, channel: Channel, packet: Packet): void {
  k.deletePacketCommitment(ctx, packet.sourcePort, packet.sourceChannel, packet.sequence);
  if (channel.ordering === Order.ORDER_ORDERED) {
    channel.state = State.STATE_CLOSED;
    k.setChannel(ctx, packet.sourcePort, packet.sourceChannel, channel);
    channelEvents.channelClosed(ctx, packet, channel);
  }
  channelEvents.timeoutPacket(ctx, packet, channel);
}

/** TimeoutPacket: the counterparty passed the packet's timeout (at proofHeight) without receiving it. */
export function timeoutPacket(
  k: ChannelKeeper,
  ctx: Context,
  packet: Packet,
  proof: Uint8Array,
  proofHeight: Height,
  nextSequenceRecv: bigint,
): string {
  const { channel, connection } = sendingEnd(k, ctx, packet, false);
  const proofTime = k.clients.timestampAtHeight(ctx, connection.clientId, proofHeight);
  if (!elapsed(packet, proofHeight, proofTime)) {
    throw wrapError(timeoutNotReachedError(packet, proofHeight, proofTime), "packet timeout not reached");
  }
  checkCommitment(k, ctx, packet);
  verifyUnreceived(k, ctx, channel, connection, packet, proof, proofHeight, nextSequenceRecv, false);
  timeoutExecuted(k, ctx, channel, packet);
  return channel.version;
}

/** TimeoutOnClose: the counterparty's end is proven CLOSED and the packet unreceived. */
export function timeoutOnClose(
  k: ChannelKeeper,
  ctx: Context,
  packet: Packet,
  proof: Uint8Array,
  proofClose: Uint8Array,
  proofHeight: Height,
  nextSequenceRecv: bigint,
): string {
  const { channel, connection } = sendingEnd(k, ctx, packet, false);
  checkCommitment(k, ctx, packet);
  k.verifyCounterpartyState(ctx, connection, packet.sourcePort, packet.sourceChannel, channel, State.STATE_CLOSED, proofHeight, proofClose);
  verifyUnreceived(k, ctx, channel, connection, packet, proof, proofHeight, nextSequenceRecv, true);
  timeoutExecuted(k, ctx, channel, packet);
  return channel.version;
}
