/**
 * ICS-04 channel handshakes through signed txs on one chain: a mock application bound on two
 * ports, channels between them over `connection-localhost` (09-localhost proofs read our own
 * store), both orderings, ibc-go's events, the channel queries, closing, and the errors.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Channel, Order, State } from "../../../src/gen/ibc/core/channel/v1/channel";
import * as q from "../../../src/gen/ibc/core/channel/v1/query";
import * as tx from "../../../src/gen/ibc/core/channel/v1/tx";
import { hostPaths } from "../../../src/modules/ibc/host";
import { eventOf, eventsOf, moduleErrorExpecter, queryCode } from "../../helpers/module-setup";
import { createHarness, msgs, MOCK_VERSION, openChannelPair, PORT_A, PORT_B, response, type Harness } from "./channels-setup";

const expectChannelError = moduleErrorExpecter("channel");

describe("ibc channel handshakes over connection-localhost", () => {
  let h: Harness;
  const channel = (portId: string, channelId: string) =>
    h.chain.query("/ibc.core.channel.v1.Query/Channel", q.QueryChannelRequest, { portId, channelId }, q.QueryChannelResponse).channel;

  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.chain.close());

  it("opens an unordered pair step by step, storing the app's version, with ibc-go's events", async () => {
    const init = await h.deliver([msgs.openInit(PORT_A, PORT_B, Order.ORDER_UNORDERED)]);
    expect(init.code, init.log).toBe(0);
    expect(response(init, tx.MsgChannelOpenInitResponse)).toEqual({ channelId: "channel-0", version: MOCK_VERSION });
    expect(eventOf(init, "channel_open_init")).toEqual({
      port_id: PORT_A,
      channel_id: "channel-0",
      counterparty_port_id: PORT_B,
      connection_id: "connection-localhost",
      version: MOCK_VERSION,
    });
    expect(eventsOf(init, "message")).toContainEqual({ module: "ibc_channel" });
    expect(channel(PORT_A, "channel-0")).toMatchObject({ state: State.STATE_INIT, version: MOCK_VERSION });

    const tryRes = await h.deliver([
      msgs.openTry(PORT_B, { portId: PORT_A, channelId: "channel-0" }, Order.ORDER_UNORDERED, MOCK_VERSION, h.chain.height),
    ]);
    expect(tryRes.code, tryRes.log).toBe(0);
    expect(response(tryRes, tx.MsgChannelOpenTryResponse)).toEqual({ channelId: "channel-1", version: MOCK_VERSION });
    expect(eventOf(tryRes, "channel_open_try")).toEqual({
      port_id: PORT_B,
      channel_id: "channel-1",
      counterparty_port_id: PORT_A,
      counterparty_channel_id: "channel-0",
      connection_id: "connection-localhost",
      version: MOCK_VERSION,
    });

    const ack = await h.deliver([msgs.openAck(PORT_A, "channel-0", "channel-1", MOCK_VERSION, h.chain.height)]);
    expect(ack.code, ack.log).toBe(0);
    expect(eventOf(ack, "channel_open_ack")).toEqual({
      port_id: PORT_A,
      channel_id: "channel-0",
      counterparty_port_id: PORT_B,
      counterparty_channel_id: "channel-1",
      connection_id: "connection-localhost",
    });
    const confirm = await h.deliver([msgs.openConfirm(PORT_B, "channel-1", h.chain.height)]);
    expect(confirm.code, confirm.log).toBe(0);
    expect(eventOf(confirm, "channel_open_confirm")).toMatchObject({ port_id: PORT_B, channel_id: "channel-1" });

    expect(channel(PORT_A, "channel-0")).toEqual({
      state: State.STATE_OPEN,
      ordering: Order.ORDER_UNORDERED,
      counterparty: { portId: PORT_B, channelId: "channel-1" },
      connectionHops: ["connection-localhost"],
      version: MOCK_VERSION,
    });
    expect(channel(PORT_B, "channel-1")?.state).toBe(State.STATE_OPEN);
    expect(h.app.calls.slice(-4)).toEqual([
      "onChanOpenInit mocka/channel-0",
      "onChanOpenTry mockb/channel-1",
      "onChanOpenAck mocka/channel-0",
      "onChanOpenConfirm mockb/channel-1",
    ]);
  });

  it("stores the channel end at its ICS-24 path and sequences at 1", async () => {
    const raw = await h.chain.app.query({
      path: "/store/ibc/key",
      data: Buffer.from(hostPaths.channel(PORT_A, "channel-0")),
      height: 0n,
      prove: false,
    } as never);
    expect(Channel.decode(raw.value).state).toBe(State.STATE_OPEN);
    const send = h.chain.query(
      "/ibc.core.channel.v1.Query/NextSequenceSend",
      q.QueryNextSequenceSendRequest,
      { portId: PORT_A, channelId: "channel-0" },
      q.QueryNextSequenceSendResponse,
    );
    expect(send.nextSequenceSend).toBe(1n);
    // Unordered: the receive sequence is answered as 0.
    const recv = h.chain.query(
      "/ibc.core.channel.v1.Query/NextSequenceReceive",
      q.QueryNextSequenceReceiveRequest,
      { portId: PORT_B, channelId: "channel-1" },
      q.QueryNextSequenceReceiveResponse,
    );
    expect(recv.nextSequenceReceive).toBe(0n);
  });

  it("opens an ordered pair and lists channels by connection", async () => {
    const { a, b } = await openChannelPair(h, Order.ORDER_ORDERED);
    expect([a, b]).toEqual(["channel-2", "channel-3"]);
    expect(channel(PORT_A, a)?.ordering).toBe(Order.ORDER_ORDERED);
    const all = h.chain.query(
      "/ibc.core.channel.v1.Query/Channels",
      q.QueryChannelsRequest,
      { pagination: undefined },
      q.QueryChannelsResponse,
    );
    expect(all.channels.map((c) => `${c.portId}/${c.channelId}`)).toEqual([
      "mocka/channel-0",
      "mocka/channel-2",
      "mockb/channel-1",
      "mockb/channel-3",
    ]);
    const byConn = h.chain.query(
      "/ibc.core.channel.v1.Query/ConnectionChannels",
      q.QueryConnectionChannelsRequest,
      { connection: "connection-localhost", pagination: undefined },
      q.QueryConnectionChannelsResponse,
    );
    expect(byConn.channels).toHaveLength(4);
    const recv = h.chain.query(
      "/ibc.core.channel.v1.Query/NextSequenceReceive",
      q.QueryNextSequenceReceiveRequest,
      { portId: PORT_B, channelId: b },
      q.QueryNextSequenceReceiveResponse,
    );
    expect(recv.nextSequenceReceive).toBe(1n);
  });

  it("refuses handshake steps out of order, unknown channels, ports and connections", async () => {
    // ack on an OPEN channel: invalid channel state (5)
    expectChannelError(await h.deliver([msgs.openAck(PORT_A, "channel-0", "channel-1", MOCK_VERSION, h.chain.height)]), 5);
    // confirm on an unknown channel: channel not found (3)
    expectChannelError(await h.deliver([msgs.openConfirm(PORT_B, "channel-99", h.chain.height)]), 3);
    // unbound port: port codespace, invalid route (5)
    const unbound = await h.deliver([msgs.openInit("nobody", PORT_B, Order.ORDER_UNORDERED)]);
    expect({ codespace: unbound.codespace, code: unbound.code }).toEqual({ codespace: "port", code: 5 });
    // unknown connection: connection not found (connection 3)
    const noConn = await h.deliver([msgs.openInit(PORT_A, PORT_B, Order.ORDER_UNORDERED, "", "connection-77")]);
    expect({ codespace: noConn.codespace, code: noConn.code }).toEqual({ codespace: "connection", code: 3 });
    // try whose proof does not match the counterparty's end (no such INIT channel): membership fails
    const badTry = await h.deliver([
      msgs.openTry(PORT_B, { portId: PORT_A, channelId: "channel-42" }, Order.ORDER_UNORDERED, MOCK_VERSION, h.chain.height),
    ]);
    expect(badTry.code).not.toBe(0);
    // stateless checks: a bad channel id in an ack (18), a try without proof (commitment 2), unordered/none (6)
    const badId = await h.deliver([msgs.openAck(PORT_A, "chan-0", "channel-1", MOCK_VERSION, 1n)]);
    expectChannelError(badId, 18);
    const noneOrder = await h.deliver([msgs.openInit(PORT_A, PORT_B, Order.ORDER_NONE_UNSPECIFIED)]);
    expectChannelError(noneOrder, 6);
  });

  it("a failing application callback fails the step", async () => {
    h.app.refuse = "onChanOpenInit";
    const res = await h.deliver([msgs.openInit(PORT_A, PORT_B, Order.ORDER_UNORDERED)]);
    h.app.refuse = "";
    expectChannelError(res, 24);
    expect(res.log).toContain("channel open init callback failed for port ID: mocka");
  });

  it("closes the ordered pair: init on one end, confirm on the other", async () => {
    const init = await h.deliver([msgs.closeInit(PORT_A, "channel-2")]);
    expect(init.code, init.log).toBe(0);
    expect(eventOf(init, "channel_close_init")).toEqual({
      port_id: PORT_A,
      channel_id: "channel-2",
      counterparty_port_id: PORT_B,
      counterparty_channel_id: "channel-3",
      connection_id: "connection-localhost",
    });
    expect(channel(PORT_A, "channel-2")?.state).toBe(State.STATE_CLOSED);
    expectChannelError(await h.deliver([msgs.closeInit(PORT_A, "channel-2")]), 5);
    const confirm = await h.deliver([msgs.closeConfirm(PORT_B, "channel-3", h.chain.height)]);
    expect(confirm.code, confirm.log).toBe(0);
    expect(eventOf(confirm, "channel_close_confirm")).toMatchObject({ port_id: PORT_B, channel_id: "channel-3" });
    expect(channel(PORT_B, "channel-3")?.state).toBe(State.STATE_CLOSED);
  });

  it("close confirm needs the counterparty end CLOSED", async () => {
    const res = await h.deliver([msgs.closeConfirm(PORT_B, "channel-1", h.chain.height)]);
    expect(res.code).not.toBe(0);
    expect(channel(PORT_B, "channel-1")?.state).toBe(State.STATE_OPEN);
  });

  it("answers NotFound and InvalidArgument as ibc-go's query server", () => {
    expect(queryCode(() => channel(PORT_A, "channel-50"))).not.toBe(0);
    expect(queryCode(() => channel(PORT_A, "a/b"))).not.toBe(0);
  });
});
