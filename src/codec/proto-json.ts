import { fromBinary, fromJson, toBinary, type JsonValue } from "@bufbuild/protobuf";
import { sdkErrors } from "../types/errors";
import { gatewayJson, gatewayJsonInput } from "./gateway-json";
import { messageDesc, protoRegistry } from "./proto-registry";

export { hasMessage, messageDesc, protoRegistry } from "./proto-registry";

/**
 * JSON by reflection over the descriptor set, in the one form the node speaks everywhere
 * (genesis files, REST, CLI): the SDK's gogo-jsonpb / grpc-gateway form — snake_case names,
 * 64-bit ints as strings, enums by name, bytes base64, Any inlined with "@type", zero values
 * emitted, unset messages null, LegacyDec as "0.500000000000000000".
 */
/** Binary → grpc-gateway JSON. */
export function binaryToJson(typeName: string, bytes: Uint8Array): JsonValue {
  return gatewayJson(typeName, bytes);
}

/** JSON (snake_case or camelCase names) → binary; throws ErrJSONUnmarshal with the reason. */
export function jsonToBinary(typeName: string, json: unknown): Uint8Array {
  const desc = messageDesc(typeName);
  try {
    const message = fromJson(desc, gatewayJsonInput(desc, json as JsonValue), { registry: protoRegistry() });
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
