import type { DescField, DescMessage } from "@bufbuild/protobuf";
import { ScalarType } from "@bufbuild/protobuf";
import { messageDesc } from "../codec/proto-json";
import { pathParamNames, type QueryRoute } from "./routes";

type Schema = Record<string, unknown>;

/** A route served outside the module query table (tx service, CometBFT service). */
export interface ExtraRoute {
  method: "get" | "post";
  template: string;
  summary: string;
  tag: string;
  request?: string;
  response: string;
  query?: string[];
}

const INT64 = new Set([ScalarType.INT64, ScalarType.UINT64, ScalarType.SINT64, ScalarType.FIXED64, ScalarType.SFIXED64]);

function scalarSchema(f: DescField): Schema {
  const scalar = (f as { scalar?: ScalarType }).scalar;
  if (scalar === undefined) return { type: "string" };
  if (INT64.has(scalar))
    return { type: "string", format: scalar === ScalarType.UINT64 || scalar === ScalarType.FIXED64 ? "uint64" : "int64" };
  if (scalar === ScalarType.BOOL) return { type: "boolean" };
  if (scalar === ScalarType.BYTES) return { type: "string", format: "byte" };
  if (scalar === ScalarType.STRING) return { type: "string" };
  if (scalar === ScalarType.DOUBLE || scalar === ScalarType.FLOAT) return { type: "number" };
  return { type: "integer", format: scalar === ScalarType.UINT32 || scalar === ScalarType.FIXED32 ? "int64" : "int32" };
}

const WKT: Record<string, Schema> = {
  "google.protobuf.Timestamp": { type: "string", format: "date-time" },
  "google.protobuf.Duration": { type: "string", example: "1.5s" },
  "google.protobuf.Any": { type: "object", properties: { "@type": { type: "string" } }, additionalProperties: true },
};

/** OpenAPI 3 components built from message descriptors, by reference. */
class Schemas {
  readonly components: Record<string, Schema> = {};

  ref(desc: DescMessage): Schema {
    if (WKT[desc.typeName]) return WKT[desc.typeName];
    if (!this.components[desc.typeName]) {
      this.components[desc.typeName] = {};
      const properties: Record<string, Schema> = {};
      for (const f of desc.fields) properties[f.name] = this.field(f);
      this.components[desc.typeName] = { type: "object", properties };
    }
    return { $ref: `#/components/schemas/${desc.typeName}` };
  }

  private element(f: DescField, kind: string | undefined): Schema {
    if (kind === "message") return this.ref((f as { message: DescMessage }).message);
    if (kind === "enum") return { type: "string", enum: (f as any).enum.values.map((v: { name: string }) => v.name) };
    return scalarSchema(f);
  }

  field(f: DescField): Schema {
    if (f.fieldKind === "list") return { type: "array", items: this.element(f, f.listKind) };
    if (f.fieldKind === "map") return { type: "object", additionalProperties: this.element(f, f.mapKind) };
    return this.element(f, f.fieldKind);
  }
}

function queryParams(desc: DescMessage, exclude: Set<string>, prefix = "", depth = 0): Array<{ name: string; schema: Schema }> {
  const out: Array<{ name: string; schema: Schema }> = [];
  for (const f of desc.fields) {
    const name = prefix + f.name;
    if (exclude.has(name)) continue;
    if (f.fieldKind === "message") {
      if (depth < 2 && !f.message.typeName.startsWith("google.protobuf."))
        out.push(...queryParams(f.message, exclude, `${name}.`, depth + 1));
      continue;
    }
    if (f.fieldKind === "map" || (f.fieldKind === "list" && f.listKind === "message")) continue;
    const schema =
      f.fieldKind === "list"
        ? { type: "array", items: f.listKind === "enum" ? { type: "string" } : scalarSchema(f) }
        : f.fieldKind === "enum"
          ? { type: "string", enum: f.enum.values.map((v) => v.name) }
          : scalarSchema(f);
    out.push({ name, schema });
  }
  return out;
}

const ERROR_SCHEMA = {
  type: "object",
  properties: { code: { type: "integer" }, message: { type: "string" }, details: { type: "array", items: { type: "object" } } },
};

/** The OpenAPI document of every route the server registered. */
export function buildOpenApi(routes: QueryRoute[], extra: ExtraRoute[], prefix: string): Record<string, unknown> {
  const schemas = new Schemas();
  const paths: Record<string, Record<string, unknown>> = {};
  const errors = {
    default: { description: "gRPC status", content: { "application/json": { schema: { $ref: "#/components/schemas/Status" } } } },
  };
  for (const r of routes) {
    const names = pathParamNames(r.template);
    const parameters = [
      ...names.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
      ...queryParams(r.request, new Set(names)).map((p) => ({ name: p.name, in: "query", required: false, schema: p.schema })),
    ];
    paths[prefix + r.template] = {
      get: {
        tags: [r.module],
        operationId: r.grpcPath.replace(/^\//, "").replace(/[./]/g, "_"),
        summary: r.grpcPath,
        parameters,
        responses: {
          "200": { description: r.response.typeName, content: { "application/json": { schema: schemas.ref(r.response) } } },
          ...errors,
        },
      },
    };
  }
  for (const r of extra) {
    const names = pathParamNames(r.template);
    const op: Record<string, unknown> = {
      tags: [r.tag],
      summary: r.summary,
      parameters: [
        ...names.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
        ...(r.query ?? []).map((name) => ({ name, in: "query", required: false, schema: { type: "string" } })),
      ],
      responses: {
        "200": { description: r.response, content: { "application/json": { schema: schemas.ref(messageDesc(r.response)) } } },
        ...errors,
      },
    };
    if (r.request) op.requestBody = { required: true, content: { "application/json": { schema: schemas.ref(messageDesc(r.request)) } } };
    (paths[prefix + r.template] ??= {})[r.method] = op;
  }
  return {
    openapi: "3.0.3",
    info: {
      title: "blockchain REST gateway",
      version: "1",
      description: "Cosmos SDK grpc-gateway compatible routes. Errors are gRPC Status JSON.",
    },
    paths,
    components: { schemas: { Status: ERROR_SCHEMA, ...schemas.components } },
  };
}
