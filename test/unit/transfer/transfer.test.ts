/**
 * The pure ICS-20 pieces against vectors printed by ibc-go v10.7.0 itself (see vectors.ts):
 * denom traces and voucher denoms, escrow addresses, packet bytes, packet decoding with Go's
 * JSON rules, acknowledgements and MsgTransfer's stateless checks.
 */
import { describe, expect, it } from "vitest";
import { toBech32 } from "../../../src/types/address";
import { AppError } from "../../../src/types/errors";
import { errorAckBytes, successAckBytes } from "../../../src/modules/transfer/ack";
import {
  denomFromPath,
  denomPath,
  hopString,
  ibcDenom,
  parseIbcDenomHash,
  receivedDenom,
  senderChainIsSource,
  validateDenom,
} from "../../../src/modules/transfer/denom";
import { escrowAddressBytes } from "../../../src/modules/transfer/escrow";
import { transferErrors } from "../../../src/modules/transfer/errors";
import { parseGoInt } from "../../../src/modules/transfer/go-int";
import { validateMsgTransfer } from "../../../src/modules/transfer/msg-transfer";
import { decodePacketData, packetDataBytes, validateReceivedPacket, MAXIMUM_MEMO_LENGTH } from "../../../src/modules/transfer/packet";
import { ACKS, DENOMS, ESCROWS, MSG_TRANSFER, PACKET_BYTES, UNMARSHAL } from "./vectors";

const utf8 = new TextEncoder();
const text = (b: Uint8Array): string => new TextDecoder().decode(b);
const hex = (b: Uint8Array): string => Buffer.from(b).toString("hex");

function outcome(f: () => void): string {
  try {
    f();
    return "ok";
  } catch (e) {
    if (e instanceof AppError) return `${e.codespace}/${e.code}`;
    throw e;
  }
}

describe("denom traces", () => {
  it.each(DENOMS)("%j", (path, base, hops, voucher, valid) => {
    const d = denomFromPath(path);
    expect(d.base).toBe(base);
    expect(d.trace.map(hopString)).toEqual(hops);
    expect(denomPath(d)).toBe(path);
    expect(ibcDenom(d)).toBe(voucher);
    expect(outcome(() => validateDenom(d))).toBe(valid);
  });

  it("parses the ibc/<hash> form back to the hash of the path, hex of either case", () => {
    const d = denomFromPath("transfer/channel-0/uatom");
    const hash = parseIbcDenomHash(ibcDenom(d))!;
    expect(hex(hash)).toBe("27394fb092d2eccd56123c74f36e4c1f926001ceada9ca97ea622b25f41e5eb2");
    expect(parseIbcDenomHash(ibcDenom(d).toLowerCase())).toEqual(hash);
    expect(parseIbcDenomHash("ibc/ABC")).toBeUndefined();
    expect(parseIbcDenomHash("uatom")).toBeUndefined();
    expect(parseIbcDenomHash(`IBC/${"00".repeat(32)}`)).toBeUndefined();
  });

  it("adds the receiver's hop to a token arriving from its source and removes it from one coming home", () => {
    // uatom leaves chain A over transfer/channel-0 and arrives on B at transfer/channel-7.
    const out = receivedDenom(denomFromPath("uatom"), "transfer", "channel-0", "transfer", "channel-7");
    expect(out.receiverIsSource).toBe(false);
    expect(denomPath(out.denom)).toBe("transfer/channel-7/uatom");
    // B sends the voucher back over channel-7: B is not the source, so it burns.
    expect(senderChainIsSource(out.denom, "transfer", "channel-7")).toBe(false);
    // A receives it from transfer/channel-7 with that prefix: home, hop removed, native again.
    const home = receivedDenom(out.denom, "transfer", "channel-7", "transfer", "channel-0");
    expect(home.receiverIsSource).toBe(true);
    expect(ibcDenom(home.denom)).toBe("uatom");
    // Sent on over another channel, B is the source of this hop: escrow, and C prefixes again.
    expect(senderChainIsSource(out.denom, "transfer", "channel-3")).toBe(true);
    const onward = receivedDenom(out.denom, "transfer", "channel-3", "transfer", "channel-1");
    expect(denomPath(onward.denom)).toBe("transfer/channel-1/transfer/channel-7/uatom");
  });
});

describe("escrow addresses", () => {
  it.each(ESCROWS)("transfer/%s", (channel, addrHex, bech) => {
    const bytes = escrowAddressBytes("transfer", channel);
    expect(hex(bytes)).toBe(addrHex);
    expect(toBech32("cosmos", bytes)).toBe(bech);
  });
});

