import { describe, expect, it } from "vitest";
import { prefixEnd, prefixStore } from "../../../src/store/prefix";
import { hex, MemKV, utf } from "./setup";

describe("prefixStore", () => {
  it("computes the exclusive end of a prefix", () => {
    expect(hex(prefixEnd(Uint8Array.of(1, 2))!)).toBe("0103");
    expect(hex(prefixEnd(Uint8Array.of(1, 0xff))!)).toBe("02");
    expect(prefixEnd(Uint8Array.of(0xff, 0xff))).toBeUndefined();
    expect(prefixEnd(new Uint8Array())).toBeUndefined();
  });

  it("prepends and strips the prefix and bounds iteration to it", () => {
    const base = new MemKV();
    base.set(utf("a"), utf("outside-before"));
    base.set(utf("b"), utf("outside-exact-prefix-is-included"));
    base.set(utf("c"), utf("outside-after"));
    base.set(Uint8Array.of(0x62, 0xff), utf("edge"));
    const p = prefixStore(base, utf("b"));
    p.set(utf("x"), utf("1"));
    p.set(utf("y"), utf("2"));
    expect(new TextDecoder().decode(base.get(utf("bx")))).toBe("1");
    expect(p.has(utf("y"))).toBe(true);
    p.delete(utf("y"));
    expect(base.has(utf("by"))).toBe(false);
    const keys = [...p.iterator()].map(([k]) => hex(k));
    expect(keys).toEqual(["", "78", "ff"]);
    expect([...p.iterator(utf("x"), undefined, true)].map(([k]) => hex(k))).toEqual(["ff", "78"]);
    expect([...p.iterator(undefined, utf("x"))].map(([k]) => hex(k))).toEqual([""]);
    const pff = prefixStore(base, Uint8Array.of(0x62, 0xff));
    expect([...pff.iterator()].map(([k]) => hex(k))).toEqual([""]);
  });
});
