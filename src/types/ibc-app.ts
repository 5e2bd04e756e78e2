/**
 * The callbacks IBC core's channel keeper makes into an application bound to a port (ibc-go's
 * porttypes.IBCModule for v1 channels). Core and the applications (transfer) both build against
 * this contract, so neither imports the other's folder.
 */
import type { Counterparty, Order, Packet } from "../gen/ibc/core/channel/v1/channel";
import type { Context } from "./context";

/** What onRecvPacket answers: the ack bytes to write, and whether the application's writes stand. */
export interface RecvResult {
  /** The acknowledgement's bytes as the counterparty's application decodes them. */
  ack: Uint8Array;
  /** false: the channel keeper drops every write the callback made (an error acknowledgement). */
  success: boolean;
}

export interface IbcApp {
  /** Returns the channel version to store (the proposed one, or the application's default when empty). */
  onChanOpenInit(
    ctx: Context,
    order: Order,
    connectionHops: readonly string[],
    portId: string,
    channelId: string,
    counterparty: Counterparty,
    version: string,
  ): string;
  /** Returns the version this end agrees to, given the counterparty's. */
  onChanOpenTry(
    ctx: Context,
    order: Order,
    connectionHops: readonly string[],
    portId: string,
    channelId: string,
    counterparty: Counterparty,
    counterpartyVersion: string,
  ): string;
  onChanOpenAck(ctx: Context, portId: string, channelId: string, counterpartyChannelId: string, counterpartyVersion: string): void;
  onChanOpenConfirm(ctx: Context, portId: string, channelId: string): void;
  onChanCloseInit(ctx: Context, portId: string, channelId: string): void;
  onChanCloseConfirm(ctx: Context, portId: string, channelId: string): void;
  /** Never throws for bad packet contents: those become an error acknowledgement. */
  onRecvPacket(ctx: Context, channelVersion: string, packet: Packet, relayer: string): RecvResult;
  onAcknowledgementPacket(ctx: Context, channelVersion: string, packet: Packet, acknowledgement: Uint8Array, relayer: string): void;
  onTimeoutPacket(ctx: Context, channelVersion: string, packet: Packet, relayer: string): void;
}
