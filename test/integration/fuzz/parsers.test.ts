import fc from "fast-check";
import { DepositParams } from "cosmjs-types/cosmos/gov/v1beta1/gov";
import { describe, expect, it } from "vitest";
import { decodeEnvelope } from "../../../src/client/envelope/codec";
import { EnvelopeError } from "../../../src/client/envelope/errors";
import { formatLegacyDec, parseLegacyDecText } from "../../../src/codec/legacy-dec";
import { binaryToJson, jsonToBinary, protoRegistry } from "../../../src/codec/proto-json";
import { accAddress, fromBech32, toBech32, valAddress } from "../../../src/types/address";
import { AliasIdError, parseAliasId } from "../../../src/types/alias-id";
import { coinsFromProto, formatCoins, parseAmount, parseCoins } from "../../../src/types/coins";
import { decFromString, decFromWire, decToString } from "../../../src/types/dec";
import { AppError } from "../../../src/types/errors";
import { testKey } from "../../helpers/chain";
import { randomMessageBytes } from "../../helpers/fuzz/proto-gen";
import { Draw, EDGE_STRINGS, fuzzJson } from "../../helpers/fuzz/values";

/**
 * The pure parsers every input boundary leans on: each either returns a value that survives a
 * round trip, or refuses with its own coded error — never a TypeError, RangeError or SyntaxError.
 */
const text = fc.oneof(
  fc.constantFrom(...EDGE_STRINGS),
  fc.string({ maxLength: 60, unit: "binary" }),
  fc.stringMatching(/^[0-9]{0,90}[a-z][a-z0-9/:._-]{0,10}(,[0-9]{0,80}[a-z]{1,5})*$/),
);
const MAX = (1n << 256n) - 1n;
const RUNS = { numRuns: 3000, seed: 256 };

/** Runs fn; a throw must be an instance of one of `allowed`. */
function refusesCleanly(fn: () => unknown, ...allowed: Array<new (...a: never[]) => Error>): unknown {
  try {
    return fn();
  } catch (e) {
    if (!allowed.some((c) => e instanceof c)) throw new Error(`unexpected ${(e as Error).name}: ${(e as Error).message}`);
    return undefined;
  }
}

