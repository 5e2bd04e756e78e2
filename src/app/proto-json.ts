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
    return toBinary(desc, fromJson(desc, json as JsonValue, { registry: protoRegistry() }));
  } catch (e) {
    throw sdkErrors.ErrJSONUnmarshal.wrap(`${typeName}: ${(e as Error).message}`);
  }
}
