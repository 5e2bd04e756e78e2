/**
 * ICS-04 v1 channels over the `ibc` store, as ibc-go v10's 04-channel keeper: channel ends and
 * their sequences at ICS-24 paths, `channel-{n}` identifiers, the opening and closing
 * handshakes (each step checked, then written, so the message server can run the application's
 * callback in between as ibc-go does). Packets are packets.ts's; the keeper's packet methods
 * are its entry points. Channel upgrades and IBC v2 are not served.
 */
import type { ConnectionEnd } from "../../gen/ibc/core/connection/v1/connection";
import { State as ConnectionState } from "../../gen/ibc/core/connection/v1/connection";
import { Channel, Order, State, type Counterparty, type IdentifiedChannel, type Packet } from "../../gen/ibc/core/channel/v1/channel";
import type { Height } from "../../gen/ibc/core/client/v1/client";
import type { StoreCtx } from "../../store/collections";
import type { Context } from "../../types/context";
import type { ClientKeeper } from "./clients";
import { requireConnectionState, type ConnectionKeeper } from "./connections";
import { channelErrors, clientErrors, connectionErrors } from "./errors";
import { channelEvents } from "./events";
import { hostPaths } from "./host";
import * as packets from "./packets";
import type { PortRouter } from "./ports";
import { ibcStore, readUint64BigEndian, uint64BigEndian } from "./store";

/** The connection keeper as channels use it: its lookup and the proofs of the counterparty's state. */
export type ChannelConnections = Pick<
  ConnectionKeeper,
  | "getConnection"
  | "verifyChannelState"
  | "verifyPacketCommitment"
  | "verifyPacketAcknowledgement"
  | "verifyPacketReceiptAbsence"
  | "verifyNextSequenceRecv"
>;

/** What the channel keeper reads of the rest of IBC core (the IbcKeeper itself). */
export interface ChannelDeps {
  readonly clients: ClientKeeper;
  readonly connections: ChannelConnections;
  readonly ports: PortRouter;
}

/** Go's enum String(): the proto name (`STATE_OPEN`, `ORDER_UNORDERED`). */
export const stateName = (s: State): string => State[s] ?? String(s);
export const orderName = (o: Order): string => Order[o] ?? String(o);

export const CHANNEL_PREFIX = "channel-";
const CHANNEL_ID = /^channel-[0-9]{1,20}$/;

/** ibc-go's IsValidChannelID: `channel-{n}` with n a uint64. */
export function isValidChannelId(id: string): boolean {
  return CHANNEL_ID.test(id) && BigInt(id.slice(CHANNEL_PREFIX.length)) < 2n ** 64n;
}

export class ChannelKeeper {
  constructor(private readonly deps: ChannelDeps) {}

  get clients(): ClientKeeper {
    return this.deps.clients;
  }

  get connections(): ChannelConnections {
    return this.deps.connections;
  }

  // ---- state at ICS-24 paths ----

  getChannel(ctx: StoreCtx, portId: string, channelId: string): Channel | undefined {
    const raw = ibcStore.get(ctx, hostPaths.channel(portId, channelId));
    return raw === undefined ? undefined : Channel.decode(raw);
  }

  setChannel(ctx: StoreCtx, portId: string, channelId: string, channel: Channel): void {
    ibcStore.set(ctx, hostPaths.channel(portId, channelId), Channel.encode(channel).finish());
  }

  /** Every channel end in path order (`channelEnds/ports/{port}/channels/{channel}`). */
  *channels(ctx: StoreCtx): IterableIterator<IdentifiedChannel> {
    for (const [rel, v] of ibcStore.prefixed(ctx, "channelEnds/ports/")) {
      const ids = parseChannelPath(Buffer.from(rel).toString("utf8").slice("channelEnds/".length));
      if (ids) yield { ...Channel.decode(v), portId: ids.portId, channelId: ids.channelId };
    }
  }

