import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { Tx } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { CosmjsBinaryWriter } from "../../src/types/proto-runtime";
import { ProtoWriter } from "../../src/types/proto-writer";

/** What a generated encoder may call on a writer; both writers get the same calls. */
type Op =
  | { op: "uint32" | "int32" | "sint32" | "fixed32" | "sfixed32"; v: number }
  | { op: "int64" | "uint64" | "sint64" | "fixed64" | "sfixed64"; v: bigint | number }
  | { op: "bool"; v: boolean }
  | { op: "string"; v: string }
  | { op: "bytes"; v: Uint8Array }
  | { op: "tag"; field: number; type: number }
  | { op: "nested"; ops: Op[] }
  | { op: "abandoned"; ops: Op[] };

type AnyWriter = Record<string, (...args: unknown[]) => AnyWriter> & { finish(): Uint8Array };

function apply(w: AnyWriter, ops: Op[]): void {
  for (const o of ops) {
    if (o.op === "tag") w.tag(o.field, o.type);
    else if (o.op === "nested") {
      w.uint32(10).fork();
      apply(w, o.ops);
      w.ldelim();
    } else if (o.op === "abandoned") {
      // A nested message started, then dropped with reset().
      w.uint32(18).fork();
      apply(w, o.ops);
      w.reset();
    } else w[o.op](o.v);
  }
}

/** cosmjs-types writes 64-bit values whose low word is in [2^31, 2^32) and high word 0 as zero; ours does not (below). */
const cosmjsMisencodes = (v: bigint | number) => {
  const u = BigInt.asUintN(64, BigInt(v));
  return u >= 2n ** 31n && u < 2n ** 32n;
};

const int64 = fc
  .oneof(
    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 64n - 1n }),
    fc.bigInt({ min: 0n, max: 1000n }),
    fc.maxSafeInteger().filter((n) => n >= 0),
    fc.constantFrom(0n, 127n, 128n, 2n ** 53n, 2n ** 53n + 1n, -1n, 2n ** 63n, 2n ** 64n - 1n),
  )
  .filter((v) => !cosmjsMisencodes(v));
const leaf: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constantFrom("uint32" as const, "int32" as const, "sint32" as const, "fixed32" as const, "sfixed32" as const),
    v: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  }),
  fc.record({ op: fc.constantFrom("int64" as const, "uint64" as const), v: int64 }),
  fc.record({
    op: fc.constantFrom("sint64" as const, "fixed64" as const, "sfixed64" as const),
    v: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  }),
  fc.record({ op: fc.constant("bool" as const), v: fc.boolean() }),
  fc.record({
    op: fc.constant("string" as const),
    v: fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.string({ unit: "grapheme", maxLength: 20 }),
      fc.constantFrom("\ud800", "a\udc00b", "x".repeat(130)),
    ),
  }),
  fc.record({ op: fc.constant("bytes" as const), v: fc.uint8Array({ maxLength: 300 }) }),
  fc.record({ op: fc.constant("tag" as const), field: fc.integer({ min: 1, max: 536_870_911 }), type: fc.integer({ min: 0, max: 5 }) }),
);
const ops: fc.Arbitrary<Op[]> = fc.letrec<{ ops: Op[]; op: Op }>((tie) => ({
  op: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.record({ op: fc.constant("nested" as const), ops: tie("ops") as fc.Arbitrary<Op[]> }),
    fc.record({ op: fc.constant("abandoned" as const), ops: tie("ops") as fc.Arbitrary<Op[]> }),
  ),
  ops: fc.array(tie("op"), { maxLength: 12 }),
})).ops;

describe("ProtoWriter writes what cosmjs-types' BinaryWriter writes", () => {
  it("for any sequence of field writes and nested messages (lengths of 1 to 3 varint bytes)", () => {
    fc.assert(
      fc.property(ops, (list) => {
        const ours = ProtoWriter.create() as unknown as AnyWriter;
        const theirs = (CosmjsBinaryWriter as unknown as { create(): AnyWriter }).create();
        apply(ours, list);
        apply(theirs, list);
        expect(Buffer.from(ours.finish()).toString("hex")).toBe(Buffer.from(theirs.finish()).toString("hex"));
      }),
      { seed: 1126, numRuns: 2000 },
    );
  });

  it("for real messages: a signed tx and accounts", () => {
    const account = {
      address: "yml1th0du2gvqdnendd6xf3sfryaz5w6j3ht4g3ku9",
      pubKey: { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: new Uint8Array(35).fill(2) },
      accountNumber: 42n,
      sequence: 7n,
    };
    const tx = Tx.fromPartial({
      body: {
        messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: new Uint8Array(200).fill(1) }],
        memo: "é".repeat(70),
        timeoutHeight: 5n,
      },
      authInfo: {
        fee: { amount: [{ denom: "uyml", amount: "200" }], gasLimit: 200_000n },
        signerInfos: [{ sequence: 3n, modeInfo: { single: { mode: 1 } } }],
      },
      signatures: [new Uint8Array(64).fill(9)],
    });
    const withCosmjs = <T>(codec: { encode(m: T, w?: never): { finish(): Uint8Array } }, m: T) =>
      codec.encode(m, (CosmjsBinaryWriter as unknown as { create(): never }).create()).finish();
    expect(BaseAccount.encode(account).finish()).toEqual(withCosmjs(BaseAccount, account));
    expect(Tx.encode(tx).finish()).toEqual(withCosmjs(Tx, tx));
  });

  it("writes a string that ends exactly at the end of the buffer, or just past it", () => {
    // While a writer holds the shared scratch buffer, the next one starts at 256 bytes and doubles.
    const holder = ProtoWriter.create();
    for (let fill = 240; fill < 1_040; fill = fill === 270 ? 500 : fill === 530 ? 1_010 : fill + 1) {
      const list: Op[] = [
        { op: "bytes", v: new Uint8Array(fill) },
        { op: "string", v: "a" },
        { op: "string", v: "bc" },
      ];
      const ours = ProtoWriter.create() as unknown as AnyWriter;
      const theirs = (CosmjsBinaryWriter as unknown as { create(): AnyWriter }).create();
      apply(ours, list);
      apply(theirs, list);
      expect(Buffer.from(ours.finish()).equals(Buffer.from(theirs.finish()))).toBe(true);
    }
    holder.finish();
  });

  it("writes 64-bit values in [2^31, 2^32) so that they decode back (cosmjs-types writes them as zero)", () => {
    for (const v of [2n ** 31n, 3_000_000_000n, 2n ** 32n - 1n]) {
      const bytes = BaseAccount.encode({ address: "", accountNumber: v, sequence: v }).finish();
      expect(BaseAccount.decode(bytes)).toMatchObject({ accountNumber: v, sequence: v });
    }
  });

  it("keeps the bytes it returned when the writer is used again, and when another writer runs meanwhile", () => {
    const a = ProtoWriter.create();
    a.string("first");
    const inner = ProtoWriter.create().uint32(300).finish();
    const first = a.finish();
    const copy = Uint8Array.from(first);
    a.string("more");
    ProtoWriter.create().bytes(new Uint8Array(5000).fill(7)).finish();
    expect(first).toEqual(copy);
    expect(inner).toEqual(Uint8Array.of(0xac, 0x02));
    expect(a.finish()).toEqual(Uint8Array.of(5, ...Buffer.from("first"), 4, ...Buffer.from("more")));
  });
});
