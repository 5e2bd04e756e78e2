import fc from "fast-check";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import "../../src/types/proto-runtime";

const require = createRequire(import.meta.url);
const { utf8Read } = require("cosmjs-types/utf8") as { utf8Read(b: Uint8Array, start: number, end: number): string };
const { BinaryWriter } = require("cosmjs-types/binary") as {
  BinaryWriter: { create(): { uint32(n: number): { bytes(b: Uint8Array): unknown }; finish(): Uint8Array } };
};

/** A MsgSend whose from_address field holds exactly `raw` (any bytes, valid UTF-8 or not). */
function msgSendWithRawAddress(raw: Uint8Array): Uint8Array {
  const w = BinaryWriter.create();
  w.uint32(10).bytes(raw);
  return w.finish();
}

describe("proto string fields decode exactly as cosmjs-types' own UTF-8 reader", () => {
  it("ASCII, multi-byte, and invalid byte sequences alike (the fast path is only for bytes below 0x80)", () => {
    const samples = [
      new Uint8Array(0),
      new TextEncoder().encode("cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu"),
      new TextEncoder().encode("ü€😀"),
      Uint8Array.of(0x7f, 0x80, 0xff, 0xc3),
      Uint8Array.of(0xed, 0xa0, 0x80),
    ];
    for (const raw of samples) expect(MsgSend.decode(msgSendWithRawAddress(raw)).fromAddress).toBe(utf8Read(raw, 0, raw.length));
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), fc.string({ unit: "binary", maxLength: 40 }), (raw, text) => {
        expect(MsgSend.decode(msgSendWithRawAddress(raw)).fromAddress).toBe(utf8Read(raw, 0, raw.length));
        const utf8 = new TextEncoder().encode(text);
        expect(MsgSend.decode(msgSendWithRawAddress(utf8)).fromAddress).toBe(utf8Read(utf8, 0, utf8.length));
      }),
      { seed: 26, numRuns: 3000 },
    );
  });
});
