import { Order, type Counterparty, type Packet } from "../../gen/ibc/core/channel/v1/channel";
import type { Context } from "../../types/context";
import type { IbcApp, RecvResult } from "./expected-keepers";
import { errorAckBytes, successAckBytes } from "./ack";
import { channelErrors, ibcErrors, portErrors, transferErrors } from "./errors";
import { transferEvents, type PacketFields } from "./events";
import { goIsBlank, goJsonQuote } from "./go-text";
import { TRANSFER_PORT, type TransferKeeper } from "./keeper";
import { decodePacketData, ICS20_VERSION, type TransferPacket } from "./packet";

const MAX_UINT32 = 0xffffffffn;

/** ValidateTransferChannelParams: at most 2^32 transfer channels, unordered, on the bound port. */
function validateChannelParams(order: Order, portId: string, channelId: string): void {
  const m = /^channel-([0-9]+)$/.exec(channelId);
  if (m === null) throw channelErrors.ErrInvalidChannelIdentifier.wrap(`channel identifier ${channelId} is not in the format: channel-{N}`);
  const sequence = BigInt(m[1]!);
  if (sequence > MAX_UINT32) {
    throw transferErrors.ErrMaxTransferChannels.wrap(
      `channel sequence ${sequence} is greater than max allowed transfer channels ${MAX_UINT32}`,
    );
  }
  if (order !== Order.ORDER_UNORDERED) {
    throw channelErrors.ErrInvalidChannelOrdering.wrap(`expected ORDER_UNORDERED channel, got ${Order[order] ?? order} `);
  }
  if (portId !== TRANSFER_PORT) throw portErrors.ErrInvalidPort.wrap(`invalid port: ${portId}, expected ${TRANSFER_PORT}`);
}

type Ack = { result: Uint8Array } | { error: string };

/**
 * The acknowledgement as ibc-go reads it: proto JSON of channeltypes.Acknowledgement that must
 * marshal back to the very bytes received, so only `{"result":"<base64>"}` and
 * `{"error":"…"}` in their canonical spelling are acknowledgements.
 */
export function parseAck(bytes: Uint8Array): Ack {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (e) {
    throw ibcErrors.ErrUnknownRequest.wrap(`cannot unmarshal ICS-20 transfer packet acknowledgement: ${(e as Error).message}`);
  }
  const keys = value !== null && typeof value === "object" && !Array.isArray(value) ? Object.keys(value) : undefined;
  let ack: Ack | undefined;
  let canonical = "";
  if (keys?.length === 1 && keys[0] === "result" && typeof (value as { result: unknown }).result === "string") {
    const text = (value as { result: string }).result;
    const result = new Uint8Array(Buffer.from(text, "base64"));
    ack = { result };
    canonical = `{"result":"${Buffer.from(result).toString("base64")}"}`;
  } else if (keys?.length === 1 && keys[0] === "error" && typeof (value as { error: unknown }).error === "string") {
    ack = { error: (value as { error: string }).error };
    canonical = `{"error":${goJsonQuote(ack.error)}}`;
  }
  if (ack === undefined) throw ibcErrors.ErrInvalidType.wrap("expected one of [Acknowledgement_Result, Acknowledgement_Error]");
  if (canonical !== new TextDecoder().decode(bytes)) {
    throw ibcErrors.ErrInvalidType.wrap("acknowledgement did not marshal to expected bytes");
  }
  return ack;
}

const fields = (p: TransferPacket): PacketFields => ({
  sender: p.sender,
  receiver: p.receiver,
  denom: p.denom,
  amountText: p.amountText,
  memo: p.memo,
});

/** ICS-20's callbacks for the channel keeper, bound on port "transfer" (ibc-go's transfer IBCModule). */
export function transferIbcApp(k: TransferKeeper): IbcApp {
  return {
    onChanOpenInit(ctx: Context, order, _hops, portId, channelId, _counterparty: Counterparty, version) {
      validateChannelParams(order, portId, channelId);
      const v = goIsBlank(version) ? ICS20_VERSION : version;
      if (v !== ICS20_VERSION) throw transferErrors.ErrInvalidVersion.wrap(`expected one of [${ICS20_VERSION}], got ${v}`);
      k.registerEscrow(ctx, portId, channelId);
      return v;
    },
    onChanOpenTry(ctx, order, _hops, portId, channelId, _counterparty, _counterpartyVersion) {
      validateChannelParams(order, portId, channelId);
      k.registerEscrow(ctx, portId, channelId);
      // An unknown counterparty version is answered with the one this chain speaks.
      return ICS20_VERSION;
    },
    onChanOpenAck(_ctx, _portId, _channelId, _counterpartyChannelId, counterpartyVersion) {
      if (counterpartyVersion !== ICS20_VERSION) {
        throw transferErrors.ErrInvalidVersion.wrap(
          `invalid counterparty version: expected one of [${ICS20_VERSION}], got ${counterpartyVersion}`,
        );
      }
    },
    onChanOpenConfirm() {},
    onChanCloseInit() {
      throw ibcErrors.ErrInvalidRequest.wrap("user cannot close channel");
    },
    onChanCloseConfirm() {},

    onRecvPacket(ctx, channelVersion, packet: Packet): RecvResult {
      let data: TransferPacket | undefined;
      try {
        data = decodePacketData(packet.data, channelVersion);
        const p = data;
        // The keeper's writes are all-or-nothing here; the channel keeper drops them too on an error ack.
        ctx.atomic((inner) =>
          k.onRecvPacket(inner, p, packet.sourcePort, packet.sourceChannel, packet.destinationPort, packet.destinationChannel),
        );
      } catch (err) {
        transferEvents.recv(ctx, data && fields(data), false, err instanceof Error ? err.message : String(err));
        return { ack: errorAckBytes(err), success: false };
      }
      transferEvents.recv(ctx, fields(data), true, undefined);
      return { ack: successAckBytes(), success: true };
    },

    onAcknowledgementPacket(ctx, channelVersion, packet, acknowledgement) {
      const ack = parseAck(acknowledgement);
      const data = decodePacketData(packet.data, channelVersion);
      if ("error" in ack) k.refund(ctx, packet.sourcePort, packet.sourceChannel, data);
      transferEvents.acknowledgement(ctx, fields(data), ack);
    },

    onTimeoutPacket(ctx, channelVersion, packet) {
      const data = decodePacketData(packet.data, channelVersion);
      k.refund(ctx, packet.sourcePort, packet.sourceChannel, data);
      transferEvents.timeout(ctx, fields(data));
    },
  };
}
