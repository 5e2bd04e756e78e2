/**
 * A tokenisation share over ICS-20 when its asset is realised (the share denom halted) while
 * some of it sits in a channel's escrow account, through signed txs on a localhost channel pair:
 * - a halted share cannot be MsgTransfer'd (it would enter an escrow account);
 * - a packet sent before the halt that times out is refunded: MsgTimeout pays the share back
 *   out of escrow and never fails on the halt;
 * - the share's voucher sent home after the halt is paid out of escrow to its receiver, who
 *   can then redeem it.
 */
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgTransferResponse } from "../../src/gen/ibc/applications/transfer/v1/tx";
import { ibcDenom } from "../../src/modules/transfer/denom";
import { escrowAddress } from "../../src/modules/transfer/escrow";
import type { TestChain } from "../helpers/chain";
import { eventOf } from "../helpers/module-setup";
import { msg as tok } from "../integration/tokenisation/setup";
import { GAS, openTransferChannels, packetOf, recvMsg, timeoutMsg, transferMsg } from "../integration/transfer/setup";
import { ERR_TRADING_HALTED, expectTokError, keys, poisonChain, realise, shareAsset } from "./helpers/poison-setup";

const ESCROW0 = escrowAddress("transfer", "channel-0");
const sequenceOf = (res: { data: Uint8Array }) => MsgTransferResponse.decode(TxMsgData.decode(res.data).msgResponses[0]!.value).sequence;
/** Seconds: the timeout of the packet left unrelayed, long after the test chain's first blocks. */
const TIMEOUT_S = 1_800_000_000n;

describe("a tokenisation share escrowed over IBC when its asset is realised", () => {
  let chain: TestChain;
  let share = "";
  let assetId = 0n;
  const relayer = keys.d1;
  const { owner, buyer, mallory } = keys;
  let pending: ReturnType<typeof packetOf>;
  let comingHome: ReturnType<typeof packetOf>;

  beforeAll(async () => {
    chain = await poisonChain();
    await openTransferChannels(chain, relayer);
    ({ assetId, denom: share } = await shareAsset(chain, "instant"));
    // 100 shares out over channel-0, left unrelayed until they time out.
    const out = await chain.mustDeliver(
      owner,
      [
        transferMsg(owner.address, {
          channel: "channel-0",
          denom: share,
          amount: 100n,
          receiver: buyer.address,
          timeoutTimestamp: TIMEOUT_S * 1_000_000_000n,
        }),
      ],
      GAS,
    );
    pending = packetOf(
      sequenceOf(out),
      "channel-0",
      { denom: share, amount: "100", sender: owner.address, receiver: buyer.address },
      TIMEOUT_S * 1_000_000_000n,
    );
    // 50 shares out and received on channel-1: buyer holds their voucher; it sends them home to mallory (unrelayed).
    const out2 = await chain.mustDeliver(
      owner,
      [transferMsg(owner.address, { channel: "channel-0", denom: share, amount: 50n, receiver: buyer.address })],
      GAS,
    );
    const p2 = packetOf(sequenceOf(out2), "channel-0", { denom: share, amount: "50", sender: owner.address, receiver: buyer.address });
    expect(eventOf(await chain.mustDeliver(relayer, [recvMsg(chain, p2, relayer.address)], GAS), "fungible_token_packet")?.success).toBe(
      "true",
    );
    const voucher = ibcDenom({ base: share, trace: [{ portId: "transfer", channelId: "channel-1" }] });
    expect(chain.balance(buyer.address, voucher)).toBe(50n);
    const back = await chain.mustDeliver(
      buyer,
      [transferMsg(buyer.address, { channel: "channel-1", denom: voucher, amount: 50n, receiver: mallory.address })],
      GAS,
    );
    comingHome = packetOf(sequenceOf(back), "channel-1", {
      denom: `transfer/channel-1/${share}`,
      amount: "50",
      sender: buyer.address,
      receiver: mallory.address,
    });
    expect(chain.balance(ESCROW0, share)).toBe(150n);
    await realise(chain, assetId);
  });
  afterAll(() => chain.close());

  it("a halted share cannot be sent over IBC (ErrTradingHalted), nothing escrowed", async () => {
    const res = await chain.deliver(
      owner,
      [transferMsg(owner.address, { channel: "channel-0", denom: share, amount: 1n, receiver: buyer.address })],
      GAS,
    );
    expectTokError(res, ERR_TRADING_HALTED);
    expect(chain.balance(ESCROW0, share)).toBe(150n);
  });

  it("the share's voucher coming home after the halt is paid out of escrow (success ack); the receiver redeems it", async () => {
    const res = await chain.deliver(relayer, [recvMsg(chain, comingHome, relayer.address)], GAS);
    expect(res.code, res.log).toBe(0);
    expect(eventOf(res, "fungible_token_packet")?.success).toBe("true");
    expect(chain.balance(mallory.address, share)).toBe(50n);
    expect(chain.balance(ESCROW0, share)).toBe(100n);
    await chain.mustDeliver(mallory, [tok.redeem(mallory.address, assetId, 50n)]);
    expect(chain.balance(mallory.address, share)).toBe(0n);
  });

  it("a packet sent before the halt times out: MsgTimeout refunds the share out of escrow", async () => {
    const before = chain.balance(owner.address, share);
    chain.setNextBlockTime({ seconds: TIMEOUT_S + 100n, nanos: 0 });
    await chain.produceBlocks(1);
    const res = await chain.deliver(relayer, [timeoutMsg(chain, pending, 1n, relayer.address)], GAS);
    expect(res.code, res.log).toBe(0);
    expect(chain.balance(owner.address, share)).toBe(before + 100n);
    expect(chain.balance(ESCROW0, share)).toBe(0n);
  });
});
