import {
  ScalarType,
  create,
  fromBinary,
  getExtension,
  hasExtension,
  toJson,
  type DescExtension,
  type DescField,
  type DescMessage,
  type JsonObject,
  type JsonValue,
} from "@bufbuild/protobuf";
import { formatLegacyDec, parseLegacyDecText } from "./legacy-dec";
import { messageDesc, protoRegistry } from "./proto-registry";
import { sdkErrors } from "../types/errors";

/**
 * Proto → JSON exactly as the SDK's gateway marshaler (gogo jsonpb, EmitDefaults, OrigName)
 * writes it. @bufbuild's toJson gives the proto3 JSON form; on top of it this restores what gogo
 * does differently: unset message fields appear as null (or as their zero value when the field
 * is gogoproto.nullable=false, a Go value type), and LegacyDec fields (gogoproto.customtype
 * ...Dec, wire = integer scaled by 1e18) render as "0.500000000000000000"; an empty bytes field is
 * null (a nil []byte).
 */

type FieldPlan =
  | { name: string; kind: "plain" }
  | { name: string; kind: "bytes" }
  | { name: string; kind: "dec"; bytes: boolean; list: boolean }
  | { name: string; kind: "message"; desc: DescMessage; list: boolean; map: boolean; nullable: boolean; oneof: boolean };

const plans = new WeakMap<DescMessage, FieldPlan[]>();
let extensions: { customtype?: DescExtension; nullable?: DescExtension } | undefined;

function gogoExtensions(): { customtype?: DescExtension; nullable?: DescExtension } {
  if (!extensions) {
    const reg = protoRegistry();
    extensions = { customtype: reg.getExtension("gogoproto.customtype"), nullable: reg.getExtension("gogoproto.nullable") };
  }
  return extensions;
}

function option<T>(field: DescField, ext: DescExtension | undefined): T | undefined {
  const opts = field.proto.options;
  if (!ext || !opts || !hasExtension(opts, ext)) return undefined;
  return getExtension(opts, ext) as T;
}

function isLegacyDec(field: DescField): boolean {
  const custom = option<string>(field, gogoExtensions().customtype);
  return custom !== undefined && /(^|\.)(Legacy)?Dec$/.test(custom);
}

function planOf(desc: DescMessage): FieldPlan[] {
  let plan = plans.get(desc);
  if (plan) return plan;
  plan = desc.fields.map((f): FieldPlan => {
    const list = f.fieldKind === "list";
    if ((f.fieldKind === "scalar" || (list && f.listKind === "scalar")) && isLegacyDec(f)) {
      return { name: f.name, kind: "dec", bytes: (f as { scalar?: number }).scalar === 12, list };
    }
    if (f.fieldKind === "scalar" && f.scalar === ScalarType.BYTES) return { name: f.name, kind: "bytes" };
    const message =
      f.fieldKind === "message"
        ? f.message
        : list && f.listKind === "message"
          ? f.message
          : f.fieldKind === "map" && f.mapKind === "message"
            ? f.message
            : undefined;
    if (!message) return { name: f.name, kind: "plain" };
    return {
      name: f.name,
      kind: "message",
      desc: message,
      list,
      map: f.fieldKind === "map",
      nullable: option<boolean>(f, gogoExtensions().nullable) !== false,
      oneof: f.oneof !== undefined,
    };
  });
  plans.set(desc, plan);
  return plan;
}

const WKT_STRINGS = new Set(["google.protobuf.Timestamp", "google.protobuf.Duration", "google.protobuf.FieldMask"]);
const WKT_OPAQUE = new Set(["google.protobuf.Struct", "google.protobuf.Value", "google.protobuf.ListValue", "google.protobuf.Empty"]);

function decValue(v: JsonValue, bytes: boolean): JsonValue {
  if (typeof v !== "string") return v;
  return formatLegacyDec(bytes ? Buffer.from(v, "base64").toString("utf8") : v);
}

/** Go's zero value of a non-nullable message, as gogo writes it. */
function zeroValue(desc: DescMessage): JsonValue {
  if (desc.typeName === "google.protobuf.Timestamp") return "0001-01-01T00:00:00Z";
  if (desc.typeName === "google.protobuf.Duration") return "0s";
  return shape(desc, toJson(desc, create(desc), { alwaysEmitImplicit: true, useProtoFieldName: true, registry: protoRegistry() }));
}

function shapeMessage(desc: DescMessage, v: JsonValue): JsonValue {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
  if (desc.typeName === "google.protobuf.Any") return shapeAny(v);
  if (
    WKT_STRINGS.has(desc.typeName) ||
    WKT_OPAQUE.has(desc.typeName) ||
    (desc.typeName.startsWith("google.protobuf.") && desc.typeName.endsWith("Value"))
  )
    return v;
  return shape(desc, v);
}

