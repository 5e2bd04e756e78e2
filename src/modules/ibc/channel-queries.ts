/**
 * ibc.core.channel.v1.Query, answered from the `ibc` store as ibc-go v10's 04-channel query
 * server. Proof fields are empty and proof heights our own: relayers take proofs from abci_query
 * on /store/ibc/key.
 */
import { Channel, Order, type IdentifiedChannel, type PacketState } from "../../gen/ibc/core/channel/v1/channel";
import * as q from "../../gen/ibc/core/channel/v1/query";
import { paginateRaw } from "../../store/pagination";
import { prefixEnd } from "../../store/prefix";
import type { Context } from "../../types/context";
import { defineQuery, pageRequest, pageResponse, paginated, queryErrors } from "../../types/define";
import { AppError } from "../../types/errors";
import type { QueryDef } from "../../types/module";
import { parseChannelPath, type ChannelKeeper } from "./channels";
import { selfHeight } from "./clients";
import { channelErrors, clientErrors, connectionErrors } from "./errors";
import { hostPaths, validateChannelId, validateConnectionId, validatePortId } from "./host";
import type { IbcKeeper } from "./keeper";
import { stateKey } from "./store";

const text = (b: Uint8Array) => Buffer.from(b).toString("utf8");
const EMPTY = new Uint8Array();

/** An identifier check answered as InvalidArgument. */
function argument(check: () => void): void {
  try {
    check();
  } catch (e) {
    if (e instanceof AppError) throw queryErrors.invalidArgument(e.message);
    throw e;
  }
}

/** ibc-go's validate.GRPCRequest: a valid port and channel identifier. */
function portChannel(req: { portId: string; channelId: string }): void {
  argument(() => validatePortId(req.portId));
  argument(() => validateChannelId(req.channelId));
}

function nonZeroSequence(seq: bigint): void {
  if (seq === 0n) throw queryErrors.invalidArgument("packet sequence cannot be 0");
}

function mustChannel(k: ChannelKeeper, ctx: Context, portId: string, channelId: string, idStyle: "dash" | "paren"): Channel {
  const channel = k.getChannel(ctx, portId, channelId);
  if (channel) return channel;
  const detail = idStyle === "dash" ? `port-id: ${portId}, channel-id ${channelId}` : `port ID (${portId}) channel ID (${channelId})`;
  throw queryErrors.notFound(channelErrors.ErrChannelNotFound.wrap(detail).message);
}

/** The request's channel, its identifiers checked first (ibc-go words NotFound two ways, by query). */
function requestedChannel(k: ChannelKeeper, ctx: Context, req: { portId: string; channelId: string }, idStyle: "dash" | "paren"): Channel {
  portChannel(req);
  return mustChannel(k, ctx, req.portId, req.channelId, idStyle);
}

/** A page of one channel's packet states under `prefixOf`'s path (commitments or acks), sequence from the last path segment. */
function packetStates(
  ctx: Context,
  prefixOf: (portId: string, channelId: string) => string,
  req: { portId: string; channelId: string; pagination?: q.QueryPacketCommitmentsRequest["pagination"] },
) {
  const lo = stateKey(prefixOf(req.portId, req.channelId));
  return paginated(() =>
    paginateRaw<PacketState>(ctx.store, lo, lo, prefixEnd(lo), pageRequest(req.pagination), (rel, data) => ({
      portId: req.portId,
      channelId: req.channelId,
      sequence: BigInt(text(rel).split("/").pop() ?? "0"),
      data,
    })),
  );
}

/** One stored packet state (commitment or ack hash) of an existing channel; NotFound when absent or empty. */
function packetState(
  k: ChannelKeeper,
  ctx: Context,
  req: { portId: string; channelId: string; sequence: bigint },
  get: (ctx: Context, portId: string, channelId: string, sequence: bigint) => Uint8Array | undefined,
  what: string,
): Uint8Array {
  portChannel(req);
  nonZeroSequence(req.sequence);
  mustChannel(k, ctx, req.portId, req.channelId, "paren");
  const value = get(ctx, req.portId, req.channelId, req.sequence);
  if (!value || value.length === 0) throw queryErrors.notFound(`${what} hash not found`);
  return value;
}

/** A page of channel ends (all, or those over one connection), as the Channels responses carry it. */
function channelPage(ctx: Context, req: q.QueryChannelsRequest["pagination"], connection?: string) {
  const lo = stateKey("channelEnds/ports/");
  const page = paginated(() =>
    paginateRaw<IdentifiedChannel | undefined>(
      ctx.store,
      lo,
      lo,
      prefixEnd(lo),
      pageRequest(req),
      (rel, v) => {
        const ids = parseChannelPath(`ports/${text(rel)}`);
        return ids && { ...Channel.decode(v), ...ids };
      },
      (c) => c !== undefined && (connection === undefined || c.connectionHops[0] === connection),
    ),
  );
  return { channels: page.items.filter((c) => c !== undefined), pagination: pageResponse(page), height: selfHeight(ctx) };
}

