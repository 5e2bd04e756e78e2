/**
 * The channel section of IBC core's genesis (ibc.core.channel.v1.GenesisState), as ibc-go v10's
 * 04-channel InitGenesis/ExportGenesis: channel ends, packet commitments, receipts and
 * acknowledgement commitments, the three sequences of every channel and the next channel
 * sequence, all at their ICS-24 paths. Exported in store (path) order.
 */
import { Channel, type IdentifiedChannel, type PacketState } from "../../gen/ibc/core/channel/v1/channel";
import type { GenesisState as ChannelGenesis, PacketSequence } from "../../gen/ibc/core/channel/v1/genesis";
import type { StoreCtx } from "../../store/collections";
import { AppError } from "../../types/errors";
import { isValidChannelId, parseChannelPath, type ChannelKeeper } from "./channels";
import { channelErrors, ibcErrors } from "./errors";
import { hostErrors, validateChannelId, validateConnectionId, validatePortId } from "./host";
import { ibcStore, readUint64BigEndian } from "./store";

const text = (b: Uint8Array) => Buffer.from(b).toString("utf8");

export function defaultChannelGenesis(): ChannelGenesis {
  return {
    channels: [],
    acknowledgements: [],
    commitments: [],
    receipts: [],
    sendSequences: [],
    recvSequences: [],
    ackSequences: [],
    nextChannelSequence: 0n,
  };
}

/** A genesis entry's port, channel and non-zero sequence; failures under `kind` with `what`. */
function genFields(
  e: { portId: string; channelId: string; sequence: bigint },
  kind: typeof ibcErrors.ErrInvalidSequence,
  what: string,
): void {
  try {
    validatePortId(e.portId);
    validateChannelId(e.channelId);
  } catch (err) {
    if (err instanceof AppError) throw kind.wrap(`${what}: ${err.message}`);
    throw err;
  }
  if (e.sequence === 0n) throw kind.wrap(`${what}: sequence cannot be 0`);
}

/** IdentifiedChannel.ValidateBasic. */
function validateIdentifiedChannel(c: IdentifiedChannel, i: number): void {
  const at = (detail: string) => channelErrors.ErrInvalidChannel.wrap(`invalid channel index ${i}: ${detail}`);
  try {
    validateChannelId(c.channelId);
    validatePortId(c.portId);
    if (c.connectionHops.length !== 1)
      throw channelErrors.ErrTooManyConnectionHops.wrap("current IBC version only supports one connection hop");
    validateConnectionId(c.connectionHops[0]!);
    validatePortId(c.counterparty?.portId ?? "");
    if ((c.counterparty?.channelId ?? "") !== "") validateChannelId(c.counterparty!.channelId);
  } catch (err) {
    if (err instanceof AppError) throw at(err.message);
    throw err;
  }
  if (c.state === 0) throw at("invalid channel state");
  if (c.ordering !== 1 && c.ordering !== 2) throw at(`invalid channel ordering ${c.ordering}`);
}

/** GenesisState.Validate of 04-channel. */
export function validateChannelGenesis(g: ChannelGenesis): void {
  let maxSequence = 0n;
  g.channels.forEach((c, i) => {
    if (!isValidChannelId(c.channelId)) throw hostErrors.ErrInvalidID.wrap("channel identifier is not in the format: `channel-{N}`");
    const seq = BigInt(c.channelId.slice("channel-".length));
    if (seq > maxSequence) maxSequence = seq;
    validateIdentifiedChannel(c, i);
  });
  if (maxSequence !== 0n && maxSequence >= g.nextChannelSequence) {
    throw ibcErrors.ErrInvalidSequence.wrap(
      `next channel sequence ${g.nextChannelSequence} must be greater than maximum sequence used in channel identifier ${maxSequence}`,
    );
  }
  g.acknowledgements.forEach((a, i) => {
    genFields(a, channelErrors.ErrInvalidAcknowledgement, `ack index ${i}`);
    if (a.data.length === 0) throw channelErrors.ErrInvalidAcknowledgement.wrap(`ack index ${i}: data bytes cannot be empty`);
  });
  g.receipts.forEach((r, i) => genFields(r, channelErrors.ErrInvalidAcknowledgement, `ack index ${i}`));
  g.commitments.forEach((c, i) => {
    genFields(c, channelErrors.ErrInvalidCommitment, `index ${i}`);
    if (c.data.length === 0) throw channelErrors.ErrInvalidAcknowledgement.wrap(`ack index ${i}: data bytes cannot be empty`);
  });
  g.sendSequences.forEach((s, i) => genFields(s, ibcErrors.ErrInvalidSequence, `invalid send sequence index ${i}`));
  g.recvSequences.forEach((s, i) => genFields(s, ibcErrors.ErrInvalidSequence, `invalid receive sequence index ${i}`));
  g.ackSequences.forEach((s, i) => genFields(s, channelErrors.ErrInvalidAcknowledgement, `sequence index ${i}`));
}

