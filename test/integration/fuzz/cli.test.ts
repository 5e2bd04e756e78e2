import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { catalogue } from "../../../src/cli/client/catalogue";
import { collectFields } from "../../../src/cli/client/fields-cli";
import { anyFromJson, encodeMessage } from "../../../src/cli/client/msg-json";
import { UsageError } from "../../../src/cli/client/output";
import { proposalFields } from "../../../src/cli/client/proposal";
import { parseTxFile, txFromJson } from "../../../src/cli/client/tx-json";
import { adjustGas, feesFromGasPrices, parseField } from "../../../src/cli/client/values";
import { AppError } from "../../../src/types/errors";
import { Draw, EDGE_STRINGS, fuzzJson } from "../../helpers/fuzz/values";

/**
 * The CLI's argument and JSON parsing: whatever a user types or a file holds ends in a result or
 * a usage error (UsageError, or the codec's coded AppError) — never a TypeError or a stack trace.
 */
const RUNS = { numRuns: 2000, seed: 1234 };

function onlyUsageErrors(fn: () => unknown): void {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof UsageError) && !(e instanceof AppError))
      throw new Error(`not a usage error: ${(e as Error).name}: ${(e as Error).message}`);
  }
}

/** Tx JSON, proposal files and message JSON shaped enough to get past the first check. */
const shaped = fc.oneof(
  fuzzJson,
  fc.record(
    {
      body: fc.record(
        {
          messages: fc.oneof(fuzzJson, fc.array(fuzzJson, { maxLength: 2 })),
          memo: fuzzJson,
          timeout_height: fuzzJson,
          extension_options: fuzzJson,
        },
        { requiredKeys: ["messages"] },
      ),
      auth_info: fuzzJson,
      signatures: fuzzJson,
    },
    { requiredKeys: ["body", "auth_info"] },
  ),
  fc.record({
    messages: fuzzJson,
    deposit: fc.oneof(fuzzJson, fc.array(fuzzJson, { maxLength: 2 })),
    title: fuzzJson,
    summary: fuzzJson,
    metadata: fuzzJson,
    expedited: fuzzJson,
  }),
  fc.record({
    "@type": fc.constantFrom("/cosmos.bank.v1beta1.MsgSend", "/cosmos.gov.v1.MsgSubmitProposal", "/cosmos.authz.v1beta1.MsgExec"),
    amount: fuzzJson,
    from_address: fuzzJson,
    messages: fuzzJson,
    msgs: fuzzJson,
  }),
);

describe("fuzz: CLI arguments and JSON files", () => {
  it("regression: tx, proposal and message JSON with wrong types are usage errors", () => {
    expect(() => txFromJson({ body: { messages: [], timeout_height: "soon" }, auth_info: {} })).toThrow(UsageError);
    expect(() => txFromJson({ body: { messages: [] }, auth_info: {}, signatures: "abc" })).toThrow(UsageError);
    expect(() => txFromJson({ body: { messages: [], memo: 5 }, auth_info: {} })).toThrow(UsageError);
    expect(() => proposalFields(JSON.stringify({ deposit: [null] }), [])).toThrow(UsageError);
    expect(() => proposalFields(JSON.stringify({ title: 5 }), [])).toThrow(UsageError);
  });

  it("tx files, proposal files and message JSON", () => {
    fc.assert(
      fc.property(shaped, (json) => {
        onlyUsageErrors(() => txFromJson(json));
        onlyUsageErrors(() => parseTxFile(JSON.stringify(json) ?? ""));
        onlyUsageErrors(() => proposalFields(JSON.stringify(json) ?? "", []));
        onlyUsageErrors(() => anyFromJson(json));
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: "binary" }), (text) => void onlyUsageErrors(() => parseTxFile(text))),
      RUNS,
    );
  });

  it("every message's flags, with random values, build a message or refuse as usage errors", () => {
    const msgs = catalogue().msgs;
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const d = new Draw(g);
        const entry = d.pick(msgs);
        const flags = entry.schema.fields.map((field) => ({ field, flag: field.flag, attribute: field.flag }));
        const opts: Record<string, string[]> = {};
        for (const f of flags)
          if (d.bool())
            opts[f.attribute] = Array.from({ length: 1 + d.nat(1) }, () =>
              d.nat(3) === 0 ? JSON.stringify(g(() => fuzzJson)) : d.string(),
            );
        onlyUsageErrors(() => {
          const { protoJson, codecJson } = collectFields(flags, opts, new Map());
          encodeMessage(entry.schema, protoJson, codecJson);
        });
        for (const f of flags) onlyUsageErrors(() => parseField(f.field, [d.string()]));
      }),
      RUNS,
    );
  });

  it("gas prices and adjustments", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...EDGE_STRINGS), fc.string({ maxLength: 30 })),
        fc.bigInt({ min: 0n, max: 1n << 64n }),
        (s, gas) => {
          onlyUsageErrors(() => feesFromGasPrices(s, gas));
          onlyUsageErrors(() => adjustGas(gas, s));
        },
      ),
      RUNS,
    );
  });
});