  /** ibc-go's nextChannelSequence (0 until the first channel). */
  nextChannelSequence(ctx: StoreCtx): bigint {
    const raw = ibcStore.get(ctx, hostPaths.nextChannelSequence());
    return raw === undefined ? 0n : readUint64BigEndian(raw);
  }

  setNextChannelSequence(ctx: StoreCtx, n: bigint): void {
    ibcStore.set(ctx, hostPaths.nextChannelSequence(), uint64BigEndian(n));
  }

  nextSequenceSend(ctx: StoreCtx, portId: string, channelId: string): bigint | undefined {
    return readSeq(ctx, hostPaths.nextSequenceSend(portId, channelId));
  }

  setNextSequenceSend(ctx: StoreCtx, portId: string, channelId: string, n: bigint): void {
    ibcStore.set(ctx, hostPaths.nextSequenceSend(portId, channelId), uint64BigEndian(n));
  }

  nextSequenceRecv(ctx: StoreCtx, portId: string, channelId: string): bigint | undefined {
    return readSeq(ctx, hostPaths.nextSequenceRecv(portId, channelId));
  }

  setNextSequenceRecv(ctx: StoreCtx, portId: string, channelId: string, n: bigint): void {
    ibcStore.set(ctx, hostPaths.nextSequenceRecv(portId, channelId), uint64BigEndian(n));
  }

  nextSequenceAck(ctx: StoreCtx, portId: string, channelId: string): bigint | undefined {
    return readSeq(ctx, hostPaths.nextSequenceAck(portId, channelId));
  }

  setNextSequenceAck(ctx: StoreCtx, portId: string, channelId: string, n: bigint): void {
    ibcStore.set(ctx, hostPaths.nextSequenceAck(portId, channelId), uint64BigEndian(n));
  }

  packetCommitment(ctx: StoreCtx, portId: string, channelId: string, sequence: bigint): Uint8Array | undefined {
    return ibcStore.get(ctx, hostPaths.packetCommitment(portId, channelId, sequence));
  }

  setPacketCommitment(ctx: StoreCtx, portId: string, channelId: string, sequence: bigint, commitment: Uint8Array): void {
    ibcStore.set(ctx, hostPaths.packetCommitment(portId, channelId, sequence), commitment);
  }

  deletePacketCommitment(ctx: StoreCtx, portId: string, channelId: string, sequence: bigint): void {
    ibcStore.delete(ctx, hostPaths.packetCommitment(portId, channelId, sequence));
  }

  hasPacketReceipt(ctx: StoreCtx, portId: string, channelId: string, sequence: bigint): boolean {
    return ibcStore.has(ctx, hostPaths.packetReceipt(portId, channelId, sequence));
  }

  /** The receipt is the single byte 0x01, as ibc-go writes it (its value carries nothing). */
  setPacketReceipt(ctx: StoreCtx, portId: string, channelId: string, sequence: bigint, value = RECEIPT): void {
    ibcStore.set(ctx, hostPaths.packetReceipt(portId, channelId, sequence), value);
  }

  /** The stored acknowledgement commitment (sha256 of the ack bytes). */
  packetAcknowledgement(ctx: StoreCtx, portId: string, channelId: string, sequence: bigint): Uint8Array | undefined {
    return ibcStore.get(ctx, hostPaths.packetAcknowledgement(portId, channelId, sequence));
  }

  setPacketAcknowledgement(ctx: StoreCtx, portId: string, channelId: string, sequence: bigint, commitment: Uint8Array): void {
    ibcStore.set(ctx, hostPaths.packetAcknowledgement(portId, channelId, sequence), commitment);
  }

  /** The connection a channel runs over, ConnectionNotFound when missing. */
  connectionOf(ctx: StoreCtx, channel: Channel): ConnectionEnd {
    const id = channel.connectionHops[0] ?? "";
    const connection = this.connections.getConnection(ctx, id);
    if (!connection) throw connectionErrors.ErrConnectionNotFound.wrap(id);
    return connection;
  }

