import { rpcErrors } from "./errors";

/** Go types of CometBFT's RPC arguments, which decide how a parameter is read. */
export type ParamKind = "int" | "string" | "bytes" | "hex" | "bool";
export type ParamSpec = ReadonlyArray<readonly [name: string, kind: ParamKind]>;
export type ParamValue = bigint | string | Uint8Array | boolean;
export type Params = Record<string, ParamValue | undefined>;

const INT = /^-?[0-9]+$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const HEX = /^(?:[0-9A-Fa-f]{2})*$/;

function fail(name: string, why: string): never {
  throw rpcErrors.invalidParams(`${name}: ${why}`);
}

/** A JSON value as CometBFT's cmtjson decodes it into the argument's Go type (64-bit ints also as JSON numbers). */
function fromJson(name: string, kind: ParamKind, v: unknown): ParamValue | undefined {
  if (v === null || v === undefined) return undefined;
  switch (kind) {
    case "int":
      if (typeof v === "number" && Number.isSafeInteger(v)) return BigInt(v);
      if (typeof v === "string" && INT.test(v)) return BigInt(v);
      return fail(name, `invalid 64-bit integer encoding ${JSON.stringify(v).slice(0, 60)}, expected string`);
    case "string":
      return typeof v === "string" ? v : fail(name, "expected a string");
    case "bool":
      return typeof v === "boolean" ? v : fail(name, "expected true or false");
    case "bytes":
      if (typeof v !== "string" || !BASE64.test(v)) return fail(name, "expected base64 bytes");
      return new Uint8Array(Buffer.from(v, "base64"));
    case "hex":
      if (typeof v !== "string" || !HEX.test(v)) return fail(name, "expected hex bytes");
      return new Uint8Array(Buffer.from(v, "hex"));
  }
}

/** JSON-RPC params: an object by name or an array by position. */
export function paramsFromJson(spec: ParamSpec, raw: unknown): Params {
  const out: Params = {};
  if (raw === undefined || raw === null) return out;
  if (Array.isArray(raw)) {
    if (raw.length > spec.length)
      throw rpcErrors.invalidParams(`expected ${spec.length} parameters (${spec.map(([n]) => n).join(",")}), got ${raw.length}`);
    spec.forEach(([name, kind], i) => (out[name] = fromJson(name, kind, raw[i])));
    return out;
  }
  if (typeof raw !== "object") throw rpcErrors.invalidParams("params must be an object or an array");
  const given = raw as Record<string, unknown>;
  for (const [name, kind] of spec) out[name] = fromJson(name, kind, given[name]);
  return out;
}

/**
 * The URI form (`GET /tx?hash=0xAB..&prove=false`), read as CometBFT reads it: integers bare,
 * strings JSON-quoted, bytes as 0x-hex or a quoted string taken literally, bools bare.
 */
export function paramsFromUri(spec: ParamSpec, query: URLSearchParams): Params {
  const out: Params = {};
  for (const [name, kind] of spec) {
    const arg = query.get(name);
    if (arg === null || arg === "") continue;
    out[name] = fromUri(name, kind, arg);
  }
  return out;
}

function fromUri(name: string, kind: ParamKind, arg: string): ParamValue {
  const quoted = arg.length >= 2 && arg.startsWith('"') && arg.endsWith('"');
  const unquote = () => {
    try {
      return JSON.parse(arg) as string;
    } catch {
      return fail(name, `invalid quoted string ${arg.slice(0, 60)}`);
    }
  };
  const hex = /^0x/i.test(arg) ? arg.slice(2) : undefined;
  if (hex !== undefined && !HEX.test(hex)) fail(name, "invalid hex string");
  switch (kind) {
    case "int":
      if (INT.test(arg)) return BigInt(arg);
      if (quoted && INT.test(arg.slice(1, -1))) return BigInt(arg.slice(1, -1));
      return fail(name, `expected an integer, got ${arg.slice(0, 60)}`);
    case "bool":
      if (arg === "true" || arg === "false") return arg === "true";
      return fail(name, `expected true or false, got ${arg.slice(0, 60)}`);
    case "string":
      if (hex !== undefined) return Buffer.from(hex, "hex").toString("utf8");
      if (quoted) return unquote();
      return fail(name, `strings must be quoted ("..."), got ${arg.slice(0, 60)}`);
    case "bytes":
    case "hex":
      if (hex !== undefined) return new Uint8Array(Buffer.from(hex, "hex"));
      if (quoted) return new Uint8Array(Buffer.from(unquote(), "utf8"));
      return fail(name, `bytes must be 0x-prefixed hex or a quoted string, got ${arg.slice(0, 60)}`);
  }
}
