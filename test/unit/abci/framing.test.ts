import { describe, expect, it } from "vitest";
import { BinaryWriter } from "cosmjs-types/binary";
import { Request } from "cosmjs-types/tendermint/abci/types";
import { FrameDecoder, FrameError, encodeFrame, encodeUvarint } from "../../../src/abci/socket/framing";
import { decodeRequest } from "../../../src/abci/socket/requests";

describe("uvarint", () => {
  it("matches Go PutUvarint", () => {
    expect([...encodeUvarint(0)]).toEqual([0]);
    expect([...encodeUvarint(127)]).toEqual([0x7f]);
    expect([...encodeUvarint(128)]).toEqual([0x80, 0x01]);
    expect([...encodeUvarint(300)]).toEqual([0xac, 0x02]);
    expect([...encodeUvarint(2 ** 32)]).toEqual([0x80, 0x80, 0x80, 0x80, 0x10]);
  });
});

describe("FrameDecoder", () => {
  const bodies = [Buffer.from("a"), Buffer.alloc(0), Buffer.alloc(300, 7), Buffer.from("hello world")];
  const stream = Buffer.concat(bodies.map((b) => encodeFrame(b)));

  it("yields every frame of a coalesced chunk", () => {
    expect(new FrameDecoder().push(stream)).toEqual(bodies);
  });

  it("handles a split at every byte boundary", () => {
    for (let i = 0; i <= stream.length; i++) {
      const d = new FrameDecoder();
      const got = [...d.push(stream.subarray(0, i)), ...d.push(stream.subarray(i))];
      expect(got).toEqual(bodies);
      expect(d.buffered).toBe(0);
    }
  });

  it("handles one byte per chunk", () => {
    const d = new FrameDecoder();
    const got: Buffer[] = [];
    for (let i = 0; i < stream.length; i++) got.push(...d.push(stream.subarray(i, i + 1)));
    expect(got).toEqual(bodies);
  });

  it("rejects frames above the max without waiting for the body", () => {
    const d = new FrameDecoder({ maxFrameBytes: 1000 });
    expect(() => d.push(encodeUvarint(1001))).toThrow(FrameError);
    expect(() => d.push(Buffer.from([0]))).toThrow(FrameError);
    expect(new FrameDecoder({ maxFrameBytes: 1000 }).push(encodeFrame(Buffer.alloc(1000)))).toHaveLength(1);
  });

  it("rejects an overlong varint", () => {
    expect(() => new FrameDecoder().push(Buffer.alloc(11, 0x80))).toThrow(/overflow/);
  });
});

describe("decodeRequest", () => {
  const raw = (fn: (w: BinaryWriter) => void) => {
    const w = BinaryWriter.create();
    fn(w);
    return w.finish();
  };

  it("maps every oneof case", () => {
    const r = decodeRequest(Request.encode(Request.fromPartial({ checkTx: { tx: new Uint8Array([1]) } })).finish());
    expect(r).toMatchObject({ ok: true, kind: "checkTx" });
    expect(decodeRequest(Request.encode({ flush: {} }).finish())).toMatchObject({ ok: true, kind: "flush" });
  });

  it("reports removed or unknown fields instead of an empty request", () => {
    const deliverTx = raw((w) => w.uint32((9 << 3) | 2).bytes(new Uint8Array([1, 2])));
    expect(decodeRequest(deliverTx)).toEqual({ ok: false, error: "unknown request type (field 9)" });
    expect(decodeRequest(new Uint8Array())).toEqual({ ok: false, error: "unknown request type (empty request)" });
  });

  it("keeps a known case when unknown fields ride along", () => {
    const mixed = raw((w) => {
      w.uint32((99 << 3) | 0).uint64(5n);
      w.uint32((1 << 3) | 2).bytes(new Uint8Array([10, 2, 104, 105]));
    });
    expect(decodeRequest(mixed)).toEqual({ ok: true, kind: "echo", value: { message: "hi" } });
  });

  it("rejects garbage and wrong wire types without throwing", () => {
    expect(decodeRequest(new Uint8Array([0x0a, 0x05, 1]))).toMatchObject({ ok: false });
    expect(decodeRequest(new Uint8Array([0x08, 0x01]))).toMatchObject({ ok: false });
    expect(decodeRequest(new Uint8Array([0x00]))).toMatchObject({ ok: false });
    for (let seed = 1; seed < 2000; seed++) {
      const bytes = new Uint8Array(16).map((_, i) => (seed * 2654435761 + i * 40503) % 256);
      expect(() => decodeRequest(bytes)).not.toThrow();
    }
  });
});
