/**
 * ICS-05 ports: the application modules bound to port ids, and the callbacks the channel keeper
 * makes into them (ibc-go's porttypes.IBCModule for v1 channels). An application registers once,
 * at app construction; the router is fixed for the life of the process, so routing is the same
 * on every node.
 */
import type { Counterparty, Order, Packet } from "../../gen/ibc/core/channel/v1/channel";
import type { Context } from "../../types/context";
import { portErrors } from "./errors";

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

export class PortRouter {
  private readonly routes = new Map<string, IbcApp>();

  bind(portId: string, app: IbcApp): void {
    if (this.routes.has(portId)) throw portErrors.ErrPortExists.wrap(`port ${portId} is already bound`);
    this.routes.set(portId, app);
  }

  has(portId: string): boolean {
    return this.routes.has(portId);
  }

  route(portId: string): IbcApp {
    const app = this.routes.get(portId);
    if (!app) throw portErrors.ErrInvalidRoute.wrap(`route not found to module: ${portId}`);
    return app;
  }
}
