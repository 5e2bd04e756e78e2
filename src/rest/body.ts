import { restErrors } from "./errors";

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

/** Strict base64 (standard or URL-safe), so garbage is refused rather than half-decoded. */
export function decodeBase64(value: unknown, field: string): Uint8Array {
  if (typeof value !== "string") throw restErrors.invalidArgument(`${field} must be a base64 string`);
  if (!BASE64.test(value) && !BASE64URL.test(value)) throw restErrors.invalidArgument(`${field} is not valid base64`);
  return new Uint8Array(Buffer.from(value, BASE64.test(value) ? "base64" : "base64url"));
}

export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw restErrors.invalidArgument("request body must be a JSON object");
  return body as Record<string, unknown>;
}

/** A non-negative integer parameter (page, limit, height) that fits `max`. */
export function uintParam(value: unknown, name: string, fallback: bigint, max: bigint = 9223372036854775807n): bigint {
  if (value === undefined || value === "") return fallback;
  if (typeof value !== "string" && typeof value !== "number") throw restErrors.invalidArgument(`${name} must be an integer`);
  const text = String(value);
  if (!/^\d{1,20}$/.test(text))
    throw restErrors.invalidArgument(`${name} must be a non-negative integer, got ${JSON.stringify(text.slice(0, 40))}`);
  const n = BigInt(text);
  if (n > max) throw restErrors.invalidArgument(`${name} ${text} is out of range (max ${max})`);
  return n;
}