describe("packet data", () => {
  it.each(PACKET_BYTES)("GetBytes of %j", ([denom, amount, sender, receiver, memo], bytesHex) => {
    expect(hex(packetDataBytes({ denom, amount, sender, receiver, memo }))).toBe(bytesHex);
  });

  it("writes a lone surrogate as Go writes a byte that is not UTF-8", () => {
    const bytes = packetDataBytes({ denom: "a", amount: "1", sender: "s", receiver: "r", memo: "x\ud800y" });
    expect(text(bytes)).toBe('{"denom":"a","amount":"1","sender":"s","receiver":"r","memo":"x\\ufffdy"}');
  });

  it.each(UNMARSHAL.map(([input, want]) => [typeof input === "string" ? input : `bytes ${hex(input)}`, input, want] as const))(
    "UnmarshalPacketData %s",
    (_name, input, want) => {
      const bytes = typeof input === "string" ? utf8.encode(input) : input;
      if (typeof want === "string") {
        expect(outcome(() => decodePacketData(bytes))).toBe(want);
        return;
      }
      const p = decodePacketData(bytes);
      expect({
        base: p.denom.base,
        trace: p.denom.trace.map(hopString),
        amount: p.amountText,
        sender: p.sender,
        receiver: p.receiver,
        memo: p.memo,
      }).toEqual(want);
    },
  );

  it("reads amounts as big.Int's SetString(s, 0) does", () => {
    // Printed by sdkmath.NewIntFromString (cosmossdk.io/math v1.5.3, which ibc-go v10.7.0 selects).
    const cases: [string, bigint | undefined][] = [
      ["100", 100n],
      ["0x10", 16n],
      ["0X1f", 31n],
      ["0b11", 3n],
      ["0o17", 15n],
      ["007", 7n],
      ["010", 8n],
      ["08", undefined],
      ["0", 0n],
      ["-0", 0n],
      ["+5", 5n],
      ["-5", -5n],
      ["1_000", 1000n],
      ["0x_1", 1n],
      ["0_7", 7n],
      ["_1", undefined],
      ["1_", undefined],
      ["1__0", undefined],
      ["0x", undefined],
      ["", undefined],
      ["-", undefined],
      [" 5", undefined],
      ["1e3", undefined],
      ["١", undefined],
      ["115792089237316195423570985008687907853269984665640564039457584007913129639935", (1n << 256n) - 1n],
      ["115792089237316195423570985008687907853269984665640564039457584007913129639936", undefined],
      ["-115792089237316195423570985008687907853269984665640564039457584007913129639935", -((1n << 256n) - 1n)],
      ["0".repeat(10_000) + "1", 1n],
      ["0b_1_0", 2n],
      ["0o_", undefined],
      ["0B1", 1n],
      ["0O7", 7n],
      ["0xAbC", 2748n],
      ["+-1", undefined],
      ["0xg", undefined],
    ];
    for (const [s, want] of cases) expect([s.slice(0, 20), parseGoInt(s)]).toEqual([s.slice(0, 20), want]);
  });

  it("refuses a memo over 32768 bytes on receive, counting UTF-8 bytes", () => {
    const ok = decodePacketData(
      utf8.encode(JSON.stringify({ denom: "a", amount: "1", sender: "s", receiver: "r", memo: "é".repeat(MAXIMUM_MEMO_LENGTH / 2) })),
    );
    expect(outcome(() => validateReceivedPacket(ok))).toBe("ok");
    const long = { ...ok, memo: ok.memo + "x" };
    expect(outcome(() => validateReceivedPacket(long))).toBe("transfer/11");
  });

  it("refuses a channel version other than ics20-1", () => {
    expect(outcome(() => decodePacketData(utf8.encode("{}"), "ics20-2"))).toBe("transfer/4");
  });
});

describe("acknowledgements", () => {
  it("success is the result [0x01]", () => {
    expect(text(successAckBytes())).toBe(ACKS.success);
  });

  it.each(ACKS.errors)("error with ABCI code %i", (code, want) => {
    const err = code === 1 ? new Error("not registered") : new AppError("any", code, "detail");
    expect(text(errorAckBytes(err))).toBe(want);
  });

  it("carries only the code, whatever the codespace", () => {
    expect(text(errorAckBytes(transferErrors.ErrReceiveDisabled.wrap("x")))).toBe(ACKS.errors[3]![1]);
  });
});

describe("MsgTransfer", () => {
  it.each(MSG_TRANSFER)("%j", ([sourcePort, sourceChannel, denom, amount, sender, receiver], want) => {
    const msg = {
      sourcePort,
      sourceChannel,
      token: { denom, amount },
      sender,
      receiver,
      timeoutHeight: undefined,
      timeoutTimestamp: 0n,
      memo: "",
      encoding: "",
    };
    expect(outcome(() => validateMsgTransfer(msg))).toBe(want);
  });

  it("bounds the receiver and the memo in bytes", () => {
    const base = {
      sourcePort: "transfer",
      sourceChannel: "channel-0",
      token: { denom: "uatom", amount: "1" },
      sender: "s",
      receiver: "r",
      timeoutHeight: undefined,
      timeoutTimestamp: 1n,
      memo: "",
      encoding: "",
    };
    expect(outcome(() => validateMsgTransfer({ ...base, receiver: "r".repeat(2048) }))).toBe("ok");
    expect(outcome(() => validateMsgTransfer({ ...base, receiver: "é".repeat(1025) }))).toBe("ibc/5");
    expect(outcome(() => validateMsgTransfer({ ...base, memo: "m".repeat(32769) }))).toBe("transfer/11");
    expect(outcome(() => validateMsgTransfer({ ...base, token: undefined }))).toBe("ibc/6");
  });
});
