import fc from "fast-check";
import { prng } from "../prng";

/**
 * Values worth trying at every input boundary: the edges of what parsers accept (empty, zero,
 * negative, one past a bound, very long), bytes that break naive string handling (NUL, '%',
 * '/', invalid UTF-16, non-ASCII), and a few well-formed ones so inputs get past the first check.
 */
export const EDGE_STRINGS: readonly string[] = [
  "",
  " ",
  "0",
  "1",
  "-1",
  "01",
  "+1",
  "1e3",
  "0x10",
  "NaN",
  "Infinity",
  "null",
  "true",
  "18446744073709551615",
  "18446744073709551616",
  "-9223372036854775809",
  "9".repeat(80),
  "1".repeat(2000),
  "0.5",
  "1.000000000000000000",
  "0.0000000000000000001",
  "-0.1",
  ".5",
  "5.",
  "1,000",
  "\u0000",
  "a\u0000b",
  "%00",
  "%",
  "%%",
  "%2F",
  "/",
  "../..",
  "\\",
  "\n",
  "\t",
  "\u00e9",
  "\ud800",
  "\u{1F4A5}",
  "x".repeat(255),
  "x".repeat(256),
  "x".repeat(4097),
  "uyml",
  "uother",
  "UYML",
  "u",
  "ibc/ABC",
  "a".repeat(129),
  "100uyml",
  "1uyml,2uyml",
  "0uyml",
  "-5uyml",
  "1uyml,",
  ",",
  "DE",
  "DE2H",
  "ZZ",
  "class1",
  "nft1",
  "2026-01-01T00:00:00Z",
  "10s",
  "-1s",
  "A".repeat(64),
  "ab".repeat(32),
];

/** Strings for any field: mostly the edges above, otherwise arbitrary (including unpaired surrogates). */
export function fuzzString(extra: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...EDGE_STRINGS, ...extra) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40, unit: "binary" }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
}

/** fuzzString() built once, for `g(fuzzStringOnce)` per field: building the arbitrary is not free. */
const FUZZ_STRING = fuzzString();
export const fuzzStringOnce = () => FUZZ_STRING;

const EDGE_BIGINTS = [0n, 1n, 2n, 100n, (1n << 31n) - 1n, 1n << 32n, (1n << 63n) - 1n, 1n << 63n, (1n << 64n) - 1n];

export const fuzzBigInt: fc.Arbitrary<bigint> = fc.oneof(fc.constantFrom(...EDGE_BIGINTS), fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }));

export const fuzzBigIntOnce = () => fuzzBigInt;

/** Arbitrary JSON with a bias to the shapes CLI and REST inputs take (objects, arrays, edge strings). */
export const fuzzJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    FUZZ_STRING,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        FUZZ_STRING,
        fc.constantFrom("@type", "amount", "denom", "body", "messages", "auth_info", "signatures", "type_url", "value"),
      ),
      tie("value"),
      { maxKeys: 4 },
    ),
  ),
})).value;

/**
 * The draws a generator makes per field. Structure (which field, which mutation, how many)
 * comes from a PRNG seeded by fast-check once per input, because a fast-check draw per field
 * costs more than the CheckTx it feeds; the values that benefit from fast-check's bias toward
 * edge cases (strings, big integers) are still drawn from it. Reproducible from the run's seed.
 */
export class Draw {
  private readonly next: () => number;

  constructor(readonly g: fc.GeneratorValue) {
    this.next = prng(g(fc.integer));
  }

  /** An integer in [0, max]. */
  nat(max: number): number {
    return Math.floor(this.next() * (max + 1));
  }

  bool(): boolean {
    return this.next() < 0.5;
  }

  pick<T>(values: readonly T[]): T {
    return values[this.nat(values.length - 1)];
  }

  string(): string {
    return this.nat(3) > 0 ? this.pick(EDGE_STRINGS) : this.g(fuzzStringOnce);
  }

  bigint(): bigint {
    return this.bool() ? this.pick(EDGE_BIGINTS) : this.g(fuzzBigIntOnce);
  }

  bytes(maxLength: number): Uint8Array {
    const out = new Uint8Array(this.nat(maxLength));
    for (let i = 0; i < out.length; i++) out[i] = this.nat(255);
    return out;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
}
