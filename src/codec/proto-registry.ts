import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createFileRegistry, fromBinary, type DescMessage, type FileRegistry } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { sdkErrors } from "../types/errors";

/** The descriptor set `npm run gen` writes: our protos and the Cosmos SDK protos (0.50 overlay). */
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
