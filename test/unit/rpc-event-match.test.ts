import { describe, expect, it } from "vitest";
import { parseTxQuery } from "../../src/node/tx-query";
import { eventMap, matches } from "../../src/rpc/event-match";

const attr = (key: string, value: string) => ({ key, value, index: true });
const events = eventMap(
  [
    { type: "transfer", attributes: [attr("recipient", "yml1a"), attr("amount", "5uyml")] },
    { type: "transfer", attributes: [attr("recipient", "yml1b")] },
    { type: "tx", attributes: [attr("fee", "0.25")] },
  ],
  { "tm.event": "Tx", "tx.height": "12" },
);
const q = (s: string) => matches(parseTxQuery(s), events);

describe("event queries against an event (subscriptions, block_search)", () => {
  it("= on strings matches any value of the key; all conditions must hold", () => {
    expect(q("tm.event='Tx'")).toBe(true);
    expect(q("tm.event='NewBlock'")).toBe(false);
    expect(q("tm.event='Tx' AND transfer.recipient='yml1b'")).toBe(true);
    expect(q("tm.event='Tx' AND transfer.recipient='yml1c'")).toBe(false);
  });

  it("compares numbers exactly, including decimals", () => {
    expect(q("tx.height=12")).toBe(true);
    expect(q("tx.height>11 AND tx.height<=12")).toBe(true);
    expect(q("tx.height>=13")).toBe(false);
    expect(q("tx.fee>0.2")).toBe(true);
    expect(q("tx.fee>0.3")).toBe(false);
    expect(q("tx.fee<0.3")).toBe(true);
    expect(q("tx.fee>0.24999999")).toBe(true);
    expect(q("transfer.amount>3")).toBe(false);
  });

  it("CONTAINS and EXISTS", () => {
    expect(q("transfer.amount CONTAINS 'uyml'")).toBe(true);
    expect(q("transfer.recipient EXISTS")).toBe(true);
    expect(q("message.sender EXISTS")).toBe(false);
  });
});