  /** The same, which must be OPEN: the handshake steps after Init and packet relay need it. */
  openConnectionOf(ctx: StoreCtx, channel: Channel): ConnectionEnd {
    const connection = this.connectionOf(ctx, channel);
    requireConnectionState(connection, ConnectionState.STATE_OPEN);
    return connection;
  }

  private mustGetChannel(ctx: StoreCtx, portId: string, channelId: string): Channel {
    const channel = this.getChannel(ctx, portId, channelId);
    if (!channel) throw channelErrors.ErrChannelNotFound.wrap(`port ID (${portId}) channel ID (${channelId})`);
    return channel;
  }

  private requireActiveClient(ctx: Context, clientId: string): void {
    const status = this.clients.status(ctx, clientId);
    if (status !== "Active") throw clientErrors.ErrClientNotActive.wrap(`client (${clientId}) status is ${status}`);
  }

  /**
   * Proves the counterparty stores `expected` at its end `theirs`: the channel's one hop on that
   * side is always the counterparty of our connection, so it is filled in here.
   */
  private verifyCounterpartyChannel(
    ctx: Context,
    connection: ConnectionEnd,
    proofHeight: Height,
    proof: Uint8Array,
    theirs: Counterparty,
    expected: Omit<Channel, "connectionHops">,
  ): void {
    const channel: Channel = { ...expected, connectionHops: [connection.counterparty?.connectionId ?? ""] };
    this.connections.verifyChannelState(ctx, connection, proofHeight, proof, theirs.portId, theirs.channelId, channel);
  }

  /**
   * Proves the counterparty's end of our (established) channel `portId/channelId` is in `state`:
   * its mirror image, with the same ordering and version and pointing back at us (OpenConfirm,
   * CloseConfirm and TimeoutOnClose).
   */
  verifyCounterpartyState(
    ctx: Context,
    connection: ConnectionEnd,
    portId: string,
    channelId: string,
    channel: Channel,
    state: State,
    proofHeight: Height,
    proof: Uint8Array,
  ): void {
    const theirs = { portId: channel.counterparty?.portId ?? "", channelId: channel.counterparty?.channelId ?? "" };
    this.verifyCounterpartyChannel(ctx, connection, proofHeight, proof, theirs, {
      state,
      ordering: channel.ordering,
      counterparty: { portId, channelId },
      version: channel.version,
    });
  }

  // ---- opening handshake ----

  /** The next `channel-{n}`, the sequence advanced (ibc-go's GenerateChannelIdentifier). */
  private generateChannelIdentifier(ctx: StoreCtx): string {
    const seq = this.nextChannelSequence(ctx);
    this.setNextChannelSequence(ctx, seq + 1n);
    return `${CHANNEL_PREFIX}${seq}`;
  }

  /** The connection's one negotiated version must offer the channel's ordering. */
  private checkOrderingSupported(connection: ConnectionEnd, order: Order): void {
    if (connection.versions.length !== 1) {
      throw connectionErrors.ErrInvalidVersion.wrap(
        `single version must be negotiated on connection before opening channel, got: ${connection.versions.length} versions`,
      );
    }
    const version = connection.versions[0]!;
    if (!version.features.includes(orderName(order))) {
      throw connectionErrors.ErrInvalidVersion.wrap(
        `connection version ${version.identifier} does not support channel ordering: ${orderName(order)}`,
      );
    }
  }

  /** ChanOpenInit's checks; the new channel id (the sequence is taken even though nothing is written yet). */
  chanOpenInit(ctx: Context, order: Order, connectionHops: readonly string[], _portId: string): string {
    const id = connectionHops[0] ?? "";
    const connection = this.connections.getConnection(ctx, id);
    if (!connection) throw connectionErrors.ErrConnectionNotFound.wrap(id);
    this.checkOrderingSupported(connection, order);
    this.requireActiveClient(ctx, connection.clientId);
    return this.generateChannelIdentifier(ctx);
  }

