import { createRequire } from "node:module";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { create, toBinary, ScalarType, type DescField, type DescMessage, type DescEnum } from "@bufbuild/protobuf";
import { protoRegistry } from "../../../src/codec/proto-json";

/**
 * The descriptor set the REST layer reflects over must describe exactly the wire cosmjs-types
 * 0.11 (Cosmos SDK 0.50) speaks. For every message of the packages we serve, a message with
 * every field set to a value unique to that field is encoded from our descriptor and decoded
 * by cosmjs-types; each field must come back under the same name (a wrong number, a wrong type
 * or a missing field shows), and cosmjs-types must know no field our descriptor lacks.
 */
const require = createRequire(import.meta.url);
const cosmjsRoot = join(process.cwd(), "node_modules/cosmjs-types");
const SERVED = [
  "auth",
  "authz",
  "bank",
  "base",
  "crypto",
  "distribution",
  "feegrant",
  "gov",
  "group",
  "slashing",
  "staking",
  "tx",
  "upgrade",
].map((p) => `cosmos.${p}.`);
// Not part of the chain's wire: node-local keyring records, app-wiring module configs, client config.
const NOT_SERVED = [/^cosmos\.crypto\.keyring\./, /\.module\.v1\./, /^cosmos\.tx\.config\./, /^cosmos\.base\.node\./];

interface CosmjsCodec {
  decode(bytes: Uint8Array): Record<string, unknown>;
  fromPartial(o: object): Record<string, unknown>;
}

function loadCosmjs(): { codecs: Map<string, CosmjsCodec>; enums: Map<string, Record<string, unknown>> } {
  const codecs = new Map<string, CosmjsCodec>();
  const enums = new Map<string, Record<string, unknown>>();
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f.endsWith(".js")) {
        const mod = require(p) as Record<string, unknown>;
        if (typeof mod.protobufPackage !== "string") continue;
        for (const [k, v] of Object.entries(mod)) {
          const name = `${mod.protobufPackage}.${k.replace(/_/g, ".")}`;
          if (v && typeof (v as CosmjsCodec).decode === "function" && typeof (v as CosmjsCodec).fromPartial === "function")
            codecs.set(name, v as CosmjsCodec);
          else if (v && typeof v === "object" && !Array.isArray(v)) enums.set(name, v as Record<string, unknown>);
        }
      }
    }
  };
  walk(join(cosmjsRoot, "cosmos"));
  walk(join(cosmjsRoot, "tendermint"));
  return { codecs, enums };
}

const served = (name: string) => SERVED.some((p) => name.startsWith(p)) && !NOT_SERVED.some((r) => r.test(name));

function scalarValue(f: { scalar: ScalarType; number: number; name: string }, salt: number): unknown {
  const n = f.number * 10 + salt;
  switch (f.scalar) {
    case ScalarType.STRING:
      return `${f.name}_${salt}`;
    case ScalarType.BYTES:
      return new Uint8Array([f.number, salt, 9]);
    case ScalarType.BOOL:
      return true;
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return n + 0.5;
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
    case ScalarType.SINT64:
      return BigInt(n);
    default:
      return n;
  }
}

function enumValue(e: DescEnum, f: DescField): number {
  const nonZero = e.values.filter((v) => v.number !== 0);
  return nonZero.length === 0 ? 0 : nonZero[f.number % nonZero.length].number;
}

/** A message with every field set (one case per oneof), to `depth` levels. */
function populate(d: DescMessage, depth: number, salt = 1): any {
  const reg = protoRegistry();
  if (d.typeName === "google.protobuf.Any") {
    const coin = reg.getMessage("cosmos.base.v1beta1.Coin")!;
    return create(d, { typeUrl: "/cosmos.base.v1beta1.Coin", value: toBinary(coin, create(coin, { denom: "u", amount: String(salt) })) });
  }
  if (depth > 4) return create(d);
  const init: Record<string, unknown> = {};
  const one = (f: DescField): unknown => {
    const kind = f.fieldKind === "list" ? f.listKind : f.fieldKind;
    if (kind === "scalar") return scalarValue(f as any, salt);
    if (kind === "enum") return enumValue((f as any).enum, f);
    return populate((f as any).message, depth + 1, salt + 1);
  };
  for (const f of d.fields) {
    if (f.oneof) {
      if (f.oneof.fields[0] === f) init[f.oneof.localName] = { case: f.localName, value: one(f) };
    } else if (f.fieldKind === "list") init[f.localName] = [one(f)];
    else if (f.fieldKind === "map") continue;
    else init[f.localName] = one(f);
  }
  return create(d, init);
}

