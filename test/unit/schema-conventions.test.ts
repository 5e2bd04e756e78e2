/**
 * The store conventions of docs/modules.md ("Conventions"), checked over every module's schema
 * as the app builds it, and over the keys of a chain the whole-chain simulation populated:
 * ids come from sequences, values are proto or a shared scalar, an index of a map is an
 * indexedMap, and no key holds an address as bech32 text.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bech32 } from "bech32";
import { afterAll, describe, expect, it } from "vitest";
import { App } from "../../src/app/app";
import { buildModules } from "../../src/app/modules";
import { Simulation } from "../../src/sim/runner";
import { isProtoValue, type KeyCodec, SCALAR_VALUES, stringKey, uint64Value } from "../../src/store/codecs";
import { captureSchemas, type CollectionInfo, type Schema } from "../../src/store/collections";
import { prefixEnd } from "../../src/store/prefix";
import { bech32Prefix } from "../../src/types/address";
import { silentLogger } from "../../src/types/logger";

/** uint64 items that are not id counters: "module/collection" -> why the number is no id. */
const UINT64_ITEMS: Record<string, string> = {
  "consensus/updated_height": "the height the consensus params last changed at, not an id",
  "netting/current_cycle": "points at the open cycle's id; the next id comes from a sequence",
  "staking/last_total_power": "the bonded set's total power at the last end block",
};

/** keySets named like an index of a map that are state in their own right. */
const BY_KEYSETS: Record<string, string> = {
  "group/proposals_by_voting_period_end": "queue of proposals ordered by voting end time",
  "constitution/pending_by_height": "queue of amendments ordered by activation height",
};

interface Declared extends CollectionInfo {
  module: string;
}

function declared(schemas: Schema[]): Declared[] {
  return schemas.flatMap((s) => s.collections().map((c) => ({ ...c, module: s.name.replace(/\/$/, "") })));
}

const where = (c: Declared) => `${c.module}/${c.name}`;

/** Every declaration that breaks a convention, as "module/collection: why". */
function staticViolations(all: Declared[]): string[] {
  const out: string[] = [];
  for (const c of all) {
    const id = where(c);
    if (c.kind === "item" && c.valueCodec === uint64Value && UINT64_ITEMS[id] === undefined) {
      out.push(`${id}: uint64 item (an id counter is schema.sequence)`);
    }
    // Index entries are written by the store's own index code, not declared by the module.
    if (c.kind !== "index" && !isProtoValue(c.valueCodec) && !SCALAR_VALUES.includes(c.valueCodec)) {
      out.push(`${id}: value codec "${c.valueCodec.name}" is neither protoValue(...) nor a shared scalar of src/store/codecs.ts`);
    }
    if (c.kind === "keySet" && /_by_/.test(c.name) && BY_KEYSETS[id] === undefined) {
      out.push(`${id}: keySet named as an index of a map (declare it with indexedMap + multiIndex/uniqueIndex)`);
    }
  }
  return out;
}

/** Whether a key codec has a stringKey component (those are the parts an address could hide in). */
function hasString(codec: KeyCodec<unknown>): boolean {
  return codec === stringKey || (codec.parts ?? []).some(hasString);
}

/** The string components of a decoded key, in key order. */
function stringParts(codec: KeyCodec<unknown>, key: unknown): string[] {
  if (codec === stringKey) return [key as string];
  const parts = codec.parts;
  if (parts === undefined) return [];
  return parts.flatMap((c, i) => stringParts(c, (key as unknown[])[i]));
}

/** A bech32 account, validator or consensus address of this chain, in any letter case. */
function isChainAddress(text: string): boolean {
  const prefixes = [bech32Prefix.account, bech32Prefix.validator, bech32Prefix.consensus];
  try {
    return prefixes.includes(bech32.decode(text, 1023).prefix.toLowerCase());
  } catch {
    return false;
  }
}

const { result: built, schemas } = captureSchemas(() => buildModules());
const collections = declared(schemas);

describe("schema conventions (static)", () => {
  it("reaches every module's schema", () => {
    const withState = new Set(collections.map((c) => c.module));
    // genutil keeps no state of its own; ibc keeps its state at raw ICS-24 paths, which counterparties prove.
    const expected = built.modules.map((m) => m.name).filter((n) => n !== "genutil" && n !== "ibc");
    expect(expected.filter((n) => !withState.has(n))).toEqual([]);
  });

  it("declares ids as sequences, values as proto or shared scalars, indexes as indexedMaps", () => {
    const found = staticViolations(collections);
    if (found.length > 0) console.log(`schema convention violations (${found.length}):\n  ${found.join("\n  ")}`);
    expect(found).toEqual([]);
  });

  it("keeps no stale allowlist entry", () => {
    const uint64Items = new Set(collections.filter((c) => c.kind === "item" && c.valueCodec === uint64Value).map(where));
    const keySets = new Set(collections.filter((c) => c.kind === "keySet").map(where));
    const stale = [
      ...Object.keys(UINT64_ITEMS).filter((id) => !uint64Items.has(id)),
      ...Object.keys(BY_KEYSETS).filter((id) => !keySets.has(id)),
    ];
    expect(stale).toEqual([]);
  });
});

describe("schema conventions (a populated chain)", () => {
  const dir = mkdtempSync(join(tmpdir(), "schema-conv-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("stores no bech32 address as text in any key", async () => {
    await new Simulation({
      seed: 34,
      blocks: 40,
      dir,
      keep: true,
      replica: false,
      restartEvery: 0,
      exportEvery: 0,
      logger: silentLogger,
    }).run();
    const app = await App.open({ dataDir: join(dir, "leader"), modules: buildModules(), logger: silentLogger });
    try {
      const store = app.store.branch();
      const found = new Map<string, { keys: number; example: string }>();
      let checked = 0;
      for (const c of collections) {
        if (c.keyCodec === undefined || !hasString(c.keyCodec)) continue;
        for (const [k] of store.iterator(c.prefix, prefixEnd(c.prefix))) {
          checked++;
          const parts = stringParts(c.keyCodec, c.keyCodec.decode(k.subarray(c.prefix.length)));
          const address = parts.find(isChainAddress);
          if (address === undefined) continue;
          const seen = found.get(where(c)) ?? { keys: 0, example: address };
          seen.keys++;
          found.set(where(c), seen);
        }
      }
      const report = [...found].map(([id, f]) => `${id}: ${f.keys} key(s) with a bech32 address as text, e.g. ${f.example}`);
      if (report.length > 0) console.log(`address string keys (${report.length}):\n  ${report.join("\n  ")}`);
      expect(checked).toBeGreaterThan(0);
      expect(report).toEqual([]);
    } finally {
      await app.close();
    }
  }, 60_000);
});
