import { ScalarType, type DescField, type DescMessage } from "@bufbuild/protobuf";
import { protoRegistry } from "../../codec/proto-json";
import type { Codec } from "../../types/codec";
import { kebab, snake } from "./names";
import { protoComment, scalarHint } from "./proto-docs";

/**
 * How a CLI value becomes a field value: scalars by type, coins from "100uyml,5ufoo",
 * anything structured as JSON (inline or @file).
 */
export type FieldKind = "string" | "int" | "int64" | "bool" | "bytes" | "enum" | "coin" | "coins" | "json";

export interface CliField {
  /** Proto name, snake_case: the key in grpc-gateway JSON. */
  name: string;
  /** Property name in the generated codecs (camelCase). */
  localName: string;
  /** Flag name without dashes; structured fields take `--<name>-json`. */
  flag: string;
  kind: FieldKind;
  /** A repeated scalar: the flag repeats or takes a comma list. */
  repeated: boolean;
  enumValues?: string[];
  /** The proto comment, or the type when there is none. */
  doc: string;
  /**
   * "descriptor": read from the proto descriptor set. "codec": only in the codec (the descriptor
   * set carries an older Cosmos SDK schema for this type), filled through the codec's JSON.
   */
  source: "descriptor" | "codec";
}

export interface MessageSchema {
  typeName: string;
  desc?: DescMessage;
  codec?: Codec<any>;
  fields: CliField[];
  /** True when some field is known only to the codec: JSON goes through the codec then. */
  needsCodec: boolean;
}

const COIN = "cosmos.base.v1beta1.Coin";
const INT64 = new Set([ScalarType.INT64, ScalarType.UINT64, ScalarType.SINT64, ScalarType.FIXED64, ScalarType.SFIXED64]);
const cache = new Map<string, MessageSchema>();

export function schemaOf(typeName: string, codec?: Codec<any>): MessageSchema {
  const hit = cache.get(typeName);
  if (hit && (hit.codec || !codec)) return hit;
  const desc = protoRegistry().getMessage(typeName);
  const fields = desc ? desc.fields.map(descriptorField) : [];
  if (codec) {
    const known = new Set([...(desc?.fields.map((f) => f.localName) ?? []), ...(desc?.oneofs.map((o) => o.localName) ?? [])]);
    const defaults = codec.fromPartial({}) as Record<string, unknown>;
    for (const key of Object.keys(defaults)) if (!known.has(key)) fields.push(codecField(codec, key, defaults[key]));
  }
  const schema: MessageSchema = {
    typeName,
    desc,
    codec,
    fields,
    needsCodec: fields.some((f) => f.source === "codec") || (!desc && codec !== undefined),
  };
  cache.set(typeName, schema);
  return schema;
}

function descriptorField(f: DescField): CliField {
  const base = { name: f.name, localName: f.localName, flag: kebab(f.name), repeated: false, source: "descriptor" as const };
  const doc = comment(f);
  switch (f.fieldKind) {
    case "scalar":
      return { ...base, kind: scalarKind(f.scalar), doc: doc || scalarDoc(f.scalar) };
    case "enum":
      return {
        ...base,
        kind: "enum",
        enumValues: f.enum.values.map((v) => v.name),
        doc: doc || `one of ${f.enum.values.map((v) => v.name).join("|")}`,
      };
    case "message":
      if (f.message.typeName === COIN) return { ...base, kind: "coin", doc: doc || "coin, e.g. 100uyml" };
      return { ...base, flag: `${base.flag}-json`, kind: "json", doc: `${doc || f.message.typeName} (JSON, or @file)` };
    case "list":
      if (f.listKind === "message" && f.message.typeName === COIN)
        return { ...base, kind: "coins", doc: doc || "coins, e.g. 100uyml,5ufoo" };
      if (f.listKind === "message")
        return {
          ...base,
          flag: `${base.flag}-json`,
          kind: "json",
          doc: `${doc || `list of ${f.message.typeName}`} (JSON array, or @file)`,
        };
      if (f.listKind === "enum")
        return { ...base, kind: "enum", repeated: true, enumValues: f.enum.values.map((v) => v.name), doc: doc || "list" };
      return {
        ...base,
        kind: scalarKind(f.scalar),
        repeated: true,
        doc: `${doc || scalarDoc(f.scalar)} (repeat the flag or comma-separate)`,
      };
    case "map":
      return { ...base, flag: `${base.flag}-json`, kind: "json", doc: `${doc || "map"} (JSON object, or @file)` };
  }
}

function scalarKind(t: ScalarType): FieldKind {
  if (t === ScalarType.STRING) return "string";
  if (t === ScalarType.BOOL) return "bool";
  if (t === ScalarType.BYTES) return "bytes";
  if (INT64.has(t)) return "int64";
  return "int";
}

function scalarDoc(t: ScalarType): string {
  const docs: Partial<Record<FieldKind, string>> = {
    string: "string",
    bool: "true|false",
    bytes: "bytes as hex or base64",
    int64: "integer",
    int: "integer",
  };
  return docs[scalarKind(t)] ?? "value";
}

/** Kinds of codec-only fields, read from their default values and what the codec's JSON reader makes of a probe. */
function codecField(codec: Codec<any>, key: string, value: unknown): CliField {
  const base = { name: snake(key), localName: key, flag: kebab(snake(key)), repeated: false, source: "codec" as const };
  const fromJSON = (codec as { fromJSON?: (o: unknown) => Record<string, unknown> }).fromJSON;
  const probe = (v: unknown): unknown => {
    try {
      return fromJSON?.call(codec, { [key]: v })[key];
    } catch {
      return undefined;
    }
  };
  const isCoin = (o: unknown) => typeof o === "object" && o !== null && Object.keys(o).sort().join() === "amount,denom";
  if (typeof value === "string") return { ...base, kind: "string", doc: "string" };
  if (typeof value === "bigint") return { ...base, kind: "int64", doc: "integer" };
  if (typeof value === "number") return { ...base, kind: "int", doc: "integer (or enum name)" };
  if (typeof value === "boolean") return { ...base, kind: "bool", doc: "true|false" };
  if (value instanceof Uint8Array) return { ...base, kind: "bytes", doc: "bytes as hex or base64" };
  if (Array.isArray(value)) {
    const element = (probe(["1"]) as unknown[] | undefined)?.[0];
    if (typeof element === "string") return { ...base, kind: "string", repeated: true, doc: "list (repeat the flag or comma-separate)" };
    if (typeof element === "bigint") return { ...base, kind: "int64", repeated: true, doc: "integers (repeat the flag or comma-separate)" };
    if (isCoin((probe([{}]) as unknown[] | undefined)?.[0])) return { ...base, kind: "coins", doc: "coins, e.g. 100uyml,5ufoo" };
    return { ...base, flag: `${base.flag}-json`, kind: "json", doc: "list (JSON array, or @file)" };
  }
  if (isCoin(value ?? probe({}))) return { ...base, kind: "coin", doc: "coin, e.g. 100uyml" };
  return { ...base, flag: `${base.flag}-json`, kind: "json", doc: "JSON, or @file" };
}

/** The field's proto comment, else what its cosmos_proto.scalar says it holds. */
function comment(f: DescField): string {
  return protoComment(f).replace(/\n\n/g, " ") || scalarHint(f) || "";
}
