/**
 * IBC core's events, with ibc-go v10's types and attributes (relayers search for them): each
 * comes with a `message` event naming module `ibc_client`, as ibc-go emits it.
 */
import type { Height } from "../../gen/ibc/core/client/v1/client";
import type { Context } from "../../types/context";
import { heightString } from "./host";

const CLIENT_CATEGORY = "ibc_client";

const message = (ctx: Context, module: string) => ctx.events.emit("message", { module });

export const ibcEvents = {
  clientCreated(ctx: Context, clientId: string, clientType: string, height: Height): void {
    ctx.events.emit("create_client", { client_id: clientId, client_type: clientType, consensus_height: heightString(height) });
    message(ctx, CLIENT_CATEGORY);
  },
  /** `consensus_height` is the first of `consensus_heights` (empty when nothing was added). */
  clientUpdated(ctx: Context, clientId: string, clientType: string, heights: readonly Height[]): void {
    ctx.events.emit("update_client", {
      client_id: clientId,
      client_type: clientType,
      consensus_height: heights.length > 0 ? heightString(heights[0]) : "",
      consensus_heights: heights.map(heightString).join(","),
    });
    message(ctx, CLIENT_CATEGORY);
  },
  clientMisbehaviour(ctx: Context, clientId: string, clientType: string): void {
    ctx.events.emit("client_misbehaviour", { client_id: clientId, client_type: clientType });
    message(ctx, CLIENT_CATEGORY);
  },
};

/** 03-connection's events: the handshake step's ids and the `message` event of module `ibc_connection`. */
const CONNECTION_CATEGORY = "ibc_connection";

type ConnectionIds = { clientId: string; counterparty?: { clientId: string; connectionId: string } | undefined };

function connectionEvent(ctx: Context, type: string, connectionId: string, end: ConnectionIds, withCounterpartyConnection: boolean): void {
  const attrs: Record<string, string> = {
    connection_id: connectionId,
    client_id: end.clientId,
    counterparty_client_id: end.counterparty?.clientId ?? "",
  };
  if (withCounterpartyConnection) attrs.counterparty_connection_id = end.counterparty?.connectionId ?? "";
  ctx.events.emit(type, attrs);
  message(ctx, CONNECTION_CATEGORY);
}

export const connectionEvents = {
  /** Init has no counterparty connection yet, and ibc-go emits no such attribute. */
  openInit(ctx: Context, connectionId: string, clientId: string, counterparty: { clientId: string; connectionId: string }): void {
    connectionEvent(ctx, "connection_open_init", connectionId, { clientId, counterparty }, false);
  },
  openTry(ctx: Context, connectionId: string, clientId: string, counterparty: { clientId: string; connectionId: string }): void {
    connectionEvent(ctx, "connection_open_try", connectionId, { clientId, counterparty }, true);
  },
  openAck(ctx: Context, connectionId: string, end: ConnectionIds): void {
    connectionEvent(ctx, "connection_open_ack", connectionId, end, true);
  },
  openConfirm(ctx: Context, connectionId: string, end: ConnectionIds): void {
    connectionEvent(ctx, "connection_open_confirm", connectionId, end, true);
  },
};

/**
 * 04-channel's events (ibc-go v10 keeper/events.go): handshake steps with the channel's ids,
 * packet events with the packet's fields (data and ack as hex only: v10 dropped the raw
 * `packet_data`/`packet_ack` attributes), each with the `message` event of module `ibc_channel`.
 */
const CHANNEL_CATEGORY = "ibc_channel";

type ChannelView = {
  ordering: number;
  counterparty?: { portId: string; channelId: string } | undefined;
  connectionHops: string[];
  version: string;
};
type PacketView = {
  sequence: bigint;
  sourcePort: string;
  sourceChannel: string;
  destinationPort: string;
  destinationChannel: string;
  data: Uint8Array;
  timeoutHeight?: Height | undefined;
  timeoutTimestamp: bigint;
};

const ORDER_NAMES = ["ORDER_NONE_UNSPECIFIED", "ORDER_UNORDERED", "ORDER_ORDERED"];
const orderString = (o: number) => ORDER_NAMES[o] ?? String(o);
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

function channelEvent(ctx: Context, type: string, portId: string, channelId: string, ch: ChannelView, extra: Record<string, string>): void {
  ctx.events.emit(type, {
    port_id: portId,
    channel_id: channelId,
    counterparty_port_id: ch.counterparty?.portId ?? "",
    ...extra,
  });
  message(ctx, CHANNEL_CATEGORY);
}

