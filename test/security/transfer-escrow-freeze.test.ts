/**
 * Freezing a transfer escrow account, through signed txs. Escrow addresses are a hash of
 * port/channel and channel ids are sequential, so the escrow account of the next channel is known
 * before the channel exists. enforcement refuses a case against the escrow account of an open
 * channel (protected, 1112), but not against one of a channel not opened yet: a case opened
 * just before the channel freezes its escrow, and every payout over the channel then fails.
 */
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgTransferResponse } from "../../src/gen/ibc/applications/transfer/v1/tx";
import { ibcDenom } from "../../src/modules/transfer/denom";
import { escrowAddress } from "../../src/modules/transfer/escrow";
import { DENOM, type TestChain } from "../helpers/chain";
import { eventOf } from "../helpers/module-setup";
import { enforcementChain, freezeStatus, keys, msg, validator } from "../integration/enforcement/setup";
import { GAS, openTransferChannels, packetOf, recvMsg, transferMsg } from "../integration/transfer/setup";

const ESCROW0 = escrowAddress("transfer", "channel-0");
const VOUCHER = ibcDenom({ base: DENOM, trace: [{ portId: "transfer", channelId: "channel-1" }] });
const sequenceOf = (res: { data: Uint8Array }) => MsgTransferResponse.decode(TxMsgData.decode(res.data).msgResponses[0]!.value).sequence;

describe("an escrow account frozen before its channel opens", () => {
  let chain: TestChain;
  const { alice } = keys;
  const relayer = keys.other;

  beforeAll(async () => {
    chain = await enforcementChain();
    // The case is accepted: nothing yet says this address will be an escrow account.
    await chain.mustDeliver(validator(), [msg.open(validator().address, ESCROW0)]);
    expect(freezeStatus(chain, ESCROW0).frozen).toBe(true);
    await openTransferChannels(chain, relayer);
  });
  afterAll(() => chain.close());

  it("once the channel is open, a further case against its escrow is refused (ErrProtectedAddress)", async () => {
    const res = await chain.deliver(keys.mallory, [msg.open(keys.mallory.address, ESCROW0)]);
    expect(res.code).not.toBe(0);
    const byValidator = await chain.deliver(validator(), [msg.open(validator().address, escrowAddress("transfer", "channel-1"))]);
    expect({ codespace: byValidator.codespace, code: byValidator.code }).toEqual({ codespace: "enforcement", code: 1112 });
  });

  // A case opened against the escrow before its channel existed holds no freeze once the channel
  // opens: uyml coming home over channel-0 is still paid out of it.
  it("a token coming home is still paid out of that escrow", async () => {
    const out = await chain.mustDeliver(
      alice,
      [transferMsg(alice.address, { channel: "channel-0", denom: DENOM, amount: 10n, receiver: alice.address })],
      GAS,
    );
    const p1 = packetOf(sequenceOf(out), "channel-0", { denom: DENOM, amount: "10", sender: alice.address, receiver: alice.address });
    await chain.mustDeliver(relayer, [recvMsg(chain, p1, relayer.address)], GAS);
    expect(chain.balance(alice.address, VOUCHER)).toBe(10n);
    const back = await chain.mustDeliver(
      alice,
      [transferMsg(alice.address, { channel: "channel-1", denom: VOUCHER, amount: 10n, receiver: alice.address })],
      GAS,
    );
    const p2 = packetOf(sequenceOf(back), "channel-1", {
      denom: "transfer/channel-1/" + DENOM,
      amount: "10",
      sender: alice.address,
      receiver: alice.address,
    });
    const recv = await chain.mustDeliver(relayer, [recvMsg(chain, p2, relayer.address)], GAS);
    expect(eventOf(recv, "fungible_token_packet")?.success).toBe("true");
    expect(chain.balance(ESCROW0)).toBe(0n);
  });
});
