/**
 * ibc.core.channel.v1.Msg (v1 channels only), as ibc-go v10's core message server: each
 * handshake step runs 04-channel's checks, the application's callback through the port router
 * and the write in ibc-go's order; packet messages verify in a child branch so a redundant
 * relay (already received, acknowledged or timed out) succeeds as RESPONSE_RESULT_TYPE_NOOP
 * with no state change and no events, and a failed receive (error acknowledgement) keeps the
 * receipt and the ack but none of the application's writes.
 */
import type { Height } from "../../gen/ibc/core/client/v1/client";
import { State, type Channel, type Counterparty, type Packet } from "../../gen/ibc/core/channel/v1/channel";
import * as tx from "../../gen/ibc/core/channel/v1/tx";
import { ResponseResultType } from "../../gen/ibc/core/channel/v1/tx";
import { accAddress } from "../../types/address";
import type { Context } from "../../types/context";
import { defineMsg } from "../../types/define";
import type { Event } from "../../types/events";
import type { MsgDef } from "../../types/module";
import { isValidChannelId } from "./channels";
import { channelErrors, commitmentErrors, ibcErrors, wrapError, wrapped } from "./errors";
import { validateChannelId, validateConnectionId, validatePortId } from "./host";
import type { IbcKeeper } from "./keeper";
import * as packets from "./packets";
import type { IbcApp, RecvResult } from "./ports";

const ZERO_HEIGHT: Height = { revisionNumber: 0n, revisionHeight: 0n };

function signer(address: string): void {
  if (!accAddress.isValid(address)) throw ibcErrors.ErrInvalidAddress.wrap(`string could not be parsed as address: ${address}`);
}

const portId = (id: string, what = "invalid port ID") => wrapped(what, () => validatePortId(id));

function channelIdFormat(id: string): void {
  if (!isValidChannelId(id)) throw channelErrors.ErrInvalidChannelIdentifier.wrap();
}

/** The port and channel identifiers of a message on an existing end (Ack, Confirm, the closes). */
function portAndChannel(m: { portId: string; channelId: string }): void {
  portId(m.portId);
  channelIdFormat(m.channelId);
}

function proof(p: Uint8Array, what: string): void {
  if (p.length === 0) throw commitmentErrors.ErrInvalidProof.wrap(`cannot submit an empty ${what} proof`);
}

/** Channel.ValidateBasic. */
function validateChannel(ch: Channel): void {
  if (ch.state === State.STATE_UNINITIALIZED_UNSPECIFIED) throw channelErrors.ErrInvalidChannelState.wrap();
  if (ch.ordering !== 1 && ch.ordering !== 2) throw channelErrors.ErrInvalidChannelOrdering.wrap(String(ch.ordering));
  if (ch.connectionHops.length !== 1) {
    throw channelErrors.ErrTooManyConnectionHops.wrap("current IBC version only supports one connection hop");
  }
  wrapped("invalid connection hop ID", () => validateConnectionId(ch.connectionHops[0]!));
  portId(ch.counterparty?.portId ?? "", "invalid counterparty port ID");
  const cpChannel = ch.counterparty?.channelId ?? "";
  if (cpChannel !== "") wrapped("invalid counterparty channel ID", () => validateChannelId(cpChannel));
}

/** The end Init or Try proposes must be in that step's state. */
function requireMsgState(c: Channel, want: State, msg: string): void {
  if (c.state !== want) {
    const wanted = State[want];
    throw channelErrors.ErrInvalidChannelState.wrap(
      `channel state must be ${wanted.replace(/^STATE_/, "")} in ${msg}. expected: ${wanted}, got: ${State[c.state] ?? c.state}`,
    );
  }
}

function requireChannel(ch: Channel | undefined): Channel {
  if (!ch) throw channelErrors.ErrInvalidChannel.wrap("channel cannot be nil");
  return ch;
}

function requirePacket(p: Packet | undefined): Packet {
  const packet = p ?? {
    sequence: 0n,
    sourcePort: "",
    sourceChannel: "",
    destinationPort: "",
    destinationChannel: "",
    data: new Uint8Array(),
    timeoutHeight: undefined,
    timeoutTimestamp: 0n,
  };
  packets.validatePacket(packet);
  return packet;
}

