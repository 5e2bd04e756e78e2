import { readFileSync } from "node:fs";
import { createFileRegistry, fromBinary, getOption, hasOption, type DescMethod, type FileRegistry } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { packageFile } from "./package-files";

/** The descriptor set `npm run gen` writes: our protos and the Cosmos SDK protos (0.50 overlay). */
let registry: FileRegistry | undefined;

export function protoRegistry(): FileRegistry {
  if (!registry) {
    registry = createFileRegistry(fromBinary(FileDescriptorSetSchema, readFileSync(packageFile("descriptorSet"))));
  }
  return registry;
}

/** A generated codec names its message: cosmjs-types as `typeUrl`, our ts-proto output as `$type`. */
export interface NamedCodec {
  readonly typeUrl?: string;
  readonly $type?: string;
}

/** "/<full.proto.Name>" of the message a generated codec encodes. */
export function typeUrlOf(codec: NamedCodec): string {
  if (codec.typeUrl) return codec.typeUrl;
  if (codec.$type) return `/${codec.$type}`;
  throw new Error("codec carries no proto type name (typeUrl or $type): not a generated codec");
}

/** The rpc a message is the request of, keyed by the request's full name; built once. */
let rpcsByInput: Map<string, DescMethod[]> | undefined;

function rpcsTaking(typeName: string): DescMethod[] {
  if (!rpcsByInput) {
    rpcsByInput = new Map();
    for (const file of protoRegistry().files) {
      for (const service of file.services) {
        for (const method of service.methods) {
          const list = rpcsByInput.get(method.input.typeName) ?? [];
          list.push(method);
          rpcsByInput.set(method.input.typeName, list);
        }
      }
    }
  }
  return rpcsByInput.get(typeName) ?? [];
}

/** The one rpc whose request message the codec encodes; a missing or shared request type is a wiring bug. */
export function rpcOf(requestCodec: NamedCodec): DescMethod {
  const typeName = typeUrlOf(requestCodec).slice(1);
  const rpcs = rpcsTaking(typeName);
  if (rpcs.length !== 1) throw new Error(`${typeName} is the request of ${rpcs.length} rpcs in the descriptor set, not one`);
  return rpcs[0];
}

/** The gRPC path of an rpc: "/<package>.<Service>/<Method>". */
export function grpcPath(rpc: DescMethod): string {
  return `/${rpc.parent.typeName}/${rpc.name}`;
}

/** The rpc's `google.api.http` GET template (grpc-gateway), when the proto carries one. */
export function httpGetRoute(rpc: DescMethod): string | undefined {
  const ext = protoRegistry().getExtension("google.api.http");
  if (!ext || !hasOption(rpc, ext)) return undefined;
  const rule = getOption(rpc, ext) as { pattern?: { case?: string; value?: unknown } };
  return rule.pattern?.case === "get" && typeof rule.pattern.value === "string" ? rule.pattern.value : undefined;
}
