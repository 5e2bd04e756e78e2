import { describe, expect, it } from "vitest";
import { Response } from "cosmjs-types/tendermint/abci/types";
import { encodeResponse } from "../../../src/abci/socket/requests";

/** What the generic path writes: cosmjs-types after fromPartial. */
function reference(kind: "checkTx" | "finalizeBlock", value: unknown): Buffer {
  return Buffer.from(Response.encode(Response.fromPartial({ [kind]: value } as Parameters<typeof Response.fromPartial>[0])).finish());
}

const long = (n: number) => "x".repeat(n);
const attrs = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `k${i}`, value: i % 3 === 0 ? "" : `v${i}`, index: i % 2 === 0 }));

const txResults = [
  // Success with everything a MsgSend carries.
  {
    code: 0,
    data: Uint8Array.of(1, 2, 3),
    log: "",
    info: "",
    gasWanted: 100_000n,
    gasUsed: 61_234n,
    codespace: "",
    events: [
      {
        type: "coin_spent",
        attributes: [
          { key: "spender", value: "yml1abc", index: true },
          { key: "amount", value: "1uyml", index: true },
        ],
      },
    ],
  },
  // Failure: codes past one varint byte, gas past 2^32 and past 2^53, non-ASCII text.
  {
    code: 300,
    data: new Uint8Array(),
    log: "insufficient funds: ñ ✓ 𝄞 \ud800 lone",
    info: "ïnfo",
    gasWanted: 2n ** 40n,
    gasUsed: 2n ** 60n + 7n,
    events: [],
    codespace: "sdk",
  },
  // Lengths needing two and three varint bytes at each nesting level.
  {
    code: 1,
    data: new Uint8Array(200).fill(9),
    log: long(130),
    info: long(20_000),
    gasWanted: 0n,
    gasUsed: 1n,
    codespace: long(128),
    events: [{ type: long(127), attributes: attrs(400) }],
  },
  // Partial objects, as an app may return them.
  {},
  { code: 5, events: [{ type: "t" }, { attributes: [{ key: "only-key" }] }] },
  { gasWanted: 12 as unknown as bigint, gasUsed: -1n },
];

describe("per-tx ABCI response encoding", () => {
  it("writes CheckTx responses byte for byte as cosmjs-types", () => {
    for (const r of txResults) {
      expect(Buffer.from(encodeResponse("checkTx", r))).toEqual(reference("checkTx", r));
    }
  });

  it("writes FinalizeBlock responses byte for byte as cosmjs-types, block events and the rest included", () => {
    const responses = [
      {},
      { txResults, appHash: new Uint8Array(32).fill(4) },
      {
        events: [
          { type: "mint", attributes: attrs(3) },
          { type: "", attributes: [] },
        ],
        txResults: Array.from({ length: 60 }, (_, i) => txResults[i % txResults.length]),
        validatorUpdates: [{ pubKey: { ed25519: new Uint8Array(32).fill(1) }, power: 10n }],
        consensusParamUpdates: { block: { maxBytes: 22_020_096n, maxGas: -1n } },
        appHash: new Uint8Array(32).fill(2),
      },
    ];
    for (const r of responses) {
      expect(Buffer.from(encodeResponse("finalizeBlock", r))).toEqual(reference("finalizeBlock", r));
    }
  });
});
