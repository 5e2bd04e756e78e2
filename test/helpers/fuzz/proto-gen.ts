import { create, ScalarType, toBinary, type DescField, type DescMessage } from "@bufbuild/protobuf";
import { reflect, type ReflectMessage } from "@bufbuild/protobuf/reflect";
import { protoRegistry } from "../../../src/codec/proto-json";
import { Draw } from "./values";

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

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const UINT32 = { min: 0, max: 2 ** 32 - 1 };
const I64_MIN = -(1n << 63n);
const I64_MAX = (1n << 63n) - 1n;

function scalarValue(d: Draw, scalar: ScalarType, env: ProtoGenEnv): unknown {
  switch (scalar) {
    case ScalarType.STRING:
      return d.bool() ? d.pick(env.strings) : d.string();
    case ScalarType.BYTES:
      return d.bool() ? new Uint8Array(d.pick([0, 1, 20, 32, 33, 65])).fill(d.nat(255)) : d.bytes(80);
    case ScalarType.BOOL:
      return d.bool();
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return d.int(INT32.min, INT32.max);
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return d.int(UINT32.min, UINT32.max);
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64: {
      const v = d.bigint();
      return d.bool() ? v : v > I64_MAX ? I64_MIN : -v;
    }
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return d.bigint();
    default:
      return d.int(-1_000_000, 1_000_000) / 7;
  }
}

function anyValue(d: Draw, env: ProtoGenEnv, depth: number): { typeUrl: string; value: Uint8Array } {
  const typeUrl = d.nat(9) === 0 ? d.string() : d.pick(env.anyTypes);
  const desc = protoRegistry().getMessage(typeUrl.slice(typeUrl.lastIndexOf("/") + 1));
  const value = desc && depth > 0 && d.nat(4) > 0 ? randomMessageBytes(d, desc, env, depth - 1) : d.bytes(60);
  return { typeUrl, value };
}

function messageValue(d: Draw, desc: DescMessage, env: ProtoGenEnv, depth: number): ReflectMessage {
  if (desc.typeName === "google.protobuf.Any") return reflect(desc, create(desc, anyValue(d, env, depth) as never));
  return reflect(desc, randomMessage(d, desc, env, depth));
}

function setField(d: Draw, r: ReflectMessage, field: DescField, env: ProtoGenEnv, depth: number): void {
  switch (field.fieldKind) {
    case "scalar":
      r.set(field, scalarValue(d, field.scalar, env));
      return;
    case "enum":
      r.set(field, d.bool() ? d.pick(field.enum.values).number : d.int(-1, 40));
      return;
    case "message":
      if (depth > 0) r.set(field, messageValue(d, field.message, env, depth - 1));
      return;
    case "list": {
      const list = r.get(field);
      const n = d.nat(3);
      for (let i = 0; i < n; i++) {
        if (field.listKind === "scalar") list.add(scalarValue(d, field.scalar, env));
        else if (field.listKind === "enum") list.add(d.pick(field.enum.values).number);
        else if (depth > 0) list.add(messageValue(d, field.message, env, depth - 1));
      }
      return;
    }
    case "map": {
      const map = r.get(field);
      const n = d.nat(2);
      for (let i = 0; i < n; i++) {
        const key = scalarValue(d, field.mapKey, env);
        if (field.mapKind === "scalar") map.set(key, scalarValue(d, field.scalar, env));
        else if (field.mapKind === "enum") map.set(key, d.pick(field.enum.values).number);
        else if (depth > 0) map.set(key, messageValue(d, field.message, env, depth - 1));
      }
    }
  }
}

/**
 * A message with each field set with probability 3/4. `overrides` pins top-level string fields
 * (the signer) so a generated message reaches past the signature checks most of the time.
 */
export function randomMessage(d: Draw, desc: DescMessage, env: ProtoGenEnv, depth = 3, overrides: Record<string, string> = {}) {
  const message = create(desc);
  const r = reflect(desc, message);
  for (const field of desc.fields) {
    if (d.nat(3) === 0) continue;
    try {
      setField(d, r, field, env, depth);
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

export function randomMessageBytes(
  d: Draw,
  desc: DescMessage,
  env: ProtoGenEnv,
  depth = 3,
  overrides: Record<string, string> = {},
): Uint8Array {
  return toBinary(desc, randomMessage(d, desc, env, depth, overrides));
}