  writeOpenInitChannel(
    ctx: Context,
    portId: string,
    channelId: string,
    order: Order,
    connectionHops: string[],
    counterparty: Counterparty,
    version: string,
  ): void {
    const channel: Channel = { state: State.STATE_INIT, ordering: order, counterparty, connectionHops, version };
    this.setChannel(ctx, portId, channelId, channel);
    this.initSequences(ctx, portId, channelId);
    channelEvents.openInit(ctx, portId, channelId, channel);
  }

  /** ChanOpenTry's checks: the counterparty's INIT end proven; the new channel id. */
  chanOpenTry(
    ctx: Context,
    order: Order,
    connectionHops: readonly string[],
    portId: string,
    counterparty: Counterparty,
    counterpartyVersion: string,
    proofInit: Uint8Array,
    proofHeight: Height,
  ): string {
    if (connectionHops.length !== 1) throw channelErrors.ErrTooManyConnectionHops.wrap(`expected 1, got ${connectionHops.length}`);
    const channelId = this.generateChannelIdentifier(ctx);
    const connection = this.connections.getConnection(ctx, connectionHops[0]!);
    if (!connection) throw connectionErrors.ErrConnectionNotFound.wrap(connectionHops[0]);
    requireConnectionState(connection, ConnectionState.STATE_OPEN);
    this.checkOrderingSupported(connection, order);
    this.verifyCounterpartyChannel(ctx, connection, proofHeight, proofInit, counterparty, {
      state: State.STATE_INIT,
      ordering: order,
      counterparty: { portId, channelId: "" },
      version: counterpartyVersion,
    });
    return channelId;
  }

  writeOpenTryChannel(
    ctx: Context,
    portId: string,
    channelId: string,
    order: Order,
    connectionHops: string[],
    counterparty: Counterparty,
    version: string,
  ): void {
    this.initSequences(ctx, portId, channelId);
    const channel: Channel = { state: State.STATE_TRYOPEN, ordering: order, counterparty, connectionHops, version };
    this.setChannel(ctx, portId, channelId, channel);
    channelEvents.openTry(ctx, portId, channelId, channel);
  }

  /** ChanOpenAck's checks: our INIT end, the counterparty's TRYOPEN end proven. */
  chanOpenAck(
    ctx: Context,
    portId: string,
    channelId: string,
    counterpartyVersion: string,
    counterpartyChannelId: string,
    proofTry: Uint8Array,
    proofHeight: Height,
  ): void {
    const channel = this.mustGetChannel(ctx, portId, channelId);
    if (channel.state !== State.STATE_INIT) {
      throw channelErrors.ErrInvalidChannelState.wrap(`channel state should be INIT (got ${stateName(channel.state)})`);
    }
    const connection = this.openConnectionOf(ctx, channel);
    const theirs = { portId: channel.counterparty?.portId ?? "", channelId: counterpartyChannelId };
    this.verifyCounterpartyChannel(ctx, connection, proofHeight, proofTry, theirs, {
      state: State.STATE_TRYOPEN,
      ordering: channel.ordering,
      counterparty: { portId, channelId },
      version: counterpartyVersion,
    });
  }

  /** OPEN, with the version the counterparty agreed and its channel id. */
  writeOpenAckChannel(ctx: Context, portId: string, channelId: string, counterpartyVersion: string, counterpartyChannelId: string): void {
    const channel = this.mustGetChannel(ctx, portId, channelId);
    channel.state = State.STATE_OPEN;
    channel.version = counterpartyVersion;
    channel.counterparty = { portId: channel.counterparty?.portId ?? "", channelId: counterpartyChannelId };
    this.setChannel(ctx, portId, channelId, channel);
    channelEvents.openAck(ctx, portId, channelId, channel);
  }

