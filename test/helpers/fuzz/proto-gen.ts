import { create, ScalarType, toBinary, type DescField, type DescMessage } from "@bufbuild/protobuf";
import { reflect, type ReflectMessage } from "@bufbuild/protobuf/reflect";
import fc from "fast-check";
import { protoRegistry } from "../../../src/codec/proto-json";
import { fuzzBigIntOnce, fuzzStringOnce } from "./values";

/**
 * Random protobuf messages by reflection over the node's descriptor set, so every message type
 * (and every type a later module adds) is fuzzed field by field without a hand-written
 * generator: each field is left unset or given an edge value of its kind, nested messages
 * recurse to a bounded depth and Anys carry another random message of a known type.
 */
export interface ProtoGenEnv {
  /** Strings that make a field meaningful to this chain: funded addresses, valopers, denoms. */
  strings: readonly string[];
  /** Type URLs Anys are packed with (messages, pubkeys, authorizations...). */
  anyTypes: readonly string[];
}

type Gen = fc.GeneratorValue;

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const UINT32 = { min: 0, max: 2 ** 32 - 1 };
const I64_MIN = -(1n << 63n);
const I64_MAX = (1n << 63n) - 1n;

function pick<T>(g: Gen, values: readonly T[]): T {
  return values[g(fc.nat, { max: values.length - 1 })];
}

function scalarValue(g: Gen, scalar: ScalarType, env: ProtoGenEnv): unknown {
  switch (scalar) {
    case ScalarType.STRING:
      return g(fc.boolean) ? pick(g, env.strings) : g(fuzzStringOnce);
    case ScalarType.BYTES:
      return g(fc.boolean) ? new Uint8Array(pick(g, [0, 1, 20, 32, 33, 65])).fill(g(fc.nat, { max: 255 })) : g(fc.uint8Array, { maxLength: 80 });
    case ScalarType.BOOL:
      return g(fc.boolean);
    case ScalarType.INT32: case ScalarType.SINT32: case ScalarType.SFIXED32:
      return g(fc.integer, INT32);
    case ScalarType.UINT32: case ScalarType.FIXED32:
      return g(fc.integer, UINT32);
    case ScalarType.INT64: case ScalarType.SINT64: case ScalarType.SFIXED64: {
      const v = g(fuzzBigIntOnce);
      return g(fc.boolean) ? v : v > I64_MAX ? I64_MIN : -v;
    }
    case ScalarType.UINT64: case ScalarType.FIXED64:
      return g(fuzzBigIntOnce);
    default:
      return g(fc.double);
  }
}

function anyValue(g: Gen, env: ProtoGenEnv, depth: number): { typeUrl: string; value: Uint8Array } {
  const typeUrl = g(fc.nat, { max: 9 }) === 0 ? g(fuzzStringOnce) : pick(g, env.anyTypes);
  const desc = protoRegistry().getMessage(typeUrl.slice(typeUrl.lastIndexOf("/") + 1));
  const value = desc && depth > 0 && g(fc.nat, { max: 4 }) > 0 ? randomMessageBytes(g, desc, env, depth - 1) : g(fc.uint8Array, { maxLength: 60 });
  return { typeUrl, value };
}

function messageValue(g: Gen, desc: DescMessage, env: ProtoGenEnv, depth: number): ReflectMessage {
  if (desc.typeName === "google.protobuf.Any") return reflect(desc, create(desc, anyValue(g, env, depth) as never));
  return reflect(desc, randomMessage(g, desc, env, depth));
}

function setField(g: Gen, r: ReflectMessage, field: DescField, env: ProtoGenEnv, depth: number): void {
  switch (field.fieldKind) {
    case "scalar":
      r.set(field, scalarValue(g, field.scalar, env));
      return;
    case "enum":
      r.set(field, g(fc.boolean) ? pick(g, field.enum.values).number : g(fc.integer, { min: -1, max: 40 }));
      return;
    case "message":
      if (depth > 0) r.set(field, messageValue(g, field.message, env, depth - 1));
      return;
    case "list": {
      const list = r.get(field);
      const n = g(fc.nat, { max: 3 });
      for (let i = 0; i < n; i++) {
        if (field.listKind === "scalar") list.add(scalarValue(g, field.scalar, env));
        else if (field.listKind === "enum") list.add(pick(g, field.enum.values).number);
        else if (depth > 0) list.add(messageValue(g, field.message, env, depth - 1));
      }
      return;
    }
    case "map": {
      const map = r.get(field);
      const n = g(fc.nat, { max: 2 });
      for (let i = 0; i < n; i++) {
        const key = scalarValue(g, field.mapKey, env);
        if (field.mapKind === "scalar") map.set(key, scalarValue(g, field.scalar, env));
        else if (field.mapKind === "enum") map.set(key, pick(g, field.enum.values).number);
        else if (depth > 0) map.set(key, messageValue(g, field.message, env, depth - 1));
      }
    }
  }
}

/**
 * A message with each field set with probability 3/4. `overrides` pins top-level string fields
 * (the signer) so a generated message reaches past the signature checks most of the time.
 */
export function randomMessage(g: Gen, desc: DescMessage, env: ProtoGenEnv, depth = 3, overrides: Record<string, string> = {}) {
  const message = create(desc);
  const r = reflect(desc, message);
  for (const field of desc.fields) {
    if (g(fc.nat, { max: 3 }) === 0) continue;
    try {
      setField(g, r, field, env, depth);
    } catch {
      // A value reflection refuses for this field's type (e.g. a map key kind): leave it unset.
    }
  }
  for (const [name, value] of Object.entries(overrides)) {
    const field = desc.fields.find((f) => f.name === name);
    if (field?.fieldKind === "scalar" && field.scalar === ScalarType.STRING) r.set(field, value);
    else if (field?.fieldKind === "list" && field.listKind === "scalar" && field.scalar === ScalarType.STRING) {
      const list = r.get(field);
      if (list.size === 0) list.add(value);
      else list.set(0, value);
    }
  }
  return message;
}

export function randomMessageBytes(g: Gen, desc: DescMessage, env: ProtoGenEnv, depth = 3, overrides: Record<string, string> = {}): Uint8Array {
  return toBinary(desc, randomMessage(g, desc, env, depth, overrides));
}

