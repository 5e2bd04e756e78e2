import { describe, expect, it } from "vitest";
import { parseField, adjustGas, feesFromGasPrices, parseBytes, parseJsonArg } from "../../../src/cli/client/values";
import { restUrl } from "../../../src/cli/client/node";
import { toText } from "../../../src/cli/client/output";
import { kebab } from "../../../src/cli/client/names";
import type { CliField } from "../../../src/cli/client/schema";

const field = (kind: CliField["kind"], o: Partial<CliField> = {}): CliField => ({
  name: "f",
  localName: "f",
  flag: "f",
  kind,
  repeated: false,
  doc: "",
  source: "descriptor",
  ...o,
});

describe("flag values", () => {
  it("coins from comma lists and repeated flags, one coin for a Coin field", () => {
    expect(parseField(field("coins"), ["100uyml,5ufoo"])).toEqual([
      { denom: "ufoo", amount: "5" },
      { denom: "uyml", amount: "100" },
    ]);
    expect(parseField(field("coins"), ["1uyml", "2ufoo", "3uyml"])).toEqual([
      { denom: "ufoo", amount: "2" },
      { denom: "uyml", amount: "4" },
    ]);
    expect(parseField(field("coin"), ["7uyml"])).toEqual({ denom: "uyml", amount: "7" });
    expect(() => parseField(field("coin"), ["1uyml,2ufoo"])).toThrow(/--f: expected one coin/);
    expect(() => parseField(field("coins"), ["ten"])).toThrow(/--f/);
  });

  it("enums by full name, by suffix, case-insensitively, or by number", () => {
    const f = field("enum", { enumValues: ["VOTE_OPTION_UNSPECIFIED", "VOTE_OPTION_YES", "VOTE_OPTION_NO_WITH_VETO"] });
    expect(parseField(f, ["VOTE_OPTION_YES"])).toBe("VOTE_OPTION_YES");
    expect(parseField(f, ["yes"])).toBe("VOTE_OPTION_YES");
    expect(parseField(f, ["no-with-veto"])).toBe("VOTE_OPTION_NO_WITH_VETO");
    expect(parseField(f, ["1"])).toBe(1);
    expect(() => parseField(f, ["maybe"])).toThrow(/expected one of/);
  });

  it("bytes from hex (0x optional) or base64, answered as base64", () => {
    expect(parseBytes("0xdeadbeef")).toBe(Buffer.from("deadbeef", "hex").toString("base64"));
    expect(parseBytes("deadbeef")).toBe(Buffer.from("deadbeef", "hex").toString("base64"));
    expect(parseBytes("b64:3q2+7w==")).toBe("3q2+7w==");
    expect(parseBytes("3q2+7w==")).toBe("3q2+7w==");
    expect(() => parseBytes("not bytes!")).toThrow();
  });

  it("repeated scalars from repeated flags and comma lists; single scalars refuse repeats", () => {
    expect(parseField(field("string", { repeated: true }), ["a,b", "c"])).toEqual(["a", "b", "c"]);
    expect(parseField(field("int64", { repeated: true }), ["1,2"])).toEqual(["1", "2"]);
    expect(() => parseField(field("string"), ["a", "b"])).toThrow(/given 2 times/);
  });

  it("integers and booleans are checked", () => {
    expect(parseField(field("int64"), ["18446744073709551615"])).toBe("18446744073709551615");
    expect(() => parseField(field("int64"), ["1.5"])).toThrow(/integer/);
    expect(parseField(field("int"), ["3"])).toBe(3);
    expect(parseField(field("bool"), ["true"])).toBe(true);
    expect(() => parseField(field("bool"), ["yes"])).toThrow(/true or false/);
  });

  it("JSON inline or from @file; plain text stays a JSON string (timestamps, durations)", () => {
    expect(parseJsonArg('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonArg("2025-01-01T00:00:00Z")).toBe("2025-01-01T00:00:00Z");
    expect(() => parseJsonArg("{broken")).toThrow(/invalid JSON/);
  });

  it("gas and fees in integer arithmetic, rounded up", () => {
    expect(adjustGas(100_000n, "1.4")).toBe(140_000n);
    expect(adjustGas(3n, "1.5")).toBe(5n);
    expect(feesFromGasPrices("0.025uyml", 200_001n)).toEqual([{ denom: "uyml", amount: "5001" }]);
    expect(() => adjustGas(1n, "abc")).toThrow();
  });

  it("kebab names, REST URLs, text output", () => {
    expect(kebab("MultiSend")).toBe("multi-send");
    expect(kebab("to_address")).toBe("to-address");
    expect(
      restUrl("/cosmos/bank/v1beta1/balances/{address}", {
        address: "yml1x",
        pagination: { limit: "2", count_total: true },
        resolve_denom: false,
      }),
    ).toBe("/cosmos/bank/v1beta1/balances/yml1x?pagination.limit=2&pagination.count_total=true");
    expect(toText({ a: "1", b: [{ c: true }], d: [] })).toBe('\na: "1"\nb:\n  - c: true\nd: []');
  });
});