function shapeAny(v: JsonObject): JsonValue {
  const url = v["@type"];
  if (typeof url !== "string") return v;
  const inner = protoRegistry().getMessage(url.slice(url.lastIndexOf("/") + 1));
  if (!inner) return v;
  if (WKT_STRINGS.has(inner.typeName) || WKT_OPAQUE.has(inner.typeName)) return v;
  const { "@type": _type, ...rest } = v;
  return {
    "@type": url.startsWith("type.googleapis.com/") ? url.slice("type.googleapis.com".length) : url,
    ...(shape(inner, rest) as JsonObject),
  };
}

function shape(desc: DescMessage, json: JsonValue): JsonValue {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return json;
  const out: JsonObject = {};
  for (const p of planOf(desc)) {
    const v = json[p.name];
    if (p.kind === "plain") {
      if (v !== undefined) out[p.name] = v;
    } else if (p.kind === "bytes") {
      // Go leaves an absent bytes field nil, which encoding/json writes as null.
      if (v !== undefined) out[p.name] = v === "" ? null : v;
    } else if (p.kind === "dec") {
      if (v !== undefined) out[p.name] = p.list && Array.isArray(v) ? v.map((x) => decValue(x, p.bytes)) : decValue(v, p.bytes);
    } else if (v === undefined || v === null) {
      if (p.oneof) continue;
      out[p.name] = p.list ? [] : p.map ? {} : p.nullable ? null : zeroValue(p.desc);
    } else if (p.list && Array.isArray(v)) {
      out[p.name] = v.map((x) => shapeMessage(p.desc, x));
    } else if (p.map && typeof v === "object" && !Array.isArray(v)) {
      out[p.name] = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shapeMessage(p.desc, x)]));
    } else {
      out[p.name] = shapeMessage(p.desc, v);
    }
  }
  return out;
}

/** Binary message of `typeName` → the gateway's JSON. */
export function gatewayJson(typeName: string, bytes: Uint8Array): JsonValue {
  const desc = messageDesc(typeName);
  try {
    const message = fromBinary(desc, bytes, { readUnknownFields: false });
    return shapeMessage(desc, toJson(desc, message, { alwaysEmitImplicit: true, useProtoFieldName: true, registry: protoRegistry() }));
  } catch (e) {
    // Bytes that decode but have no JSON form (a Duration past ±10000 years or with nanos ≥ 1s,
    // found by fuzzing) fail as a coded error rather than the library's RangeError.
    throw sdkErrors.ErrJSONMarshal.wrap(`${typeName}: ${(e as Error).message}`);
  }
}

/** The gateway JSON of a message descriptor's zero value (for docs and shape checks). */
export function gatewayZeroJson(desc: DescMessage): JsonValue {
  return zeroValue(desc);
}

function decInput(v: JsonValue, bytes: boolean): JsonValue {
  if (typeof v !== "string") return v;
  const wire = parseLegacyDecText(v);
  return bytes ? Buffer.from(wire, "utf8").toString("base64") : wire;
}

function inputMessage(desc: DescMessage, v: JsonValue): JsonValue {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
  if (desc.typeName === "google.protobuf.Any") {
    const url = v["@type"];
    const inner = typeof url === "string" ? protoRegistry().getMessage(url.slice(url.lastIndexOf("/") + 1)) : undefined;
    if (!inner || WKT_STRINGS.has(inner.typeName) || WKT_OPAQUE.has(inner.typeName)) return v;
    const { "@type": type, ...rest } = v;
    return { "@type": type, ...(inputFields(inner, rest) as JsonObject) };
  }
  if (desc.typeName.startsWith("google.protobuf.")) return v;
  return inputFields(desc, v);
}

/**
 * The inverse of the gateway shaping, applied before proto3 JSON parsing: LegacyDec fields in
 * their JSON text ("0.05", "1") become the wire form (integer scaled by 1e18). Everything else
 * (nulls, zero values) proto3 JSON parsing already accepts.
 */
export function gatewayJsonInput(desc: DescMessage, json: JsonValue): JsonValue {
  return inputMessage(desc, json);
}

function inputFields(desc: DescMessage, json: JsonValue): JsonValue {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return json;
  const out: JsonObject = { ...json };
  for (const p of planOf(desc)) {
    const key: string | undefined = p.name in json ? p.name : desc.fields.find((f) => f.name === p.name)?.jsonName;
    if (key === undefined || !(key in json)) continue;
    const v = json[key];
    if (p.kind === "dec") out[key] = p.list && Array.isArray(v) ? v.map((x) => decInput(x, p.bytes)) : decInput(v, p.bytes);
    else if (p.kind === "message" && v !== null && v !== undefined) {
      if (p.list && Array.isArray(v)) out[key] = v.map((x) => inputMessage(p.desc, x));
      else if (p.map && typeof v === "object" && !Array.isArray(v))
        out[key] = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, inputMessage(p.desc, x)]));
      else out[key] = inputMessage(p.desc, v);
    }
  }
  return out;
}
