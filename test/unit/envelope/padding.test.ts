import { describe, expect, it } from "vitest";
import { EnvelopeError, padPayload, unpadPayload } from "../../../src/client/envelope/index";

describe("payload padding", () => {
  it.each([
    [0, 256],
    [1, 256],
    [252, 256],
    [253, 512],
    [255, 512],
    [256, 512],
    [257, 512],
    [508, 512],
    [509, 768],
  ])("pads %i bytes to %i", (size, padded) => {
    const payload = Uint8Array.from({ length: size }, (_, i) => (i * 7 + 1) & 0xff);
    const out = padPayload(payload);
    expect(out.length).toBe(padded);
    expect(out.length % 256).toBe(0);
    expect(new DataView(out.buffer).getUint32(0, false)).toBe(size);
    expect(unpadPayload(out)).toEqual(payload);
  });

  it("keeps trailing zero bytes of the payload", () => {
    const payload = Uint8Array.from([1, 0, 0, 0]);
    expect(unpadPayload(padPayload(payload))).toEqual(payload);
  });

  it("accepts extra whole blocks of zero fill", () => {
    const padded = new Uint8Array(768);
    padded.set(padPayload(Uint8Array.from([9, 9])));
    expect(unpadPayload(padded)).toEqual(Uint8Array.from([9, 9]));
  });

  it("refuses malformed padding", () => {
    expect(() => unpadPayload(new Uint8Array(0))).toThrow(EnvelopeError);
    expect(() => unpadPayload(new Uint8Array(255))).toThrow(/multiple of 256/);
    const tooLong = new Uint8Array(256);
    new DataView(tooLong.buffer).setUint32(0, 253, false);
    expect(() => unpadPayload(tooLong)).toThrow(/exceeds/);
    const dirty = padPayload(Uint8Array.from([1]));
    dirty[200] = 1;
    expect(() => unpadPayload(dirty)).toThrow(/not all zero/);
  });
});
