import { getOption, hasOption, type DescField, type DescFile, type DescMessage, type DescMethod } from "@bufbuild/protobuf";
import type { SourceCodeInfo_Location } from "@bufbuild/protobuf/wkt";
import { protoRegistry } from "../../codec/proto-registry";

/**
 * The comments written above messages, fields and rpcs in the .proto files, read from the
 * descriptor set's source info (buf keeps it): what `--help` says about a message and its
 * fields, as the SDK's autocli does.
 */

type Described = DescMessage | DescField | DescMethod;

const byFile = new WeakMap<DescFile, Map<string, SourceCodeInfo_Location>>();

function locations(file: DescFile): Map<string, SourceCodeInfo_Location> {
  let index = byFile.get(file);
  if (!index) {
    index = new Map();
    for (const loc of file.proto.sourceCodeInfo?.location ?? []) index.set(loc.path.join("."), loc);
    byFile.set(file, index);
  }
  return index;
}

/** The element's path in its FileDescriptorProto, as source info keys locations. */
function pathOf(d: Described): number[] {
  switch (d.kind) {
    case "message":
      return d.parent
        ? [...pathOf(d.parent), 3, d.parent.proto.nestedType.indexOf(d.proto)]
        : [4, d.file.proto.messageType.indexOf(d.proto)];
    case "field":
      return [...pathOf(d.parent), 2, d.parent.proto.field.indexOf(d.proto)];
    case "rpc":
      return [6, d.parent.file.proto.service.indexOf(d.parent.proto), 2, d.parent.proto.method.indexOf(d.proto)];
  }
}

function fileOf(d: Described): DescFile {
  return d.kind === "message" ? d.file : d.kind === "field" ? d.parent.file : d.parent.file;
}

/** Paragraphs of the leading comment (else the trailing one), each joined into one line; "" when none. */
export function protoComment(d: Described): string {
  const loc = locations(fileOf(d)).get(pathOf(d).join("."));
  const raw = loc?.leadingComments || loc?.trailingComments || "";
  return raw
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n\n");
}

/** The first sentence: what a one-line listing shows. */
export function firstSentence(text: string): string {
  const paragraph = text.split("\n\n")[0] ?? "";
  const end = /[.!?](\s|$)/.exec(paragraph);
  return (end ? paragraph.slice(0, end.index + 1) : paragraph).trim();
}

/** The message's comment, else its rpc's (an SDK Msg service documents either). */
export function messageComment(typeName: string): string {
  const desc = protoRegistry().getMessage(typeName);
  if (!desc) return "";
  const own = protoComment(desc);
  if (own) return own;
  for (const file of protoRegistry().files)
    for (const service of file.services)
      for (const method of service.methods) if (method.input.typeName === typeName && protoComment(method)) return protoComment(method);
  return "";
}

/** What a field's cosmos_proto.scalar says its string holds, e.g. "account address". */
export function scalarHint(f: DescField): string | undefined {
  const ext = protoRegistry().getExtension("cosmos_proto.scalar");
  if (!ext || !hasOption(f, ext)) return undefined;
  const scalar = String(getOption(f, ext));
  return SCALARS[scalar];
}

const SCALARS: Record<string, string> = {
  "cosmos.AddressString": "account address (yml1...)",
  "cosmos.ValidatorAddressString": "validator operator address (ymlvaloper1...)",
  "cosmos.ConsensusAddressString": "consensus address (ymlvalcons1...)",
  "cosmos.Dec": "decimal, e.g. 0.5",
  "cosmos.Int": "integer amount",
};