describe("fuzz: pure parsers", () => {
  it("regression: parseCoins bounds the sum of repeated denoms to 256 bits like each amount", () => {
    expect(() => parseCoins(`${MAX}uyml,${MAX}uyml`)).toThrow(/uyml amount out of range/);
    expect(() => parseCoins(`${MAX}uyml`)).not.toThrow();
    expect(parseCoins(`${MAX - 1n}uyml,1uyml`)).toEqual([{ denom: "uyml", amount: MAX }]);
  });

  it("coins: parsed coins are bounded, sorted, positive and round-trip; anything else is ErrInvalidCoins", () => {
    fc.assert(
      fc.property(text, (s) => {
        const coins = refusesCleanly(() => parseCoins(s), AppError) as ReturnType<typeof parseCoins> | undefined;
        if (!coins) return;
        for (const c of coins) expect(c.amount > 0n && c.amount <= MAX).toBe(true);
        expect(parseCoins(formatCoins(coins))).toEqual(coins);
        expect(coinsFromProto(coins.map((c) => ({ denom: c.denom, amount: c.amount.toString() })))).toEqual(coins);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(
        fc.array(fc.record({ denom: text, amount: text }), { maxLength: 4 }),
        (list) => void refusesCleanly(() => coinsFromProto(list), AppError),
      ),
      RUNS,
    );
    fc.assert(
      fc.property(text, (s) => void refusesCleanly(() => parseAmount(s), AppError)),
      RUNS,
    );
  });

  it("decimals: text and wire forms refuse with AppErrors and round-trip", () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.stringMatching(/^-?[0-9]{1,100}(\.[0-9]{1,20})?$/)), (s) => {
        const d = refusesCleanly(() => decFromString(s), AppError) as bigint | undefined;
        if (d !== undefined) expect(decFromString(decToString(d))).toBe(d);
        const w = refusesCleanly(() => decFromWire(s), AppError) as bigint | undefined;
        if (w !== undefined) expect(decFromWire(w.toString())).toBe(w);
        const legacy = parseLegacyDecText(formatLegacyDec(s));
        if (/^-?\d+$/.test(s.trim())) expect(BigInt(legacy)).toBe(BigInt(s.trim()));
      }),
      RUNS,
    );
    // A megabyte of digits is refused by its length, not parsed.
    expect(() => decFromWire("9".repeat(1_000_000))).toThrow(/out of range/);
  });

  it("bech32 addresses: validation refuses with AppErrors; valid ones round-trip", () => {
    const alice = testKey("alice").address;
    const mutated = fc
      .tuple(fc.nat({ max: alice.length - 1 }), fc.constantFrom(..."qpzry9x8gf2tvdw0s3jn54khce6mua7lQ1b!"))
      .map(([i, c]) => alice.slice(0, i) + c + alice.slice(i + 1));
    fc.assert(
      fc.property(
        fc.oneof(
          text,
          mutated,
          fc.uint8Array({ maxLength: 70 }).map((b) => toBech32("yml", b)),
        ),
        (s) => {
          const bytes = refusesCleanly(() => fromBech32(s, "yml"), AppError) as Uint8Array | undefined;
          if (bytes) expect(toBech32("yml", bytes)).toBe(s.toLowerCase());
          refusesCleanly(() => accAddress.validate(s), AppError);
          refusesCleanly(() => valAddress.decode(s), AppError);
        },
      ),
      RUNS,
    );
  });

  it("identifiers and envelopes refuse with their own errors", () => {
    fc.assert(
      fc.property(
        fc.oneof(text, fc.stringMatching(/^[A-Z]{2}[0-9A-Z -]{0,30}$/)),
        (s) => void refusesCleanly(() => parseAliasId(s), AliasIdError),
      ),
      RUNS,
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (b) => void refusesCleanly(() => decodeEnvelope(b), EnvelopeError)),
      RUNS,
    );
  });

  it("regression: a Duration with no JSON form is ErrJSONMarshal, not a RangeError", () => {
    const bytes = DepositParams.encode({ minDeposit: [], maxDepositPeriod: { seconds: 0n, nanos: 2_000_000_000 } }).finish();
    expect(() => binaryToJson("cosmos.gov.v1beta1.DepositParams", bytes)).toThrow(expect.objectContaining({ codespace: "sdk", code: 16 }));
  });

  it("proto JSON: random messages of every registered type round-trip; random JSON is ErrJSONUnmarshal", () => {
    const names = [...protoRegistry()]
      .filter((t) => t.kind === "message" && /^(blockchain|cosmos)\./.test(t.typeName))
      .map((t) => t.typeName);
    expect(names.length).toBeGreaterThan(300);
    const env = {
      strings: [testKey("alice").address, "uyml", ...EDGE_STRINGS],
      anyTypes: ["/cosmos.bank.v1beta1.MsgSend", "/cosmos.crypto.secp256k1.PubKey"],
    };
    fc.assert(
      fc.property(fc.gen(), fc.constantFrom(...names), fuzzJson, (g, name, json) => {
        const desc = protoRegistry().getMessage(name)!;
        const bytes = refusesCleanly(() => randomMessageBytes(new Draw(g), desc, env, 2), Error) as Uint8Array | undefined;
        if (bytes) {
          const asJson = refusesCleanly(() => binaryToJson(name, bytes), AppError);
          if (asJson !== undefined) refusesCleanly(() => jsonToBinary(name, asJson), AppError);
        }
        refusesCleanly(() => jsonToBinary(name, json), AppError);
      }),
      RUNS,
    );
  });
});
