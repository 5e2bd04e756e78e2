/** The transfer callbacks' pure parts: acknowledgement parsing as ibc-go reads it, event encodings, channel params. */
import { describe, expect, it } from "vitest";
import { Order } from "../../../src/gen/ibc/core/channel/v1/channel";
import { ackText, denomJson } from "../../../src/modules/transfer/events";
import { parseAck, transferIbcApp } from "../../../src/modules/transfer/ibc-module";
import type { TransferKeeper } from "../../../src/modules/transfer/keeper";
import type { Context } from "../../../src/types/context";

const enc = (s: string) => new TextEncoder().encode(s);

describe("acknowledgements", () => {
  it("reads the two canonical forms", () => {
    expect(parseAck(enc('{"result":"AQ=="}'))).toEqual({ result: Uint8Array.of(1) });
    expect(parseAck(enc('{"error":"ABCI code: 5: error handling packet: see events for details"}'))).toEqual({
      error: "ABCI code: 5: error handling packet: see events for details",
    });
  });
  it("refuses what does not marshal back to the same bytes, and non-JSON", () => {
    expect(() => parseAck(enc('{ "result":"AQ=="}'))).toThrow(/did not marshal/);
    expect(() => parseAck(enc('{"error":"<"}'))).toThrow(/did not marshal/); // Go escapes '<'
    expect(() => parseAck(enc("{}"))).toThrow(/expected one of/);
    expect(() => parseAck(enc("nope"))).toThrow(/cannot unmarshal/);
  });
  it("prints them as gogoproto's compact text", () => {
    expect(ackText({ result: Uint8Array.of(1) })).toBe('result:"\\001" ');
    expect(ackText({ error: 'a"b' })).toBe('error:"a\\"b" ');
  });
});

describe("event encodings", () => {
  it("writes a Denom as encoding/json does", () => {
    expect(denomJson({ base: "uyml", trace: [] })).toBe('{"base":"uyml","trace":null}');
    expect(denomJson({ base: "uatom", trace: [{ portId: "transfer", channelId: "channel-7" }] })).toBe(
      '{"base":"uatom","trace":[{"port_id":"transfer","channel_id":"channel-7"}]}',
    );
  });
});

describe("channel handshake callbacks", () => {
  const registered: string[] = [];
  const k = { registerEscrow: (_ctx: unknown, p: string, c: string) => registered.push(`${p}/${c}`) } as unknown as TransferKeeper;
  const app = transferIbcApp(k);
  const ctx = {} as Context;
  const cp = { portId: "transfer", channelId: "" };

  it("opens unordered ics20-1 channels on port transfer and notes their escrow", () => {
    expect(app.onChanOpenInit(ctx, Order.ORDER_UNORDERED, ["connection-0"], "transfer", "channel-3", cp, "")).toBe("ics20-1");
    expect(app.onChanOpenTry(ctx, Order.ORDER_UNORDERED, ["connection-0"], "transfer", "channel-4", cp, "ics20-2")).toBe("ics20-1");
    expect(registered).toEqual(["transfer/channel-3", "transfer/channel-4"]);
  });
  it("refuses ordered channels, other ports, other versions, and closing", () => {
    expect(() => app.onChanOpenInit(ctx, Order.ORDER_ORDERED, [], "transfer", "channel-0", cp, "")).toThrow(/ORDER_UNORDERED/);
    expect(() => app.onChanOpenInit(ctx, Order.ORDER_UNORDERED, [], "other", "channel-0", cp, "")).toThrow(/expected transfer/);
    expect(() => app.onChanOpenInit(ctx, Order.ORDER_UNORDERED, [], "transfer", "channel-0", cp, "ics20-2")).toThrow(/ics20-2/);
    expect(() => app.onChanOpenAck(ctx, "transfer", "channel-0", "channel-1", "ics20-2")).toThrow(/invalid counterparty version/);
    expect(() => app.onChanOpenInit(ctx, Order.ORDER_UNORDERED, [], "transfer", "channel-4294967296", cp, "")).toThrow(/max allowed/);
    expect(() => app.onChanCloseInit(ctx, "transfer", "channel-0")).toThrow(/user cannot close channel/);
  });
});
