/**
 * ICS-20 over a localhost channel pair on one chain (channel-0 <-> channel-1, port transfer),
 * through signed txs: uyml out and its voucher in, the voucher back (burned, unescrowed), an
 * error acknowledgement and a timeout refunding the sender; balances and escrow exact at each step.
 */
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "../../../src/gen/ibc/applications/transfer/v1/query";
import { MsgTransferResponse } from "../../../src/gen/ibc/applications/transfer/v1/tx";
import { ibcDenom } from "../../../src/modules/transfer/denom";
import { escrowAddress } from "../../../src/modules/transfer/escrow";
import { successAckBytes } from "../../../src/modules/transfer/ack";
import { TestChain, testKey } from "../../helpers/chain";
import { eventOf, eventsOf } from "../../helpers/module-setup";
import { ackMsg, GAS, openTransferChannels, packetOf, recvMsg, timeoutMsg, transferMsg } from "./setup";

const alice = testKey("alice");
const bob = testKey("bob");
const relayer = testKey("carol");
const FEE = 20000n;
const ESCROW0 = escrowAddress("transfer", "channel-0");
const ESCROW1 = escrowAddress("transfer", "channel-1");
/** uyml after one trip out over channel-0: the voucher minted on channel-1's side. */
const VOUCHER = ibcDenom({ base: "uyml", trace: [{ portId: "transfer", channelId: "channel-1" }] });

