/**
 * ICS-04 packets through signed txs on one chain over `connection-localhost`: a packet sent by
 * the mock application (in a block's context), received with the sentinel proof, acknowledged;
 * error acknowledgements dropping the application's writes; ibc-go's NOOP for redundant
 * relays; timeouts by height and by timestamp on both orderings (an ORDERED channel closes);
 * timeout on close; the commitment bytes; the packet queries and errors.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Order, State, type Packet } from "../../../src/gen/ibc/core/channel/v1/channel";
import type { Height } from "../../../src/gen/ibc/core/client/v1/client";
import * as q from "../../../src/gen/ibc/core/channel/v1/query";
import * as tx from "../../../src/gen/ibc/core/channel/v1/tx";
import { ResponseResultType } from "../../../src/gen/ibc/core/channel/v1/tx";
import { sha256 } from "../../../src/store/hash";
import { hostPaths } from "../../../src/modules/ibc/host";
import { exportChannelGenesis, validateChannelGenesis } from "../../../src/modules/ibc/channel-genesis";
import { commitPacket } from "../../../src/types/ibc-host";
import { ibcStore } from "../../../src/modules/ibc/store";
import { timestampNanos } from "../../../src/types/time";
import { eventOf, eventsOf, moduleErrorExpecter } from "../../helpers/module-setup";
import { createHarness, ERROR_ACK, msgs, openChannelPair, PORT_A, PORT_B, response, SUCCESS_ACK, type Harness } from "./channels-setup";

const expectChannelError = moduleErrorExpecter("channel");
const NOOP = ResponseResultType.RESPONSE_RESULT_TYPE_NOOP;
const SUCCESS = ResponseResultType.RESPONSE_RESULT_TYPE_SUCCESS;
const data = (s: string) => new TextEncoder().encode(s);
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

describe("ibc packets over connection-localhost", () => {
  let h: Harness;
  let un: { a: string; b: string };
  let ord: { a: string; b: string };

  /** Sends from PORT_A/channel in the next block; the packet as the receiving end sees it. */
  async function send(channel: { a: string; b: string }, payload: string, timeoutHeight?: Height, timeoutTimestamp = 0n): Promise<Packet> {
    const th = timeoutHeight ?? { revisionNumber: 0n, revisionHeight: h.chain.height + 1000n };
    const sequence = await h.inBlock((ctx) => h.keeper.channels.sendPacket(ctx, PORT_A, channel.a, th, timeoutTimestamp, data(payload)));
    return {
      sequence,
      sourcePort: PORT_A,
      sourceChannel: channel.a,
      destinationPort: PORT_B,
      destinationChannel: channel.b,
      data: data(payload),
      timeoutHeight: th,
      timeoutTimestamp,
    };
  }
  const raw = (path: string) => h.inBlock((ctx) => ibcStore.get(ctx, path));

  beforeAll(async () => {
    h = await createHarness();
    un = await openChannelPair(h, Order.ORDER_UNORDERED);
    ord = await openChannelPair(h, Order.ORDER_ORDERED);
  });
  afterAll(() => h.chain.close());

  it("sends: ibc-go's commitment at the packet's path, the next sequence advanced", async () => {
    const p = await send(un, "hello");
    expect(p.sequence).toBe(1n);
    // sha256(timeout ts BE ‖ revision number BE ‖ revision height BE ‖ sha256(data))
    const buf = Buffer.concat([Buffer.alloc(8), Buffer.alloc(8), Buffer.alloc(8), Buffer.from(sha256(p.data))]);
    buf.writeBigUInt64BE(p.timeoutTimestamp, 0);
    buf.writeBigUInt64BE(p.timeoutHeight!.revisionNumber, 8);
    buf.writeBigUInt64BE(p.timeoutHeight!.revisionHeight, 16);
    const expected = sha256(buf);
    expect(hex(commitPacket(p))).toBe(hex(expected));
    expect(hex((await raw(hostPaths.packetCommitment(PORT_A, un.a, 1n)))!)).toBe(hex(expected));
    const res = h.chain.query(
      "/ibc.core.channel.v1.Query/PacketCommitment",
      q.QueryPacketCommitmentRequest,
      { portId: PORT_A, channelId: un.a, sequence: 1n },
      q.QueryPacketCommitmentResponse,
    );
    expect(hex(res.commitment)).toBe(hex(expected));
    const unrecv = h.chain.query(
      "/ibc.core.channel.v1.Query/UnreceivedPackets",
      q.QueryUnreceivedPacketsRequest,
      { portId: PORT_B, channelId: un.b, packetCommitmentSequences: [1n, 2n] },
      q.QueryUnreceivedPacketsResponse,
    );
    expect(unrecv.sequences).toEqual([1n, 2n]);
  });

  it("receives with the sentinel proof, writes receipt and ack, with ibc-go's events; acknowledges", async () => {
    const p = await send(un, "recv-me");
    const res = await h.deliver([msgs.recv(p, h.chain.height)]);
    expect(res.code, res.log).toBe(0);
    expect(response(res, tx.MsgRecvPacketResponse).result).toBe(SUCCESS);
    const common = {
      packet_timeout_height: `0-${p.timeoutHeight!.revisionHeight}`,
      packet_timeout_timestamp: "0",
      packet_sequence: p.sequence.toString(),
      packet_src_port: PORT_A,
      packet_src_channel: un.a,
      packet_dst_port: PORT_B,
      packet_dst_channel: un.b,
    };
    expect(eventOf(res, "recv_packet")).toEqual({
      packet_data_hex: hex(p.data),
      ...common,
      packet_channel_ordering: "ORDER_UNORDERED",
      packet_connection: "connection-localhost",
      connection_id: "connection-localhost",
    });
    expect(eventOf(res, "write_acknowledgement")).toEqual({
      packet_data_hex: hex(p.data),
      ...common,
      packet_ack_hex: hex(SUCCESS_ACK),
      packet_channel_ordering: "ORDER_UNORDERED",
      packet_connection: "connection-localhost",
      connection_id: "connection-localhost",
    });
    expect(eventOf(res, "mock_recv")).toEqual({ sequence: p.sequence.toString() });
    expect(eventsOf(res, "message")).toContainEqual({ module: "ibc_channel" });
    expect(hex((await raw(hostPaths.packetReceipt(PORT_B, un.b, p.sequence)))!)).toBe("01");
    expect(hex((await raw(hostPaths.packetAcknowledgement(PORT_B, un.b, p.sequence)))!)).toBe(hex(sha256(SUCCESS_ACK)));
    expect(await raw(`mock/recv/${un.b}/${p.sequence}`)).toBeDefined();

    const ack = await h.deliver([msgs.ack({ ...p }, SUCCESS_ACK, h.chain.height)]);
    expect(ack.code, ack.log).toBe(0);
    expect(response(ack, tx.MsgAcknowledgementResponse).result).toBe(SUCCESS);
    expect(eventOf(ack, "acknowledge_packet")).toEqual({
      ...common,
      packet_channel_ordering: "ORDER_UNORDERED",
      packet_connection: "connection-localhost",
      connection_id: "connection-localhost",
    });
    expect(await raw(hostPaths.packetCommitment(PORT_A, un.a, p.sequence))).toBeUndefined();
    expect(h.app.calls.at(-1)).toBe(`onAcknowledgementPacket ${un.a}/${p.sequence} {"result":"AQ=="}`);
  });

  it("answers a redundant recv, ack or timeout with NOOP: success, no state change, no channel events", async () => {
    const p = await send(un, "twice");
    expect((await h.deliver([msgs.recv(p, h.chain.height)])).code).toBe(0);
    const again = await h.deliver([msgs.recv(p, h.chain.height)]);
    expect(again.code, again.log).toBe(0);
    expect(response(again, tx.MsgRecvPacketResponse).result).toBe(NOOP);
    expect(eventOf(again, "recv_packet")).toBeUndefined();
    expect(eventOf(again, "write_acknowledgement")).toBeUndefined();
    expect((await h.deliver([msgs.ack(p, SUCCESS_ACK, h.chain.height)])).code).toBe(0);
    const ackAgain = await h.deliver([msgs.ack(p, SUCCESS_ACK, h.chain.height)]);
    expect(ackAgain.code, ackAgain.log).toBe(0);
    expect(response(ackAgain, tx.MsgAcknowledgementResponse).result).toBe(NOOP);
    const timeoutAfterAck = await h.deliver([msgs.timeout(p, 1n, h.chain.height)]);
    // The packet's timeout is far ahead: not reached comes before the commitment check.
    expectChannelError(timeoutAfterAck, 39);
  });

  it("an error acknowledgement drops the application's writes but keeps receipt and ack", async () => {
    h.app.recv = { ack: ERROR_ACK, success: false };
    const p = await send(un, "fail-me");
    const res = await h.deliver([msgs.recv(p, h.chain.height)]);
    h.app.recv = { ack: SUCCESS_ACK, success: true };
    expect(res.code, res.log).toBe(0);
    expect(await raw(`mock/recv/${un.b}/${p.sequence}`)).toBeUndefined();
    expect(eventOf(res, "mock_recv")).toBeUndefined();
    expect(eventOf(res, "ibccallbackerror-mock_recv")).toEqual({ "ibccallbackerror-sequence": p.sequence.toString() });
    expect(hex((await raw(hostPaths.packetAcknowledgement(PORT_B, un.b, p.sequence)))!)).toBe(hex(sha256(ERROR_ACK)));
    expect(await raw(hostPaths.packetReceipt(PORT_B, un.b, p.sequence))).toBeDefined();
  });

  it("refuses an ack whose bytes differ from the written one, and a forged packet", async () => {
    const p = await send(un, "forge");
    expect((await h.deliver([msgs.recv(p, h.chain.height)])).code).toBe(0);
    const wrongAck = await h.deliver([msgs.ack(p, data('{"result":"Ag=="}'), h.chain.height)]);
    expect(wrongAck.code).not.toBe(0);
    // Not canonical Acknowledgement JSON: invalid acknowledgement (16)
    expectChannelError(await h.deliver([msgs.ack(p, data('{ "result":"AQ=="}'), h.chain.height)]), 16);
    // Different data under the same sequence: commitment mismatch (13)
    expectChannelError(await h.deliver([msgs.ack({ ...p, data: data("other") }, SUCCESS_ACK, h.chain.height)]), 13);
    // A recv of a packet never sent fails verification.
    const never = await h.deliver([msgs.recv({ ...p, sequence: 999n }, h.chain.height)]);
    expect(never.code).not.toBe(0);
    // Wrong counterparty: the source channel is not the destination's counterparty (13)
    expectChannelError(await h.deliver([msgs.recv({ ...p, sourceChannel: "channel-77" }, h.chain.height)]), 13);
  });

  it("ordered: in order only, out-of-order refused (21), acks in order", async () => {
    const p1 = await send(ord, "o1");
    const p2 = await send(ord, "o2");
    expectChannelError(await h.deliver([msgs.recv(p2, h.chain.height)]), 21);
    expect((await h.deliver([msgs.recv(p1, h.chain.height)])).code).toBe(0);
    expect((await h.deliver([msgs.recv(p2, h.chain.height)])).code).toBe(0);
    const next = h.chain.query(
      "/ibc.core.channel.v1.Query/NextSequenceReceive",
      q.QueryNextSequenceReceiveRequest,
      { portId: PORT_B, channelId: ord.b },
      q.QueryNextSequenceReceiveResponse,
    );
    expect(next.nextSequenceReceive).toBe(3n);
    const redundant = await h.deliver([msgs.recv(p1, h.chain.height)]);
    expect(response(redundant, tx.MsgRecvPacketResponse).result).toBe(NOOP);
    expectChannelError(await h.deliver([msgs.ack(p2, SUCCESS_ACK, h.chain.height)]), 21);
    expect((await h.deliver([msgs.ack(p1, SUCCESS_ACK, h.chain.height)])).code).toBe(0);
    expect((await h.deliver([msgs.ack(p2, SUCCESS_ACK, h.chain.height)])).code).toBe(0);
  });

  it("times out an unordered packet by height: recv refused (40), timeout deletes the commitment", async () => {
    const p = await send(un, "late", { revisionNumber: 0n, revisionHeight: h.chain.height + 2n });
    expectChannelError(await h.deliver([msgs.timeout(p, 1n, h.chain.height)]), 39);
    await h.chain.produceBlocks(2);
    expectChannelError(await h.deliver([msgs.recv(p, h.chain.height)]), 40);
    const res = await h.deliver([msgs.timeout(p, 1n, h.chain.height)]);
    expect(res.code, res.log).toBe(0);
    expect(response(res, tx.MsgTimeoutResponse).result).toBe(SUCCESS);
    expect(eventOf(res, "timeout_packet")).toMatchObject({
      packet_sequence: p.sequence.toString(),
      connection_id: "connection-localhost",
      packet_channel_ordering: "ORDER_UNORDERED",
    });
    expect(await raw(hostPaths.packetCommitment(PORT_A, un.a, p.sequence))).toBeUndefined();
    expect(h.app.calls.at(-1)).toBe(`onTimeoutPacket ${un.a}/${p.sequence}`);
    const again = await h.deliver([msgs.timeout(p, 1n, h.chain.height)]);
    expect(response(again, tx.MsgTimeoutResponse).result).toBe(NOOP);
  });

  it("refuses to send a packet already timed out, or with no timeout", async () => {
    await expect(
      h.inBlock((ctx) => h.keeper.channels.sendPacket(ctx, PORT_A, un.a, { revisionNumber: 0n, revisionHeight: 1n }, 0n, data("x"))),
    ).rejects.toMatchObject({ codespace: "channel", code: 40 });
    await expect(h.inBlock((ctx) => h.keeper.channels.sendPacket(ctx, PORT_A, un.a, undefined, 0n, data("x")))).rejects.toMatchObject({
      codespace: "channel",
      code: 13,
    });
    await expect(
      h.inBlock((ctx) => h.keeper.channels.sendPacket(ctx, PORT_A, "channel-99", undefined, 1n, data("x"))),
    ).rejects.toMatchObject({
      codespace: "channel",
      code: 3,
    });
  });

  it("times out an ordered packet by timestamp and closes the channel", async () => {
    // A timestamp a few seconds past the current block: the next blocks pass it.
    const ts = await h.inBlock((ctx) => timestampNanos(ctx.time) + 2_000_000_000n);
    const p = await send(ord, "ts", { revisionNumber: 0n, revisionHeight: 0n }, ts);
    await h.chain.produceBlocks(5);
    const res = await h.deliver([msgs.timeout(p, p.sequence, h.chain.height)]);
    expect(res.code, res.log).toBe(0);
    expect(eventOf(res, "channel_close")).toMatchObject({ port_id: PORT_A, channel_id: ord.a, packet_channel_ordering: "ORDER_ORDERED" });
    const ch = h.chain.query(
      "/ibc.core.channel.v1.Query/Channel",
      q.QueryChannelRequest,
      { portId: PORT_A, channelId: ord.a },
      q.QueryChannelResponse,
    );
    expect(ch.channel?.state).toBe(State.STATE_CLOSED);
  });

  it("times out on close: the counterparty end closed, the packet unreceived", async () => {
    const pair = await openChannelPair(h, Order.ORDER_UNORDERED);
    const p = await send(pair, "closed");
    expect((await h.deliver([msgs.closeInit(PORT_B, pair.b)])).code).toBe(0);
    // Receiving on a closed end: invalid channel state (5).
    expectChannelError(await h.deliver([msgs.recv(p, h.chain.height)]), 5);
    const res = await h.deliver([msgs.timeoutOnClose(p, 1n, h.chain.height)]);
    expect(res.code, res.log).toBe(0);
    expect(response(res, tx.MsgTimeoutOnCloseResponse).result).toBe(SUCCESS);
    expect(eventOf(res, "timeout_packet")).toMatchObject({ packet_sequence: p.sequence.toString() });
    const again = await h.deliver([msgs.timeoutOnClose(p, 1n, h.chain.height)]);
    expect(response(again, tx.MsgTimeoutOnCloseResponse).result).toBe(NOOP);
  });

  it("stateless refusals: empty proof, zero next sequence, empty ack", async () => {
    const p = await send(un, "stateless");
    const empty = await h.deliver([msgs.recv(p, h.chain.height, new Uint8Array())]);
    expect({ codespace: empty.codespace, code: empty.code }).toEqual({ codespace: "commitment", code: 2 });
    const zero = await h.deliver([msgs.timeout(p, 0n, h.chain.height)]);
    expect({ codespace: zero.codespace, code: zero.code }).toEqual({ codespace: "ibc", code: 1 });
    expectChannelError(await h.deliver([msgs.ack(p, new Uint8Array(), h.chain.height)]), 16);
    expectChannelError(await h.deliver([msgs.recv({ ...p, sequence: 0n }, h.chain.height)]), 13);
  });

  it("exports the channel genesis section, which validates", async () => {
    const g = await h.inBlock((ctx) => exportChannelGenesis(h.keeper.channels, ctx));
    expect(() => validateChannelGenesis(g)).not.toThrow();
    expect(g.nextChannelSequence).toBe(6n);
    expect(g.channels.map((c) => c.channelId)).toContain(un.a);
    expect(g.receipts.every((r) => hex(r.data) === "01")).toBe(true);
    expect(g.sendSequences.find((s) => s.channelId === un.a)?.sequence).toBeGreaterThan(1n);
    expect(g.commitments.length).toBeGreaterThan(0);
    expect(g.acknowledgements.length).toBeGreaterThan(0);
  });
});