/** Fields whose value did not reach cosmjs-types under the same name. */
function mismatches(d: DescMessage, ours: any, theirs: any, path: string, out: string[]): void {
  if (d.typeName === "google.protobuf.Timestamp" || d.typeName === "google.protobuf.Duration") {
    if (theirs?.seconds !== ours.seconds || (theirs?.nanos ?? 0) !== ours.nanos) out.push(path);
    return;
  }
  for (const f of d.fields) {
    const mine = f.oneof ? (ours[f.oneof.localName]?.case === f.localName ? ours[f.oneof.localName].value : undefined) : ours[f.localName];
    if (mine === undefined || f.fieldKind === "map") continue;
    const their = theirs?.[f.localName];
    const at = `${path}.${f.name}`;
    const kind = f.fieldKind === "list" ? f.listKind : f.fieldKind;
    const same = (a: unknown, b: unknown, sub: string) => {
      if (kind === "message") return mismatches((f as any).message, a, b, sub, out);
      const eq = a instanceof Uint8Array ? b instanceof Uint8Array && Buffer.from(a).equals(Buffer.from(b)) : a === b;
      if (!eq) out.push(`${sub} (${String(a)} vs ${String(b)})`);
    };
    if (f.fieldKind === "list") {
      if (!Array.isArray(their) || their.length !== mine.length) {
        out.push(`${at} (list)`);
        continue;
      }
      mine.forEach((v: unknown, i: number) => same(v, their[i], `${at}[${i}]`));
    } else same(mine, their, at);
  }
}

describe("SDK 0.50 overlay: descriptors match cosmjs-types", () => {
  const { codecs, enums } = loadCosmjs();
  const reg = protoRegistry();
  const messages: DescMessage[] = [];
  const enumDescs: DescEnum[] = [];
  for (const t of reg) {
    if (t.kind === "message" && served(t.typeName)) messages.push(t);
    if (t.kind === "enum" && served(t.typeName)) enumDescs.push(t);
  }

  it("knows every message cosmjs-types has in the served packages", () => {
    const missing = [...codecs.keys()].filter((n) => served(n) && !reg.getMessage(n));
    expect(missing).toEqual([]);
  });

  it("has every field cosmjs-types has, and no other", () => {
    const bad: string[] = [];
    for (const d of messages) {
      const codec = codecs.get(d.typeName);
      if (!codec) continue;
      const theirs = Object.keys(codec.fromPartial({})).sort();
      const ours = d.fields.map((f) => f.localName).sort();
      if (JSON.stringify(theirs) !== JSON.stringify(ours)) bad.push(`${d.typeName}: cosmjs [${theirs}] ours [${ours}]`);
    }
    expect(bad).toEqual([]);
  });

  it("numbers and types every field as cosmjs-types does (fully populated messages decode field for field)", () => {
    const bad: string[] = [];
    let checked = 0;
    for (const d of messages) {
      const codec = codecs.get(d.typeName);
      if (!codec) continue;
      const ours = populate(d, 0);
      mismatches(d, ours, codec.decode(toBinary(d, ours)), d.typeName, bad);
      checked++;
    }
    expect(bad).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });

  it("names and numbers enum values as cosmjs-types does", () => {
    const bad: string[] = [];
    for (const e of enumDescs) {
      const theirs = enums.get(e.typeName);
      if (!theirs) continue;
      for (const v of e.values) if (theirs[v.name] !== v.number) bad.push(`${e.typeName}.${v.name}`);
    }
    expect(bad).toEqual([]);
  });
});