describe("transfer over localhost channels", () => {
  let chain: TestChain;
  const totalEscrow = (denom: string) =>
    BigInt(
      chain.query(
        "/ibc.applications.transfer.v1.Query/TotalEscrowForDenom",
        q.QueryTotalEscrowForDenomRequest,
        { denom },
        q.QueryTotalEscrowForDenomResponse,
      ).amount!.amount,
    );
  const sequenceOf = (res: { data: Uint8Array }) => MsgTransferResponse.decode(TxMsgData.decode(res.data).msgResponses[0]!.value).sequence;

  beforeAll(async () => {
    chain = await TestChain.create();
    await openTransferChannels(chain, relayer);
  });
  afterAll(() => chain.close());

  it("sends uyml out, mints the voucher, brings it back and unescrows", async () => {
    const a0 = chain.balance(alice.address);
    const b0 = chain.balance(bob.address);
    const sent = await chain.deliver(
      alice,
      [transferMsg(alice.address, { channel: "channel-0", denom: "uyml", amount: 1000n, receiver: bob.address, memo: "hi" })],
      GAS,
    );
    expect(sent.code, sent.log).toBe(0);
    expect(eventOf(sent, "ibc_transfer")).toMatchObject({
      sender: alice.address,
      receiver: bob.address,
      denom: "uyml",
      amount: "1000",
      memo: "hi",
    });
    expect(chain.balance(alice.address)).toBe(a0 - 1000n - FEE);
    expect(chain.balance(ESCROW0)).toBe(1000n);
    expect(totalEscrow("uyml")).toBe(1000n);
    const seq = sequenceOf(sent);

    const packet = packetOf(seq, "channel-0", { denom: "uyml", amount: "1000", sender: alice.address, receiver: bob.address, memo: "hi" });
    const recv = await chain.deliver(relayer, [recvMsg(chain, packet, relayer.address)], GAS);
    expect(recv.code, recv.log).toBe(0);
    expect(eventOf(recv, "fungible_token_packet")).toMatchObject({ success: "true", denom: "uyml", amount: "1000" });
    expect(eventOf(recv, "denomination")?.denom).toBe('{"base":"uyml","trace":[{"port_id":"transfer","channel_id":"channel-1"}]}');
    expect(chain.balance(bob.address, VOUCHER)).toBe(1000n);
    expect(chain.balance(bob.address)).toBe(b0);
    const hash = VOUCHER.slice(4);
    const denom = chain.query("/ibc.applications.transfer.v1.Query/Denom", q.QueryDenomRequest, { hash }, q.QueryDenomResponse).denom;
    expect(denom).toEqual({ base: "uyml", trace: [{ portId: "transfer", channelId: "channel-1" }] });
    expect(
      chain.query(
        "/ibc.applications.transfer.v1.Query/DenomHash",
        q.QueryDenomHashRequest,
        { trace: "transfer/channel-1/uyml" },
        q.QueryDenomHashResponse,
      ).hash,
    ).toBe(hash);

    const acked = await chain.deliver(relayer, [ackMsg(chain, packet, successAckBytes(), relayer.address)], GAS);
    expect(acked.code, acked.log).toBe(0);
    expect(chain.balance(ESCROW0)).toBe(1000n);

    // Back over channel-1: the voucher is burned, channel-0's escrow pays bob in uyml.
    const back = await chain.deliver(
      bob,
      [transferMsg(bob.address, { channel: "channel-1", denom: VOUCHER, amount: 400n, receiver: bob.address })],
      GAS,
    );
    expect(back.code, back.log).toBe(0);
    expect(chain.balance(bob.address, VOUCHER)).toBe(600n);
    expect(chain.balance(ESCROW1, VOUCHER)).toBe(0n);
    const backPacket = packetOf(sequenceOf(back), "channel-1", {
      denom: "transfer/channel-1/uyml",
      amount: "400",
      sender: bob.address,
      receiver: bob.address,
    });
    const home = await chain.deliver(relayer, [recvMsg(chain, backPacket, relayer.address)], GAS);
    expect(home.code, home.log).toBe(0);
    expect(chain.balance(bob.address)).toBe(b0 - FEE + 400n);
    expect(chain.balance(ESCROW0)).toBe(600n);
    expect(totalEscrow("uyml")).toBe(600n);
  });

  it("refunds the sender on an error acknowledgement", async () => {
    const a0 = chain.balance(alice.address);
    // A receiver that is no address of this chain: the receiving side answers with an error ack.
    const sent = await chain.deliver(
      alice,
      [transferMsg(alice.address, { channel: "channel-0", denom: "uyml", amount: 50n, receiver: "cosmos1notours" })],
      GAS,
    );
    expect(sent.code, sent.log).toBe(0);
    const packet = packetOf(sequenceOf(sent), "channel-0", {
      denom: "uyml",
      amount: "50",
      sender: alice.address,
      receiver: "cosmos1notours",
    });
    const recv = await chain.deliver(relayer, [recvMsg(chain, packet, relayer.address)], GAS);
    expect(recv.code, recv.log).toBe(0);
    const ackHex = eventsOf(recv, "write_acknowledgement")[0]?.packet_ack_hex ?? "";
    const ack = Buffer.from(ackHex, "hex").toString();
    // The failed callback's events survive under ibc-go's error names.
    expect(eventOf(recv, "ibccallbackerror-fungible_token_packet")).toMatchObject({
      "ibccallbackerror-success": "false",
      "ibccallbackerror-receiver": "cosmos1notours",
    });
    expect(ack).toMatch(/^\{"error":"ABCI code: 5: error handling packet/);
    const escrowBefore = chain.balance(ESCROW0);
    const acked = await chain.deliver(relayer, [ackMsg(chain, packet, new TextEncoder().encode(ack), relayer.address)], GAS);
    expect(acked.code, acked.log).toBe(0);
    expect(chain.balance(alice.address)).toBe(a0 - FEE);
    expect(chain.balance(ESCROW0)).toBe(escrowBefore - 50n);
  });

  it("refunds the sender on a timeout", async () => {
    const a0 = chain.balance(alice.address);
    const timeout = 1_800_000_000n * 1_000_000_000n;
    const sent = await chain.deliver(
      alice,
      [transferMsg(alice.address, { channel: "channel-0", denom: "uyml", amount: 70n, receiver: bob.address, timeoutTimestamp: timeout })],
      GAS,
    );
    expect(sent.code, sent.log).toBe(0);
    chain.setNextBlockTime({ seconds: 1_800_000_100n, nanos: 0 });
    await chain.produceBlocks(1);
    const packet = packetOf(
      sequenceOf(sent),
      "channel-0",
      { denom: "uyml", amount: "70", sender: alice.address, receiver: bob.address },
      timeout,
    );
    const res = await chain.deliver(relayer, [timeoutMsg(chain, packet, 1n, relayer.address)], GAS);
    expect(res.code, res.log).toBe(0);
    expect(eventOf(res, "timeout")).toMatchObject({
      receiver: alice.address,
      refund_tokens: '{"denom":{"base":"uyml","trace":null},"amount":"70"}',
    });
    expect(chain.balance(alice.address)).toBe(a0 - FEE);
  });
});
