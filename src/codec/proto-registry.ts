import type { DescMessage } from "@bufbuild/protobuf";
import { protoRegistry } from "../types/descriptors";
import { sdkErrors } from "../types/errors";

// The registry itself is loaded in src/types: message and query definitions take their type
// URLs, gRPC paths and REST routes from it.
export { protoRegistry };

export function messageDesc(typeName: string): DescMessage {
  const desc = protoRegistry().getMessage(typeName.replace(/^\//, ""));
  if (!desc) throw sdkErrors.ErrUnknownRequest.wrap(`unknown proto message ${typeName}`);
  return desc;
}

export function hasMessage(typeName: string): boolean {
  return protoRegistry().getMessage(typeName.replace(/^\//, "")) !== undefined;
}
