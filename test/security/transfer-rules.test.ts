/**
 * The chain's rules on ICS-20, over a localhost channel pair, through signed txs:
 * - a frozen account's MsgTransfer is refused (its coins would leave through escrow);
 * - what the chain owes a frozen account still reaches it: a voucher it receives, a refund
 *   of a packet it sent before the freeze (a MsgTimeout must not fail on the sender's freeze);
 * - a voucher is no fee denom (stablecoin's fee rule: only uyml and approved currencies);
 * - no currency can be registered under a voucher's name (`ibc/…`, any case): stablecoin 1110;
 * - an escrow account cannot be made the target of an enforcement case (its refunds and
 *   payouts would fail): enforcement 1112.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import * as stx from "../../src/gen/blockchain/stablecoin/v1/tx";
import { MsgTransferResponse } from "../../src/gen/ibc/applications/transfer/v1/tx";
import { ibcDenom } from "../../src/modules/transfer/denom";
import { escrowAddress } from "../../src/modules/transfer/escrow";
import { DENOM, pack, type TestChain } from "../helpers/chain";
import { caseIdOf, enforcementChain, freezeStatus, keys, msg, validator } from "../integration/enforcement/setup";
import { basic, grantAllowance } from "../integration/feegrant/setup";
import { eventOf } from "../helpers/module-setup";
import { GAS, openTransferChannels, packetOf, recvMsg, timeoutMsg, transferMsg } from "../integration/transfer/setup";

const VOUCHER = ibcDenom({ base: DENOM, trace: [{ portId: "transfer", channelId: "channel-1" }] });
/** uyml sent over channel-1 arrives on channel-0 as this voucher: the name the squatting test tries to register. */
const SQUATTED = ibcDenom({ base: DENOM, trace: [{ portId: "transfer", channelId: "channel-0" }] });
const ESCROW0 = escrowAddress("transfer", "channel-0");
const sequenceOf = (res: { data: Uint8Array }) => MsgTransferResponse.decode(TxMsgData.decode(res.data).msgResponses[0]!.value).sequence;

