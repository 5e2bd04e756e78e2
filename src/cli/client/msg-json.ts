import type { JsonValue } from "@bufbuild/protobuf";
import { binaryToJson, hasMessage, jsonToBinary } from "../../codec/proto-json";
import type { AnyMsg, Codec } from "../../types/codec";
import { catalogue } from "./catalogue";
import { camel, snake } from "./names";
import { UsageError } from "./output";
import { schemaOf, type MessageSchema } from "./schema";

/**
 * JSON ⇄ binary for one message. Types the descriptor set covers use grpc-gateway JSON by
 * reflection. Types it lacks or carries in an older Cosmos SDK schema go through their codec's
 * JSON (cosmjs-types, Cosmos SDK v0.50), with keys snake_cased and Anys inlined as "@type", so
 * no field a user set is dropped on the way to the wire.
 */
type CodecJson = Codec<any> & { toJSON(m: unknown): unknown; fromJSON(o: unknown): unknown };

function jsonCodec(schema: MessageSchema): CodecJson {
  const c = schema.codec as Partial<CodecJson> | undefined;
  if (!c?.toJSON || !c.fromJSON) throw new UsageError(`no JSON form known for ${schema.typeName}`);
  return c as CodecJson;
}

export function messageToJson(schema: MessageSchema, bytes: Uint8Array): JsonValue {
  if (!schema.needsCodec) return binaryToJson(schema.typeName, bytes);
  const codec = jsonCodec(schema);
  return fromCodecJson(codec.toJSON(codec.decode(bytes)));
}

export function messageFromJson(schema: MessageSchema, json: unknown): Uint8Array {
  if (!schema.needsCodec) return jsonToBinary(schema.typeName, json);
  const codec = jsonCodec(schema);
  return codec.encode(codec.fromJSON(toCodecJson(json))).finish();
}

/**
 * Encodes a message from values already in JSON form: descriptor fields in `protoJson`
 * (snake_case), codec-only fields in `codecJson` (keyed by their proto name too).
 */
export function encodeMessage(schema: MessageSchema, protoJson: Record<string, unknown>, codecJson: Record<string, unknown>): Uint8Array {
  if (!schema.needsCodec) return jsonToBinary(schema.typeName, protoJson);
  const codec = jsonCodec(schema);
  const base = schema.desc ? codec.decode(jsonToBinary(schema.typeName, protoJson)) : codec.fromPartial({});
  const patch = codec.fromJSON(toCodecJson(codecJson)) as Record<string, unknown>;
  for (const key of Object.keys(codecJson)) base[camel(key)] = patch[camel(key)];
  return codec.encode(codec.fromPartial(base)).finish();
}

function schemaForType(typeUrl: string): MessageSchema | undefined {
  const msg = catalogue().msgByType(typeUrl);
  if (msg) return msg.schema;
  const name = typeUrl.slice(typeUrl.lastIndexOf("/") + 1);
  return hasMessage(name) ? schemaOf(name) : undefined;
}

export function anyToJson(any: AnyMsg): JsonValue {
  const schema = schemaForType(any.typeUrl);
  if (!schema) return { type_url: any.typeUrl, value: Buffer.from(any.value).toString("base64") };
  const body = messageToJson(schema, any.value) as Record<string, JsonValue>;
  return { "@type": any.typeUrl, ...body };
}

export function anyFromJson(json: unknown): AnyMsg {
  if (typeof json !== "object" || json === null || Array.isArray(json))
    throw new UsageError(`expected a JSON object with "@type", got ${JSON.stringify(json)?.slice(0, 80)}`);
  const { "@type": typeUrl, ...rest } = json as Record<string, unknown>;
  if (typeof typeUrl !== "string") {
    const raw = json as { type_url?: string; typeUrl?: string; value?: string };
    if (typeof (raw.type_url ?? raw.typeUrl) === "string")
      return { typeUrl: (raw.type_url ?? raw.typeUrl)!, value: new Uint8Array(Buffer.from(raw.value ?? "", "base64")) };
    throw new UsageError(`message JSON lacks "@type": ${JSON.stringify(json).slice(0, 80)}`);
  }
  const url = typeUrl.startsWith("/") ? typeUrl : `/${typeUrl.slice(typeUrl.lastIndexOf("/") + 1)}`;
  const schema = schemaForType(url);
  if (!schema) throw new UsageError(`unknown message type ${typeUrl}`);
  return { typeUrl: url, value: messageFromJson(schema, rest) };
}

/** Codec JSON (camelCase, Any as {typeUrl, value}) → snake_case with inlined Anys. */
function fromCodecJson(v: unknown): JsonValue {
  if (Array.isArray(v)) return v.map(fromCodecJson);
  if (v === null || typeof v !== "object") return (v ?? null) as JsonValue;
  const o = v as Record<string, unknown>;
  if (Object.keys(o).sort().join() === "typeUrl,value" && typeof o.typeUrl === "string") {
    return anyToJson({ typeUrl: o.typeUrl, value: new Uint8Array(Buffer.from(String(o.value), "base64")) });
  }
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [snake(k), fromCodecJson(x)]));
}

/** The reverse: camelCase keys, "@type" objects packed into {typeUrl, value} for the codec's reader. */
function toCodecJson(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(toCodecJson);
  if (v === null || typeof v !== "object") return v;
  const o = v as Record<string, unknown>;
  if (typeof o["@type"] === "string") {
    const any = anyFromJson(o);
    return { typeUrl: any.typeUrl, value: Buffer.from(any.value).toString("base64") };
  }
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [camel(k), toCodecJson(x)]));
}
