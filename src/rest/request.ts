import { fromJson, toBinary, ScalarType, type DescField, type DescMessage, type JsonObject, type JsonValue } from "@bufbuild/protobuf";
import { protoRegistry } from "../codec/proto-json";
import { restErrors } from "./errors";

/**
 * Builds a query request message from a route's path parameters and query string, the way
 * grpc-gateway's PopulateQueryParameters does: `{name}` and `a.b.c=` address fields by their
 * proto names through nested messages (`pagination.limit`), scalars are parsed by field type
 * (64-bit integers from decimal strings, bools, enums by name or number, bytes base64) and a
 * repeated field takes every occurrence. Anything malformed is InvalidArgument.
 */
export type QueryValues = Record<string, string | string[] | undefined>;

const MAX_PARAM_LENGTH = 4096;

function fieldByName(desc: DescMessage, name: string): DescField | undefined {
  return desc.fields.find((f) => f.name === name) ?? desc.fields.find((f) => f.jsonName === name);
}

function scalarJson(field: DescField, raw: string): JsonValue {
  const kind = field.fieldKind === "list" ? field.listKind : field.fieldKind;
  if (kind === "enum") return /^-?\d+$/.test(raw) ? Number(raw) : raw;
  const scalar = (field as { scalar?: ScalarType }).scalar;
  switch (scalar) {
    case ScalarType.BOOL:
      if (raw === "true" || raw === "1") return true;
      if (raw === "false" || raw === "0" || raw === "") return false;
      throw restErrors.invalidArgument(`${field.name}: ${JSON.stringify(raw.slice(0, 64))} is not a bool`);
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      if (!/^-?\d+$/.test(raw)) throw restErrors.invalidArgument(`${field.name}: ${JSON.stringify(raw.slice(0, 64))} is not an integer`);
      return Number(raw);
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return Number(raw);
    case ScalarType.BYTES:
      // A '+' of standard base64 arrives as a space when the client did not percent-encode it.
      return raw.replace(/ /g, "+");
    default:
      return raw;
  }
}

function assign(desc: DescMessage, target: JsonObject, path: string[], values: string[], source: string): void {
  const field = fieldByName(desc, path[0]);
  if (!field) return; // grpc-gateway ignores parameters that name no field
  if (path.length > 1) {
    if (field.fieldKind !== "message") throw restErrors.invalidArgument(`${source}: ${field.name} is not a message`);
    const child = (target[field.name] ??= {}) as JsonObject;
    assign(field.message, child, path.slice(1), values, source);
    return;
  }
  if (field.fieldKind === "message" || field.fieldKind === "map" || (field.fieldKind === "list" && field.listKind === "message")) {
    throw restErrors.invalidArgument(`${source}: message field ${field.name} cannot be set from a parameter`);
  }
  if (field.fieldKind === "list") {
    const prev = (target[field.name] as JsonValue[] | undefined) ?? [];
    target[field.name] = [...prev, ...values.map((v) => scalarJson(field, v))];
    return;
  }
  if (values.length > 1) throw restErrors.invalidArgument(`${source}: ${field.name} given more than once`);
  target[field.name] = scalarJson(field, values[0]);
}

export function buildRequest(desc: DescMessage, pathParams: Record<string, string>, query: QueryValues): Uint8Array {
  const json: JsonObject = {};
  const put = (key: string, raw: string | string[] | undefined, source: string) => {
    if (raw === undefined) return;
    const values = Array.isArray(raw) ? raw : [raw];
    for (const v of values) if (v.length > MAX_PARAM_LENGTH) throw restErrors.invalidArgument(`${source} is too long`);
    assign(desc, json, key.split("."), values, source);
  };
  for (const [key, raw] of Object.entries(query)) {
    if (key in pathParams) continue;
    put(key, raw, `query parameter ${key.slice(0, 64)}`);
  }
  for (const [key, raw] of Object.entries(pathParams)) put(key, raw, `path parameter ${key}`);
  try {
    return toBinary(desc, fromJson(desc, json, { registry: protoRegistry() }));
  } catch (e) {
    throw restErrors.invalidArgument(`invalid request parameters: ${(e as Error).message.slice(0, 300)}`);
  }
}
