/**
 * Attacks on ICS-20 over a localhost channel pair (channel-0 <-> channel-1), through signed txs:
 * spending someone else's coins, forged or replayed packets and acknowledgements, receivers
 * that cannot hold coins, oversized fields and amounts, and a voucher a hundred hops deep.
 * Each asserts the attack fails and that no coin moved or was created.
 */
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "../../src/gen/ibc/applications/transfer/v1/query";
import { MsgTransferResponse } from "../../src/gen/ibc/applications/transfer/v1/tx";
import { errorAckBytes } from "../../src/modules/transfer/ack";
import { ibcDenom, type Denom } from "../../src/modules/transfer/denom";
import { escrowAddress } from "../../src/modules/transfer/escrow";
import { MAXIMUM_MEMO_LENGTH, MAXIMUM_RECEIVER_LENGTH } from "../../src/modules/transfer/packet";
import { moduleAddress } from "../../src/types/address";
import { AppError } from "../../src/types/errors";
import { DENOM, TestChain, testKey } from "../helpers/chain";
import { eventOf, eventsOf } from "../helpers/module-setup";
import { ackMsg, GAS, openTransferChannels, packetOf, recvMsg, timeoutMsg, transferMsg } from "../integration/transfer/setup";

const alice = testKey("alice");
const bob = testKey("bob");
const relayer = testKey("carol");
const FEE = 20000n;
const ESCROW0 = escrowAddress("transfer", "channel-0");
const VOUCHER = ibcDenom({ base: DENOM, trace: [{ portId: "transfer", channelId: "channel-1" }] });
const sequenceOf = (res: { data: Uint8Array }, i = 0) =>
  MsgTransferResponse.decode(TxMsgData.decode(res.data).msgResponses[i]!.value).sequence;
const ackOf = (res: Parameters<typeof eventsOf>[0]) => Buffer.from(eventsOf(res, "write_acknowledgement")[0]?.packet_ack_hex ?? "", "hex");