describe("ICS-20 under the chain's rules", () => {
  let chain: TestChain;
  const relayer = validator();
  const { target, other, alice } = keys;

  beforeAll(async () => {
    chain = await enforcementChain();
    await openTransferChannels(chain, relayer);
  });
  afterAll(() => chain.close());

  describe("a currency cannot take a voucher's name (stablecoin ErrInvalidCurrency)", () => {
    const S = "/blockchain.stablecoin.v1.";
    const register = (denom: string, displayDenom = "fakeyml") =>
      pack(S + "MsgRegisterCurrency", stx.MsgRegisterCurrency, {
        creator: alice.address,
        denom,
        displayDenom,
        exponent: 6n,
        name: "Fake voucher",
        symbol: "FAKE",
        description: "squats on an ICS-20 voucher denom",
      });

    it.each([
      ["denom ibc/<hash>", SQUATTED, "fakeyml"],
      ["denom IBC/<HASH>", SQUATTED.toUpperCase(), "fakeyml"],
      ["denom Ibc/<hash>", "Ibc/" + SQUATTED.slice(4), "fakeyml"],
      ["display_denom ibc/<hash>", "ufake", SQUATTED],
      ["display_denom iBc/x", "ufake", "iBc/x"],
    ])("%s is refused with 1110", async (_name, denom, display) => {
      const res = await chain.deliver(alice, [register(denom, display)]);
      expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "stablecoin", code: 1110 });
    });

    it("so the voucher arrives as usual under that name", async () => {
      const sent = await chain.mustDeliver(
        alice,
        [transferMsg(alice.address, { channel: "channel-1", denom: DENOM, amount: 10n, receiver: other.address })],
        GAS,
      );
      const packet = packetOf(sequenceOf(sent), "channel-1", {
        denom: DENOM,
        amount: "10",
        sender: alice.address,
        receiver: other.address,
      });
      const recv = await chain.mustDeliver(relayer, [recvMsg(chain, packet, relayer.address)], GAS);
      expect(eventOf(recv, "fungible_token_packet")?.success).toBe("true");
      expect(chain.balance(other.address, SQUATTED)).toBe(10n);
    });
  });

  it.each([
    ["channel-0", ESCROW0],
    ["channel-1", escrowAddress("transfer", "channel-1")],
  ])("an enforcement case against %s's escrow account is refused (ErrProtectedAddress)", async (_name, escrow) => {
    const res = await chain.deliver(validator(), [msg.open(validator().address, escrow)]);
    expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "enforcement", code: 1112 });
    expect(freezeStatus(chain, escrow).frozen).toBe(false);
  });

  describe("a frozen account", () => {
    const timeout = 1_800_000_000n * 1_000_000_000n;
    let pending: ReturnType<typeof packetOf>;
    let incoming: ReturnType<typeof packetOf>;

    beforeAll(async () => {
      // Before the freeze: target sends out (left unrelayed), other sends to target.
      const out = await chain.mustDeliver(
        target,
        [
          transferMsg(target.address, {
            channel: "channel-0",
            denom: DENOM,
            amount: 100n,
            receiver: other.address,
            timeoutTimestamp: timeout,
          }),
        ],
        GAS,
      );
      pending = packetOf(
        sequenceOf(out),
        "channel-0",
        { denom: DENOM, amount: "100", sender: target.address, receiver: other.address },
        timeout,
      );
      const inc = await chain.mustDeliver(
        other,
        [transferMsg(other.address, { channel: "channel-0", denom: DENOM, amount: 200n, receiver: target.address })],
        GAS,
      );
      incoming = packetOf(sequenceOf(inc), "channel-0", { denom: DENOM, amount: "200", sender: other.address, receiver: target.address });
      await chain.mustDeliver(alice, [grantAllowance(alice.address, target.address, basic())]);
      caseIdOf(await chain.mustDeliver(validator(), [msg.open(validator().address, target.address)]));
      expect(freezeStatus(chain, target.address).frozen).toBe(true);
    });

    it("cannot MsgTransfer (ErrFrozen), even with its fee paid by a granter", async () => {
      const escrow = chain.balance(ESCROW0);
      const res = await chain.deliver(
        target,
        [transferMsg(target.address, { channel: "channel-0", denom: DENOM, amount: 5n, receiver: other.address })],
        {
          ...GAS,
          feeGranter: alice.address,
        },
      );
      expect(res.codespace).toBe("enforcement");
      expect(res.code).toBe(1107);
      expect(chain.balance(ESCROW0)).toBe(escrow);
    });

    it("still receives a voucher", async () => {
      const res = await chain.mustDeliver(relayer, [recvMsg(chain, incoming, relayer.address)], GAS);
      expect(eventOf(res, "fungible_token_packet")?.success).toBe("true");
      expect(chain.balance(target.address, VOUCHER)).toBe(200n);
    });

    it("is refunded on a timeout: MsgTimeout does not fail on the sender's freeze", async () => {
      const before = chain.balance(target.address);
      chain.setNextBlockTime({ seconds: 1_800_000_100n, nanos: 0 });
      await chain.produceBlocks(1);
      const res = await chain.deliver(relayer, [timeoutMsg(chain, pending, 1n, relayer.address)], GAS);
      expect(res.code, res.log).toBe(0);
      expect(chain.balance(target.address)).toBe(before + 100n);
    });
  });

  it("a voucher does not pay fees (stablecoin's fee rule)", async () => {
    const sent = await chain.mustDeliver(
      other,
      [transferMsg(other.address, { channel: "channel-0", denom: DENOM, amount: 300n, receiver: other.address })],
      GAS,
    );
    const packet = packetOf(sequenceOf(sent), "channel-0", { denom: DENOM, amount: "300", sender: other.address, receiver: other.address });
    await chain.mustDeliver(relayer, [recvMsg(chain, packet, relayer.address)], GAS);
    const held = chain.balance(other.address, VOUCHER);
    expect(held).toBeGreaterThanOrEqual(300n);
    const res = await chain.deliver(
      other,
      [
        pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
          fromAddress: other.address,
          toAddress: alice.address,
          amount: [{ denom: DENOM, amount: "1" }],
        }),
      ],
      { gasLimit: 200_000n, fee: [{ denom: VOUCHER, amount: "100" }] },
    );
    expect(res.codespace).toBe("stablecoin");
    expect(res.code).toBe(1111);
    expect(chain.balance(other.address, VOUCHER)).toBe(held);
  });
});