/** What a channel event adds once the counterparty's channel id may be known (all but open_init), in ibc-go's order. */
function handshakeAttrs(ch: ChannelView): Record<string, string> {
  return { counterparty_channel_id: ch.counterparty?.channelId ?? "", connection_id: ch.connectionHops[0] ?? "" };
}

/** The attributes every packet event starts with, in ibc-go's order. */
function packetAttrs(p: PacketView): Record<string, string> {
  return {
    packet_timeout_height: heightString(p.timeoutHeight),
    packet_timeout_timestamp: p.timeoutTimestamp.toString(),
    packet_sequence: p.sequence.toString(),
    packet_src_port: p.sourcePort,
    packet_src_channel: p.sourceChannel,
    packet_dst_port: p.destinationPort,
    packet_dst_channel: p.destinationChannel,
  };
}

/** send_packet, recv_packet, write_acknowledgement: data first, the deprecated `packet_connection` next to `connection_id`. */
function relayedPacketEvent(ctx: Context, type: string, p: PacketView, ch: ChannelView, ack?: Uint8Array): void {
  const connection = ch.connectionHops[0] ?? "";
  ctx.events.emit(type, {
    packet_data_hex: hex(p.data),
    ...packetAttrs(p),
    ...(ack === undefined ? {} : { packet_ack_hex: hex(ack) }),
    packet_channel_ordering: orderString(ch.ordering),
    packet_connection: connection,
    connection_id: connection,
  });
  message(ctx, CHANNEL_CATEGORY);
}

export const channelEvents = {
  openInit(ctx: Context, portId: string, channelId: string, ch: ChannelView): void {
    channelEvent(ctx, "channel_open_init", portId, channelId, ch, { connection_id: ch.connectionHops[0] ?? "", version: ch.version });
  },
  openTry(ctx: Context, portId: string, channelId: string, ch: ChannelView): void {
    channelEvent(ctx, "channel_open_try", portId, channelId, ch, { ...handshakeAttrs(ch), version: ch.version });
  },
  openAck(ctx: Context, portId: string, channelId: string, ch: ChannelView): void {
    channelEvent(ctx, "channel_open_ack", portId, channelId, ch, handshakeAttrs(ch));
  },
  openConfirm(ctx: Context, portId: string, channelId: string, ch: ChannelView): void {
    channelEvent(ctx, "channel_open_confirm", portId, channelId, ch, handshakeAttrs(ch));
  },
  closeInit(ctx: Context, portId: string, channelId: string, ch: ChannelView): void {
    channelEvent(ctx, "channel_close_init", portId, channelId, ch, handshakeAttrs(ch));
  },
  closeConfirm(ctx: Context, portId: string, channelId: string, ch: ChannelView): void {
    channelEvent(ctx, "channel_close_confirm", portId, channelId, ch, handshakeAttrs(ch));
  },
  /** An ORDERED channel closed by a timeout (`channel_close`). */
  channelClosed(ctx: Context, p: PacketView, ch: ChannelView): void {
    channelEvent(ctx, "channel_close", p.sourcePort, p.sourceChannel, ch, {
      ...handshakeAttrs(ch),
      packet_channel_ordering: orderString(ch.ordering),
    });
  },
  sendPacket(ctx: Context, p: PacketView, ch: ChannelView): void {
    relayedPacketEvent(ctx, "send_packet", p, ch);
  },
  recvPacket(ctx: Context, p: PacketView, ch: ChannelView): void {
    relayedPacketEvent(ctx, "recv_packet", p, ch);
  },
  writeAcknowledgement(ctx: Context, p: PacketView, ch: ChannelView, ack: Uint8Array): void {
    relayedPacketEvent(ctx, "write_acknowledgement", p, ch, ack);
  },
  acknowledgePacket(ctx: Context, p: PacketView, ch: ChannelView): void {
    const connection = ch.connectionHops[0] ?? "";
    ctx.events.emit("acknowledge_packet", {
      ...packetAttrs(p),
      packet_channel_ordering: orderString(ch.ordering),
      packet_connection: connection,
      connection_id: connection,
    });
    message(ctx, CHANNEL_CATEGORY);
  },
  /** Also what TimeoutOnClose emits (ibc-go has no separate event for it); no `packet_connection`. */
  timeoutPacket(ctx: Context, p: PacketView, ch: ChannelView): void {
    ctx.events.emit("timeout_packet", {
      ...packetAttrs(p),
      connection_id: ch.connectionHops[0] ?? "",
      packet_channel_ordering: orderString(ch.ordering),
    });
    message(ctx, CHANNEL_CATEGORY);
  },
};