/** Runs a packet step in a child branch: its writes and events stand only on success; a redundant relay is `noop`. */
function tao<T>(ctx: Context, detail: string, fn: (c: Context) => T): { noop: true } | { noop: false; value: T } {
  try {
    return { noop: false, value: ctx.atomic(fn) };
  } catch (e) {
    if (channelErrors.ErrNoOpMsg.is(e)) return { noop: true };
    throw wrapError(e, detail);
  }
}

/** ibc-go's ConvertToErrorEvents: the failed callback's events, kept under `ibccallbackerror-` names. */
function errorEvents(events: readonly Event[]): Event[] {
  return events.map((e) => ({
    type: `ibccallbackerror-${e.type}`,
    attributes: e.attributes.map((a) => ({ ...a, key: `ibccallbackerror-${a.key}` })),
  }));
}

/** Thrown out of the callback's branch to drop its writes while keeping its answer. */
class ErrorAck {
  constructor(
    readonly result: RecvResult,
    readonly events: readonly Event[],
  ) {}
}

/** The application's onRecvPacket in a child branch kept only for a successful acknowledgement. */
function runRecvCallback(ctx: Context, fn: (c: Context) => RecvResult): RecvResult {
  try {
    return ctx.atomic((c) => {
      const result = fn(c);
      if (!result.success) throw new ErrorAck(result, c.events.events);
      return result;
    });
  } catch (e) {
    if (!(e instanceof ErrorAck)) throw e;
    ctx.events.append(errorEvents(e.events));
    return e.result;
  }
}

const SUCCESS = ResponseResultType.RESPONSE_RESULT_TYPE_SUCCESS;
const NOOP = ResponseResultType.RESPONSE_RESULT_TYPE_NOOP;