describe("attacks on ICS-20", () => {
  let chain: TestChain;
  /** Sends `amount` uyml from alice to `receiver` over channel-0; returns the packet, unrelayed. */
  const send = async (amount: bigint, receiver: string) => {
    const res = await chain.mustDeliver(alice, [transferMsg(alice.address, { channel: "channel-0", denom: DENOM, amount, receiver })], GAS);
    return packetOf(sequenceOf(res), "channel-0", { denom: DENOM, amount: amount.toString(), sender: alice.address, receiver });
  };

  beforeAll(async () => {
    chain = await TestChain.create();
    await openTransferChannels(chain, relayer);
  });
  afterAll(() => chain.close());

  it("a MsgTransfer naming someone else as sender is refused at signature verification", async () => {
    const a0 = chain.balance(alice.address);
    const res = await chain.deliver(
      bob,
      [transferMsg(alice.address, { channel: "channel-0", denom: DENOM, amount: 1000n, receiver: bob.address })],
      GAS,
    );
    expect(res.code).not.toBe(0);
    expect(chain.balance(alice.address)).toBe(a0);
    expect(chain.balance(ESCROW0)).toBe(0n);
  });

  it.each([
    ["2^256", (1n << 256n).toString()],
    ["2^256 + 1", ((1n << 256n) + 1n).toString()],
    ["10^100", (10n ** 100n).toString()],
    ["negative", "-5"],
    ["zero", "0"],
  ])("an amount of %s is refused (ibc ErrInvalidCoins)", async (_n, amount) => {
    const m = transferMsg(alice.address, { channel: "channel-0", denom: DENOM, amount: 1n, receiver: bob.address });
    const tx = await import("../../src/gen/ibc/applications/transfer/v1/tx");
    const decoded = tx.MsgTransfer.decode(m.value);
    decoded.token = { denom: DENOM, amount };
    const res = await chain.deliver(alice, [{ typeUrl: m.typeUrl, value: tx.MsgTransfer.encode(decoded).finish() }], GAS);
    expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "ibc", code: 6 });
    expect(chain.balance(ESCROW0)).toBe(0n);
  });

  it("a memo or receiver one byte over its limit is refused", async () => {
    const memo = await chain.deliver(
      alice,
      [
        transferMsg(alice.address, {
          channel: "channel-0",
          denom: DENOM,
          amount: 1n,
          receiver: bob.address,
          memo: "m".repeat(MAXIMUM_MEMO_LENGTH + 1),
        }),
      ],
      GAS,
    );
    expect({ codespace: memo.codespace, code: memo.code }).toEqual({ codespace: "transfer", code: 11 });
    const receiver = await chain.deliver(
      alice,
      [transferMsg(alice.address, { channel: "channel-0", denom: DENOM, amount: 1n, receiver: "r".repeat(MAXIMUM_RECEIVER_LENGTH + 1) })],
      GAS,
    );
    expect({ codespace: receiver.codespace, code: receiver.code }).toEqual({ codespace: "ibc", code: 5 });
    expect(chain.balance(ESCROW0)).toBe(0n);
  });

  describe("forged and replayed packets", () => {
    let sent: ReturnType<typeof packetOf>;

    beforeAll(async () => {
      sent = await send(100n, bob.address);
    });

    it("a packet never sent (unknown sequence) cannot be received: the localhost proof finds no commitment", async () => {
      const forged = packetOf(999n, "channel-0", { denom: DENOM, amount: "1000000", sender: alice.address, receiver: relayer.address });
      const res = await chain.deliver(relayer, [recvMsg(chain, forged, relayer.address)], GAS);
      expect(res.code).not.toBe(0);
      expect(chain.balance(relayer.address, VOUCHER)).toBe(0n);
    });

    it("a sent packet with its amount or receiver altered cannot be received (commitment mismatch)", async () => {
      for (const data of [
        { denom: DENOM, amount: "1000000", sender: alice.address, receiver: bob.address },
        { denom: DENOM, amount: "100", sender: alice.address, receiver: relayer.address },
      ]) {
        const res = await chain.deliver(relayer, [recvMsg(chain, packetOf(sent.sequence, "channel-0", data), relayer.address)], GAS);
        expect(res.code).not.toBe(0);
      }
      expect(chain.balance(bob.address, VOUCHER)).toBe(0n);
      expect(chain.balance(relayer.address, VOUCHER)).toBe(0n);
    });

    it("the real packet is received once; a replay mints nothing more", async () => {
      const first = await chain.mustDeliver(relayer, [recvMsg(chain, sent, relayer.address)], GAS);
      expect(eventOf(first, "fungible_token_packet")?.success).toBe("true");
      expect(chain.balance(bob.address, VOUCHER)).toBe(100n);
      const again = await chain.deliver(relayer, [recvMsg(chain, sent, relayer.address)], GAS);
      expect(eventOf(again, "fungible_token_packet")).toBeUndefined();
      expect(chain.balance(bob.address, VOUCHER)).toBe(100n);
    });

    it("a forged error acknowledgement of a received packet refunds nothing (ack commitment mismatch)", async () => {
      const a0 = chain.balance(alice.address);
      const forged = errorAckBytes(new AppError("x", 1, "forged"));
      const res = await chain.deliver(relayer, [ackMsg(chain, sent, forged, relayer.address)], GAS);
      expect(res.code).not.toBe(0);
      expect(chain.balance(alice.address)).toBe(a0);
      expect(chain.balance(ESCROW0)).toBe(100n);
    });

    it("a received packet cannot be timed out (receipt present), even after its timeout", async () => {
      const a0 = chain.balance(alice.address);
      const res = await chain.deliver(relayer, [timeoutMsg(chain, sent, 1n, relayer.address)], GAS);
      expect(res.code).not.toBe(0);
      expect(chain.balance(alice.address)).toBe(a0);
      expect(chain.balance(ESCROW0)).toBe(100n);
    });
  });

  it.each([
    ["distribution's module account", moduleAddress("distribution")],
    ["the fee collector", moduleAddress("fee_collector")],
    // ibc-go's IsBlockedAddr exempts transfer's own account: a voucher minted there would stay
    // for good (and break `transfer/no-voucher-in-module`, halting a node run with invariants).
    ["transfer's own module account", moduleAddress("transfer")],
  ])("a packet to %s gets an error ack (ibc ErrUnauthorized) and the sender is refunded", async (_n, receiver) => {
    const a0 = chain.balance(alice.address);
    const escrow0 = chain.balance(ESCROW0);
    const held0 = chain.balance(receiver, VOUCHER);
    const packet = await send(50n, receiver);
    const recv = await chain.mustDeliver(relayer, [recvMsg(chain, packet, relayer.address)], GAS);
    const ack = ackOf(recv);
    expect(ack.toString()).toBe('{"error":"ABCI code: 2: error handling packet: see events for details"}');
    expect(chain.balance(receiver, VOUCHER)).toBe(held0);
    await chain.mustDeliver(relayer, [ackMsg(chain, packet, ack, relayer.address)], GAS);
    expect(chain.balance(alice.address)).toBe(a0 - FEE);
    expect(chain.balance(ESCROW0)).toBe(escrow0);
  });

  it("a voucher a hundred hops deep: minted, queried and sent back one hop", async () => {
    const HOPS = 100;
    const BATCH = 20;
    const pathOf = (trace: Denom["trace"]) => [...trace.map((h) => `${h.portId}/${h.channelId}`), DENOM].join("/");
    // Each hop: the current token goes out over channel-0 (escrowed: it did not come in by
    // channel-0) and is received on channel-1 in the same tx, gaining one hop. Sequences follow
    // the first hop's, so a batch of hops is one tx.
    const trace: Denom["trace"] = [];
    let sequence = (await send(1n, bob.address)).sequence - 1n;
    // That packet (alice → bob) is received in the first batch like the others.
    const hop = (from: typeof bob | typeof alice) => {
      const denom = ibcDenom({ base: DENOM, trace });
      const data = { denom: pathOf(trace), amount: "1", sender: from.address, receiver: bob.address };
      sequence++;
      trace.unshift({ portId: "transfer", channelId: "channel-1" });
      return { denom, packet: packetOf(sequence, "channel-0", data) };
    };
    const first = hop(alice);
    let msgs = [recvMsg(chain, first.packet, bob.address)];
    for (let i = 1; i < HOPS; i++) {
      const { denom, packet } = hop(bob);
      msgs.push(transferMsg(bob.address, { channel: "channel-0", denom, amount: 1n, receiver: bob.address }));
      msgs.push(recvMsg(chain, packet, bob.address));
      if (msgs.length >= 2 * BATCH || i === HOPS - 1) {
        const res = await chain.deliver(bob, msgs, { gasLimit: 50_000_000n, fee: GAS.fee });
        expect(res.code, res.log).toBe(0);
        expect(eventsOf(res, "fungible_token_packet").every((e) => e.success === "true")).toBe(true);
        msgs = [];
      }
    }
    const deep = ibcDenom({ base: DENOM, trace });
    expect(chain.balance(bob.address, deep)).toBe(1n);
    const stored = chain.query(
      "/ibc.applications.transfer.v1.Query/Denom",
      q.QueryDenomRequest,
      { hash: deep.slice(4) },
      q.QueryDenomResponse,
    ).denom!;
    expect(stored.trace.length).toBe(HOPS);
    // Back over channel-1: burned here; channel-0's side pays the 99-hop voucher out of its escrow.
    const back = await chain.mustDeliver(
      bob,
      [transferMsg(bob.address, { channel: "channel-1", denom: deep, amount: 1n, receiver: bob.address })],
      GAS,
    );
    const data = { denom: pathOf(trace), amount: "1", sender: bob.address, receiver: bob.address };
    const recv = await chain.mustDeliver(relayer, [recvMsg(chain, packetOf(sequenceOf(back), "channel-1", data), relayer.address)], GAS);
    expect(eventOf(recv, "fungible_token_packet")?.success).toBe("true");
    expect(chain.balance(bob.address, deep)).toBe(0n);
    expect(chain.balance(bob.address, ibcDenom({ base: DENOM, trace: trace.slice(1) }))).toBe(1n);
  });
});