/** The connection a channel runs over, NotFound when missing (ibc-go's connection-id wording). */
function channelConnection(ibc: IbcKeeper, ctx: Context, channel: Channel) {
  const connectionId = channel.connectionHops[0] ?? "";
  const connection = ibc.connections.getConnection(ctx, connectionId);
  if (!connection) throw queryErrors.notFound(connectionErrors.ErrConnectionNotFound.wrap(`connection-id: ${connectionId}`).message);
  return connection;
}

function nonZeroAt(seq: bigint, i: number): void {
  if (seq === 0n) throw queryErrors.invalidArgument(`packet sequence ${i} cannot be 0`);
}

export function ibcChannelQueries(ibc: IbcKeeper): QueryDef[] {
  const k = ibc.channels;
  return [
    defineQuery({
      requestCodec: q.QueryChannelRequest,
      responseCodec: q.QueryChannelResponse,
      handle: (ctx, req) => {
        const channel = requestedChannel(k, ctx, req, "dash");
        return { channel, proof: EMPTY, proofHeight: selfHeight(ctx) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryChannelsRequest,
      responseCodec: q.QueryChannelsResponse,
      handle: (ctx, req) => channelPage(ctx, req.pagination),
    }),
    defineQuery({
      requestCodec: q.QueryConnectionChannelsRequest,
      responseCodec: q.QueryConnectionChannelsResponse,
      handle: (ctx, req) => {
        argument(() => validateConnectionId(req.connection));
        return channelPage(ctx, req.pagination, req.connection);
      },
    }),
    defineQuery({
      requestCodec: q.QueryChannelClientStateRequest,
      responseCodec: q.QueryChannelClientStateResponse,
      handle: (ctx, req) => {
        portChannel(req);
        const channel = k.getChannel(ctx, req.portId, req.channelId);
        if (!channel) {
          throw queryErrors.notFound(channelErrors.ErrChannelNotFound.wrap(`port-id: ${req.portId}, channel-id: ${req.channelId}`).message);
        }
        const connection = channelConnection(ibc, ctx, channel);
        const clientState = ibc.clients.clientStateAny(ctx, connection.clientId);
        if (!clientState) throw queryErrors.notFound(clientErrors.ErrClientNotFound.wrap(`client-id: ${connection.clientId}`).message);
        return {
          identifiedClientState: { clientId: connection.clientId, clientState },
          proof: EMPTY,
          proofHeight: selfHeight(ctx),
        };
      },
    }),
    defineQuery({
      requestCodec: q.QueryChannelConsensusStateRequest,
      responseCodec: q.QueryChannelConsensusStateResponse,
      handle: (ctx, req) => {
        const channel = requestedChannel(k, ctx, req, "dash");
        const connection = channelConnection(ibc, ctx, channel);
        const height = { revisionNumber: req.revisionNumber, revisionHeight: req.revisionHeight };
        const consensusState = ibc.clients.consensusStateAny(ctx, connection.clientId, height);
        if (!consensusState) {
          throw queryErrors.notFound(clientErrors.ErrConsensusStateNotFound.wrap(`client-id: ${connection.clientId}`).message);
        }
        return { consensusState, clientId: connection.clientId, proof: EMPTY, proofHeight: selfHeight(ctx) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryPacketCommitmentRequest,
      responseCodec: q.QueryPacketCommitmentResponse,
      handle: (ctx, req) => {
        const commitment = packetState(k, ctx, req, (...a) => k.packetCommitment(...a), "packet commitment");
        return { commitment, proof: EMPTY, proofHeight: selfHeight(ctx) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryPacketCommitmentsRequest,
      responseCodec: q.QueryPacketCommitmentsResponse,
      handle: (ctx, req) => {
        requestedChannel(k, ctx, req, "paren");
        const page = packetStates(ctx, hostPaths.packetCommitmentPrefix, req);
        return { commitments: page.items, pagination: pageResponse(page), height: selfHeight(ctx) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryPacketReceiptRequest,
      responseCodec: q.QueryPacketReceiptResponse,
      handle: (ctx, req) => {
        portChannel(req);
        nonZeroSequence(req.sequence);
        mustChannel(k, ctx, req.portId, req.channelId, "paren");
        return { received: k.hasPacketReceipt(ctx, req.portId, req.channelId, req.sequence), proof: EMPTY, proofHeight: selfHeight(ctx) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryPacketAcknowledgementRequest,
      responseCodec: q.QueryPacketAcknowledgementResponse,
      handle: (ctx, req) => {
        const acknowledgement = packetState(k, ctx, req, (...a) => k.packetAcknowledgement(...a), "packet acknowledgement");
        return { acknowledgement, proof: EMPTY, proofHeight: selfHeight(ctx) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryPacketAcknowledgementsRequest,
      responseCodec: q.QueryPacketAcknowledgementsResponse,
      // With sequences named, those acks that exist (no pagination); otherwise a page of all.
      handle: (ctx, req) => {
        requestedChannel(k, ctx, req, "paren");
        if (req.packetCommitmentSequences.length > 0) {
          const acknowledgements: PacketState[] = [];
          for (const sequence of req.packetCommitmentSequences) {
            const data = k.packetAcknowledgement(ctx, req.portId, req.channelId, sequence);
            if (data && data.length > 0) acknowledgements.push({ portId: req.portId, channelId: req.channelId, sequence, data });
          }
          return { acknowledgements, pagination: undefined, height: selfHeight(ctx) };
        }
        const page = packetStates(ctx, hostPaths.packetAcknowledgementPrefix, req);
        return { acknowledgements: page.items, pagination: pageResponse(page), height: selfHeight(ctx) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryUnreceivedPacketsRequest,
      responseCodec: q.QueryUnreceivedPacketsResponse,
      // Which of the counterparty's committed sequences this (receiving) end has not received.
      handle: (ctx, req) => {
        const channel = requestedChannel(k, ctx, req, "dash");
        const sequences: bigint[] = [];
        const seqs = req.packetCommitmentSequences;
        if (channel.ordering === Order.ORDER_UNORDERED) {
          seqs.forEach((seq, i) => {
            nonZeroAt(seq, i);
            if (!k.hasPacketReceipt(ctx, req.portId, req.channelId, seq)) sequences.push(seq);
          });
        } else if (channel.ordering === Order.ORDER_ORDERED) {
          const next = k.nextSequenceRecv(ctx, req.portId, req.channelId);
          if (next === undefined) {
            throw queryErrors.notFound(
              channelErrors.ErrSequenceReceiveNotFound.wrap(`destination port: ${req.portId}, destination channel: ${req.channelId}`)
                .message,
            );
          }
          seqs.forEach((seq, i) => {
            nonZeroAt(seq, i);
            if (seq >= next) sequences.push(seq);
          });
        } else {
          throw queryErrors.invalidArgument(
            channelErrors.ErrInvalidChannelOrdering.wrap(`channel order ${channel.ordering} is not supported`).message,
          );
        }
        return { sequences, height: selfHeight(ctx) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryUnreceivedAcksRequest,
      responseCodec: q.QueryUnreceivedAcksResponse,
      // Which acknowledged sequences this (sending) end still holds a commitment for.
      handle: (ctx, req) => {
        requestedChannel(k, ctx, req, "paren");
        const sequences: bigint[] = [];
        req.packetAckSequences.forEach((seq, i) => {
          nonZeroAt(seq, i);
          const commitment = k.packetCommitment(ctx, req.portId, req.channelId, seq);
          if (commitment && commitment.length > 0) sequences.push(seq);
        });
        return { sequences, height: selfHeight(ctx) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryNextSequenceReceiveRequest,
      responseCodec: q.QueryNextSequenceReceiveResponse,
      // 0 on an unordered channel, whose receive sequence means nothing.
      handle: (ctx, req) => {
        const channel = requestedChannel(k, ctx, req, "dash");
        let nextSequenceReceive = 0n;
        if (channel.ordering !== Order.ORDER_UNORDERED) {
          const next = k.nextSequenceRecv(ctx, req.portId, req.channelId);
          if (next === undefined) {
            throw queryErrors.notFound(
              channelErrors.ErrSequenceReceiveNotFound.wrap(`port-id: ${req.portId}, channel-id ${req.channelId}`).message,
            );
          }
          nextSequenceReceive = next;
        }
        return { nextSequenceReceive, proof: EMPTY, proofHeight: selfHeight(ctx) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryNextSequenceSendRequest,
      responseCodec: q.QueryNextSequenceSendResponse,
      handle: (ctx, req) => {
        portChannel(req);
        const next = k.nextSequenceSend(ctx, req.portId, req.channelId);
        if (next === undefined) {
          throw queryErrors.notFound(
            channelErrors.ErrSequenceSendNotFound.wrap(`port-id: ${req.portId}, channel-id ${req.channelId}`).message,
          );
        }
        return { nextSequenceSend: next, proof: EMPTY, proofHeight: selfHeight(ctx) };
      },
    }),
  ];
}