export function initChannelGenesis(k: ChannelKeeper, ctx: StoreCtx, g: ChannelGenesis): void {
  for (const c of g.channels) {
    const { portId, channelId, ...rest } = c;
    k.setChannel(ctx, portId, channelId, rest);
  }
  for (const a of g.acknowledgements) k.setPacketAcknowledgement(ctx, a.portId, a.channelId, a.sequence, a.data);
  for (const c of g.commitments) k.setPacketCommitment(ctx, c.portId, c.channelId, c.sequence, c.data);
  // A receipt's value is always the one byte ibc-go writes, whatever the entry carries.
  for (const r of g.receipts) k.setPacketReceipt(ctx, r.portId, r.channelId, r.sequence);
  for (const s of g.sendSequences) k.setNextSequenceSend(ctx, s.portId, s.channelId, s.sequence);
  for (const s of g.recvSequences) k.setNextSequenceRecv(ctx, s.portId, s.channelId, s.sequence);
  for (const s of g.ackSequences) k.setNextSequenceAck(ctx, s.portId, s.channelId, s.sequence);
  k.setNextChannelSequence(ctx, g.nextChannelSequence);
}

/** `{root}/ports/{port}/channels/{channel}/sequences/{n}` entries. */
function packetStates(ctx: StoreCtx, root: string): PacketState[] {
  const out: PacketState[] = [];
  for (const [rel, data] of ibcStore.prefixed(ctx, `${root}/ports/`)) {
    const parts = text(rel).split("/");
    if (parts.length !== 7 || parts[5] !== "sequences" || !/^[0-9]{1,20}$/.test(parts[6]!)) continue;
    const ids = parseChannelPath(parts.slice(1, 5).join("/"));
    if (ids) out.push({ ...ids, sequence: BigInt(parts[6]!), data });
  }
  return out;
}

/** `{root}/ports/{port}/channels/{channel}` big-endian sequences. */
function sequences(ctx: StoreCtx, root: string): PacketSequence[] {
  const out: PacketSequence[] = [];
  for (const [rel, v] of ibcStore.prefixed(ctx, `${root}/ports/`)) {
    const ids = parseChannelPath(text(rel).slice(root.length + 1));
    if (ids && v.length === 8) out.push({ ...ids, sequence: readUint64BigEndian(v) });
  }
  return out;
}

export function exportChannelGenesis(k: ChannelKeeper, ctx: StoreCtx): ChannelGenesis {
  return {
    channels: [...k.channels(ctx)].map((c) => ({ ...Channel.fromPartial(c), portId: c.portId, channelId: c.channelId })),
    acknowledgements: packetStates(ctx, "acks"),
    commitments: packetStates(ctx, "commitments"),
    receipts: packetStates(ctx, "receipts"),
    sendSequences: sequences(ctx, "nextSequenceSend"),
    recvSequences: sequences(ctx, "nextSequenceRecv"),
    ackSequences: sequences(ctx, "nextSequenceAck"),
    nextChannelSequence: k.nextChannelSequence(ctx),
  };
}
