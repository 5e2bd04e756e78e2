import { sdkErrors } from "../../types/errors";

/**
 * Size limits on free-text fields (the chain's choice; docs/modules/land.md). They keep
 * a parcel record, rewritten whole on every change, from growing without bound per entry.
 */
export const LAND_LIMITS = {
  /** Identifiers and short values: geometry_hash, cadastral_ref, kind, value, reference, issued_on, price, right, name. */
  shortChars: 256,
  /** Prose: uri, detail, reason. */
  longChars: 2048,
} as const;

function chars(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Refuses an over-long field with ErrInvalidRequest naming it. */
export function limit(field: string, value: string, max: number): void {
  if (value.length > max && chars(value) > max) throw sdkErrors.ErrInvalidRequest.wrap(`${field} longer than ${max} characters`);
}