export function ibcChannelMsgs(k: IbcKeeper): MsgDef[] {
  const ch = k.channels;
  const route = (port: string) => k.ports.route(port);
  const cb = <T>(what: string, port: string, channel: string, fn: () => T): T =>
    wrapped(`channel ${what} callback failed for port ID: ${port}, channel ID: ${channel}`, fn);
  /**
   * Init and Try create an end: the keeper's checks give its id, the application's callback the
   * version it agrees to (from `proposed`), then the end is written.
   */
  const openEnd = (
    ctx: Context,
    port: string,
    c: Channel,
    step: "init" | "try",
    proposed: string,
    check: (counterparty: Counterparty) => string,
  ) => {
    const app = route(port);
    const counterparty = c.counterparty ?? { portId: "", channelId: "" };
    const channelId = wrapped(`channel handshake open ${step} failed`, () => check(counterparty));
    const callback = step === "init" ? app.onChanOpenInit.bind(app) : app.onChanOpenTry.bind(app);
    const version = cb(`open ${step}`, port, channelId, () =>
      callback(ctx, c.ordering, c.connectionHops, port, channelId, counterparty, proposed),
    );
    const write = step === "init" ? ch.writeOpenInitChannel.bind(ch) : ch.writeOpenTryChannel.bind(ch);
    write(ctx, port, channelId, c.ordering, c.connectionHops, counterparty, version);
    return { channelId, version };
  };
  /** Acknowledge and the timeouts, on the sending end: verified in a child branch, then the application told. */
  const settled = (
    ctx: Context,
    packet: Packet,
    step: string,
    verify: (c: Context) => string,
    callbackFailed: string,
    callback: (app: IbcApp, channelVersion: string) => void,
  ) => {
    const app = route(packet.sourcePort);
    const verified = tao(ctx, `${step} packet verification failed`, verify);
    if (verified.noop) return { result: NOOP };
    wrapped(callbackFailed, () => callback(app, verified.value));
    return { result: SUCCESS };
  };

  return [
    defineMsg({
      codec: tx.MsgChannelOpenInit,
      responseCodec: tx.MsgChannelOpenInitResponse,
      signer: "signer",
      validate: (m) => {
        portId(m.portId);
        const c = requireChannel(m.channel);
        requireMsgState(c, State.STATE_INIT, "MsgChannelOpenInit");
        if ((c.counterparty?.channelId ?? "") !== "") {
          throw channelErrors.ErrInvalidCounterparty.wrap("counterparty channel identifier must be empty");
        }
        signer(m.signer);
        validateChannel(c);
      },
      handle: (ctx, m) =>
        openEnd(ctx, m.portId, m.channel!, "init", m.channel!.version, () =>
          ch.chanOpenInit(ctx, m.channel!.ordering, m.channel!.connectionHops, m.portId),
        ),
    }),
    defineMsg({
      codec: tx.MsgChannelOpenTry,
      responseCodec: tx.MsgChannelOpenTryResponse,
      signer: "signer",
      validate: (m) => {
        portId(m.portId);
        if (m.previousChannelId !== "") {
          throw channelErrors.ErrInvalidChannelIdentifier.wrap(
            "previous channel identifier must be empty, this field has been deprecated as crossing hellos are no longer supported",
          );
        }
        proof(m.proofInit, "init");
        const c = requireChannel(m.channel);
        requireMsgState(c, State.STATE_TRYOPEN, "MsgChannelOpenTry");
        wrapped("invalid counterparty channel ID", () => validateChannelId(c.counterparty?.channelId ?? ""));
        signer(m.signer);
        validateChannel(c);
      },
      handle: (ctx, m) =>
        openEnd(ctx, m.portId, m.channel!, "try", m.counterpartyVersion, (counterparty) => {
          const c = m.channel!;
          const height = m.proofHeight ?? ZERO_HEIGHT;
          return ch.chanOpenTry(ctx, c.ordering, c.connectionHops, m.portId, counterparty, m.counterpartyVersion, m.proofInit, height);
        }),
    }),
    defineMsg({
      codec: tx.MsgChannelOpenAck,
      responseCodec: tx.MsgChannelOpenAckResponse,
      signer: "signer",
      validate: (m) => {
        portAndChannel(m);
        wrapped("invalid counterparty channel ID", () => validateChannelId(m.counterpartyChannelId));
        proof(m.proofTry, "try");
        signer(m.signer);
      },
      handle: (ctx, m) => {
        const app = route(m.portId);
        wrapped("channel handshake open ack failed", () =>
          ch.chanOpenAck(
            ctx,
            m.portId,
            m.channelId,
            m.counterpartyVersion,
            m.counterpartyChannelId,
            m.proofTry,
            m.proofHeight ?? ZERO_HEIGHT,
          ),
        );
        ch.writeOpenAckChannel(ctx, m.portId, m.channelId, m.counterpartyVersion, m.counterpartyChannelId);
        cb("open ack", m.portId, m.channelId, () =>
          app.onChanOpenAck(ctx, m.portId, m.channelId, m.counterpartyChannelId, m.counterpartyVersion),
        );
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgChannelOpenConfirm,
      responseCodec: tx.MsgChannelOpenConfirmResponse,
      signer: "signer",
      validate: (m) => {
        portAndChannel(m);
        proof(m.proofAck, "acknowledgement");
        signer(m.signer);
      },
      handle: (ctx, m) => {
        const app = route(m.portId);
        wrapped("channel handshake open confirm failed", () =>
          ch.chanOpenConfirm(ctx, m.portId, m.channelId, m.proofAck, m.proofHeight ?? ZERO_HEIGHT),
        );
        ch.writeOpenConfirmChannel(ctx, m.portId, m.channelId);
        cb("open confirm", m.portId, m.channelId, () => app.onChanOpenConfirm(ctx, m.portId, m.channelId));
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgChannelCloseInit,
      responseCodec: tx.MsgChannelCloseInitResponse,
      signer: "signer",
      validate: (m) => {
        portAndChannel(m);
        signer(m.signer);
      },
      // The application may refuse to close (ICS-20 always does): its callback runs first.
      handle: (ctx, m) => {
        const app = route(m.portId);
        cb("close init", m.portId, m.channelId, () => app.onChanCloseInit(ctx, m.portId, m.channelId));
        wrapped("channel handshake close init failed", () => ch.chanCloseInit(ctx, m.portId, m.channelId));
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgChannelCloseConfirm,
      responseCodec: tx.MsgChannelCloseConfirmResponse,
      signer: "signer",
      validate: (m) => {
        portAndChannel(m);
        proof(m.proofInit, "init");
        signer(m.signer);
      },
      handle: (ctx, m) => {
        const app = route(m.portId);
        cb("close confirm", m.portId, m.channelId, () => app.onChanCloseConfirm(ctx, m.portId, m.channelId));
        wrapped("channel handshake close confirm failed", () =>
          ch.chanCloseConfirm(ctx, m.portId, m.channelId, m.proofInit, m.proofHeight ?? ZERO_HEIGHT),
        );
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgRecvPacket,
      responseCodec: tx.MsgRecvPacketResponse,
      signer: "signer",
      validate: (m) => {
        proof(m.proofCommitment, "commitment");
        signer(m.signer);
        requirePacket(m.packet);
      },
      handle: (ctx, m) => {
        const packet = m.packet!;
        const app = route(packet.destinationPort);
        const verified = tao(ctx, "receive packet verification failed", (c) =>
          packets.recvPacket(ch, c, packet, m.proofCommitment, m.proofHeight ?? ZERO_HEIGHT),
        );
        if (verified.noop) return { result: NOOP };
        const ack = runRecvCallback(ctx, (c) => app.onRecvPacket(c, verified.value, packet, m.signer));
        packets.writeAcknowledgement(ch, ctx, packet, ack.ack);
        return { result: SUCCESS };
      },
    }),
    defineMsg({
      codec: tx.MsgTimeout,
      responseCodec: tx.MsgTimeoutResponse,
      signer: "signer",
      validate: (m) => {
        proof(m.proofUnreceived, "unreceived");
        if (m.nextSequenceRecv === 0n) throw ibcErrors.ErrInvalidSequence.wrap("next sequence receive cannot be 0");
        signer(m.signer);
        requirePacket(m.packet);
      },
      handle: (ctx, m) =>
        settled(
          ctx,
          m.packet!,
          "timeout",
          (c) => packets.timeoutPacket(ch, c, m.packet!, m.proofUnreceived, m.proofHeight ?? ZERO_HEIGHT, m.nextSequenceRecv),
          "timeout packet callback failed",
          (app, version) => app.onTimeoutPacket(ctx, version, m.packet!, m.signer),
        ),
    }),
    defineMsg({
      codec: tx.MsgTimeoutOnClose,
      responseCodec: tx.MsgTimeoutOnCloseResponse,
      signer: "signer",
      validate: (m) => {
        if (m.nextSequenceRecv === 0n) throw ibcErrors.ErrInvalidSequence.wrap("next sequence receive cannot be 0");
        proof(m.proofUnreceived, "unreceived");
        if (m.proofClose.length === 0) {
          throw commitmentErrors.ErrInvalidProof.wrap("cannot submit an empty proof of closed counterparty channel end");
        }
        signer(m.signer);
        requirePacket(m.packet);
      },
      handle: (ctx, m) =>
        settled(
          ctx,
          m.packet!,
          "timeout on close",
          (c) =>
            packets.timeoutOnClose(ch, c, m.packet!, m.proofUnreceived, m.proofClose, m.proofHeight ?? ZERO_HEIGHT, m.nextSequenceRecv),
          "timeout on close callback failed",
          (app, version) => app.onTimeoutPacket(ctx, version, m.packet!, m.signer),
        ),
    }),
    defineMsg({
      codec: tx.MsgAcknowledgement,
      responseCodec: tx.MsgAcknowledgementResponse,
      signer: "signer",
      validate: (m) => {
        proof(m.proofAcked, "acknowledgement");
        if (m.acknowledgement.length === 0) throw channelErrors.ErrInvalidAcknowledgement.wrap("ack bytes cannot be empty");
        signer(m.signer);
        requirePacket(m.packet);
      },
      handle: (ctx, m) =>
        settled(
          ctx,
          m.packet!,
          "acknowledge",
          (c) => packets.acknowledgePacket(ch, c, m.packet!, m.acknowledgement, m.proofAcked, m.proofHeight ?? ZERO_HEIGHT),
          "acknowledge packet callback failed",
          (app, version) => app.onAcknowledgementPacket(ctx, version, m.packet!, m.acknowledgement, m.signer),
        ),
    }),
  ];
}
