import { ScalarType, type DescField, type DescMessage } from "@bufbuild/protobuf";

const INT64 = new Set([ScalarType.INT64, ScalarType.UINT64, ScalarType.SINT64, ScalarType.FIXED64, ScalarType.SFIXED64]);
const STRING_WKT = new Set(["google.protobuf.Timestamp", "google.protobuf.Duration"]);

function kindOk(f: DescField, kind: string | undefined, v: unknown): boolean {
  if (kind === "message") {
    const m = (f as { message: DescMessage }).message;
    if (STRING_WKT.has(m.typeName)) return typeof v === "string" || v === null;
    return v === null || (typeof v === "object" && !Array.isArray(v));
  }
  if (kind === "enum") return typeof v === "string";
  const scalar = (f as { scalar: ScalarType }).scalar;
  if (INT64.has(scalar)) return typeof v === "string" && /^-?\d+$/.test(v);
  if (scalar === ScalarType.BYTES) return typeof v === "string" || v === null;
  if (scalar === ScalarType.STRING) return typeof v === "string";
  if (scalar === ScalarType.BOOL) return typeof v === "boolean";
  return typeof v === "number";
}

/** Problems with a gateway JSON object against its descriptor's top-level fields. */
export function shapeProblems(desc: DescMessage, json: unknown): string[] {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return [`${desc.typeName}: not an object`];
  const obj = json as Record<string, unknown>;
  const out: string[] = [];
  for (const f of desc.fields) {
    if (f.oneof) continue;
    if (!(f.name in obj)) {
      out.push(`${desc.typeName}.${f.name} missing`);
      continue;
    }
    const v = obj[f.name];
    if (f.fieldKind === "list") {
      if (!Array.isArray(v)) out.push(`${desc.typeName}.${f.name} is not an array`);
      else if (v.some((x) => !kindOk(f, f.listKind, x))) out.push(`${desc.typeName}.${f.name} has an element of the wrong kind`);
    } else if (f.fieldKind === "map") {
      if (v === null || typeof v !== "object") out.push(`${desc.typeName}.${f.name} is not an object`);
    } else if (!kindOk(f, f.fieldKind, v)) out.push(`${desc.typeName}.${f.name} has the wrong kind: ${JSON.stringify(v)?.slice(0, 80)}`);
  }
  return out;
}