  /** ChanOpenConfirm's checks: our TRYOPEN end, the counterparty's OPEN end proven. */
  chanOpenConfirm(ctx: Context, portId: string, channelId: string, proofAck: Uint8Array, proofHeight: Height): void {
    const channel = this.mustGetChannel(ctx, portId, channelId);
    if (channel.state !== State.STATE_TRYOPEN) {
      throw channelErrors.ErrInvalidChannelState.wrap(`channel state is not TRYOPEN (got ${stateName(channel.state)})`);
    }
    const connection = this.openConnectionOf(ctx, channel);
    this.verifyCounterpartyState(ctx, connection, portId, channelId, channel, State.STATE_OPEN, proofHeight, proofAck);
  }

  writeOpenConfirmChannel(ctx: Context, portId: string, channelId: string): void {
    const channel = this.mustGetChannel(ctx, portId, channelId);
    channel.state = State.STATE_OPEN;
    this.setChannel(ctx, portId, channelId, channel);
    channelEvents.openConfirm(ctx, portId, channelId, channel);
  }

  private initSequences(ctx: StoreCtx, portId: string, channelId: string): void {
    this.setNextSequenceSend(ctx, portId, channelId, 1n);
    this.setNextSequenceRecv(ctx, portId, channelId, 1n);
    this.setNextSequenceAck(ctx, portId, channelId, 1n);
  }

  // ---- closing handshake ----

  /** Closes our end (any state but CLOSED) over an open connection whose client is active. */
  chanCloseInit(ctx: Context, portId: string, channelId: string): void {
    const channel = this.mustGetChannel(ctx, portId, channelId);
    if (channel.state === State.STATE_CLOSED) throw channelErrors.ErrInvalidChannelState.wrap("channel is already CLOSED");
    const connection = this.connectionOf(ctx, channel);
    this.requireActiveClient(ctx, connection.clientId);
    requireConnectionState(connection, ConnectionState.STATE_OPEN);
    channel.state = State.STATE_CLOSED;
    this.setChannel(ctx, portId, channelId, channel);
    channelEvents.closeInit(ctx, portId, channelId, channel);
  }

  /** Closes our end once the counterparty's end is proven CLOSED. */
  chanCloseConfirm(ctx: Context, portId: string, channelId: string, proofInit: Uint8Array, proofHeight: Height): void {
    const channel = this.mustGetChannel(ctx, portId, channelId);
    if (channel.state === State.STATE_CLOSED) throw channelErrors.ErrInvalidChannelState.wrap("channel is already CLOSED");
    const connection = this.openConnectionOf(ctx, channel);
    this.verifyCounterpartyState(ctx, connection, portId, channelId, channel, State.STATE_CLOSED, proofHeight, proofInit);
    channel.state = State.STATE_CLOSED;
    this.setChannel(ctx, portId, channelId, channel);
    channelEvents.closeConfirm(ctx, portId, channelId, channel);
  }

  // ---- packets (packets.ts) ----

  /** ICS-04 SendPacket for an application bound to `sourcePort`: the packet's sequence. */
  sendPacket(
    ctx: Context,
    sourcePort: string,
    sourceChannel: string,
    timeoutHeight: Height | undefined,
    timeoutTimestamp: bigint,
    data: Uint8Array,
  ): bigint {
    return packets.sendPacket(this, ctx, sourcePort, sourceChannel, timeoutHeight, timeoutTimestamp, data);
  }

  /** For applications acknowledging asynchronously (none on this chain yet). */
  writeAcknowledgement(ctx: Context, packet: Packet, ack: Uint8Array): void {
    packets.writeAcknowledgement(this, ctx, packet, ack);
  }
}

const RECEIPT = Uint8Array.of(1);

function readSeq(ctx: StoreCtx, path: string): bigint | undefined {
  const raw = ibcStore.get(ctx, path);
  return raw === undefined ? undefined : readUint64BigEndian(raw);
}

/** `ports/{port}/channels/{channel}` (ibc-go's ParseChannelPath); undefined when it is not one. */
export function parseChannelPath(path: string): { portId: string; channelId: string } | undefined {
  const parts = path.split("/");
  if (parts.length !== 4 || parts[0] !== "ports" || parts[2] !== "channels") return undefined;
  return { portId: parts[1]!, channelId: parts[3]! };
}
