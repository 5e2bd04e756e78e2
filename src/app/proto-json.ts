import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createFileRegistry, fromBinary, fromJson, toBinary, toJson, type DescMessage, type FileRegistry, type JsonValue } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { sdkErrors } from "../types/errors";

/**
 * Proto3 JSON by reflection over the descriptor set `npm run gen` writes: our protos and the
 * Cosmos SDK protos. This one mechanism gives genesis files, REST bodies and CLI output the
 * grpc-gateway form (snake_case names, 64-bit ints as strings, enums by name, bytes base64,
 * Any inlined with "@type", zero values emitted).
 */
let registry: FileRegistry | undefined;

export function protoRegistry(): FileRegistry {
  if (!registry) {
    const path = fileURLToPath(new URL("../gen/descriptors.binpb", import.meta.url));
    registry = createFileRegistry(fromBinary(FileDescriptorSetSchema, readFileSync(path)));
  }
  return registry;
}

export function messageDesc(typeName: string): DescMessage {
  const desc = protoRegistry().getMessage(typeName.replace(/^\//, ""));
  if (!desc) throw sdkErrors.ErrUnknownRequest.wrap(`unknown proto message ${typeName}`);
  return desc;
}

export function hasMessage(typeName: string): boolean {
  return protoRegistry().getMessage(typeName.replace(/^\//, "")) !== undefined;
}

/** Binary → grpc-gateway JSON. */
export function binaryToJson(typeName: string, bytes: Uint8Array): JsonValue {
  const desc = messageDesc(typeName);
  const reg = protoRegistry();
  return toJson(desc, fromBinary(desc, bytes, { readUnknownFields: false }), {
    registry: reg,
    alwaysEmitImplicit: true,
    useProtoFieldName: true,
  });
}

/** JSON (snake_case or camelCase names) → binary; throws ErrJSONUnmarshal with the reason. */
export function jsonToBinary(typeName: string, json: unknown): Uint8Array {
  const desc = messageDesc(typeName);
  try {
    const message = fromJson(desc, json as JsonValue, { registry: protoRegistry() });
    cosmosTypeUrls(message);
    return toBinary(desc, message);
  } catch (e) {
    throw sdkErrors.ErrJSONUnmarshal.wrap(`${typeName}: ${(e as Error).message}`);
  }
}

const ANY = "google.protobuf.Any";

/**
 * @bufbuild/protobuf packs Any as "type.googleapis.com/<name>"; Cosmos uses "/<name>". Rewrites
 * every Any in the tree, repacking nested ones so Anys inside Any values are fixed too.
 */
function cosmosTypeUrls(value: unknown): void {
  if (Array.isArray(value)) {
    for (const v of value) cosmosTypeUrls(v);
    return;
  }
  if (value === null || typeof value !== "object" || value instanceof Uint8Array) return;
  const obj = value as Record<string, unknown>;
  if (obj.$typeName === ANY && typeof obj.typeUrl === "string") {
    const name = obj.typeUrl.slice(obj.typeUrl.lastIndexOf("/") + 1);
    const inner = protoRegistry().getMessage(name);
    if (inner && obj.value instanceof Uint8Array) {
      const unpacked = fromBinary(inner, obj.value);
      cosmosTypeUrls(unpacked);
      obj.value = toBinary(inner, unpacked);
    }
    obj.typeUrl = `/${name}`;
    return;
  }
  for (const key of Object.keys(obj)) if (key !== "$typeName") cosmosTypeUrls(obj[key]);
}
