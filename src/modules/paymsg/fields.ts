import { isValidDenom } from "../../types/coins";
import { paymsgErrors } from "./errors";
import { canonicalCountry } from "../../types/iso3166";
import { LIMITS } from "./limits";
import { canonicalAddress } from "../../types/address";

// C0, DEL and C1 controls: never part of ISO 20022 text and invisible in statements.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const PURPOSE_CODE = /^[A-Z0-9]{1,4}$/;
const AMOUNT = /^[1-9][0-9]*$/;

function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Text of 1..max code points without control characters; `label` names the field in the error. */
export function requireText(label: string, value: string, max: number): void {
  if (value.length === 0) throw paymsgErrors.ErrInvalidPaymentField.wrap(`${label} is required`);
  if (codePoints(value) > max) throw paymsgErrors.ErrInvalidPaymentField.wrap(`${label} longer than ${max} characters`);
  if (CONTROL.test(value)) throw paymsgErrors.ErrInvalidPaymentField.wrap(`${label} contains control characters`);
}

/** EndToEndIdentification, which also keys the record and appears in payload store URLs. */
export function validateEndToEndId(id: string): void {
  requireText("end_to_end_id", id, LIMITS.endToEndIdMax);
  if (id.trim() !== id) throw paymsgErrors.ErrInvalidPaymentField.wrap("end_to_end_id has leading or trailing whitespace");
}

export function validatePurposeCode(code: string): void {
  if (!PURPOSE_CODE.test(code)) {
    throw paymsgErrors.ErrInvalidPaymentField.wrap(`purpose_code must be an ExternalPurpose1Code (1-${LIMITS.purposeCodeMax} of A-Z, 0-9)`);
  }
}

export function validateRemittance(text: string): void {
  requireText("remittance_information", text, LIMITS.remittanceMax);
}

/** A canonical positive decimal integer (no sign, no leading zeros) within sdk.Int range. */
export function parsePaymentAmount(amount: string): bigint {
  if (!AMOUNT.test(amount) || amount.length > 78) {
    throw paymsgErrors.ErrInvalidAmount.wrap(`amount must be a positive integer, got ${JSON.stringify(amount.slice(0, 100))}`);
  }
  const value = BigInt(amount);
  if (value > LIMITS.amountMax) throw paymsgErrors.ErrInvalidAmount.wrap("amount out of range");
  return value;
}

export function validatePaymentDenom(denom: string): void {
  if (!isValidDenom(denom)) throw paymsgErrors.ErrInvalidAmount.wrap(`invalid denom ${JSON.stringify(denom.slice(0, 140))}`);
}

/** A settlement jurisdiction in any letter case → its stored upper-case form; only assigned ISO 3166-1 alpha-2 codes pass. */
export function validateJurisdiction(code: string): string {
  const canonical = canonicalCountry(code);
  if (canonical === undefined) {
    throw paymsgErrors.ErrInvalidSettlementJurisdiction.wrap(
      `${JSON.stringify(code.slice(0, 10))} is not an assigned ISO 3166-1 alpha-2 code`,
    );
  }
  return canonical;
}

const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const HOST = `(?:${LABEL}(?:\\.${LABEL})*|\\[[0-9A-Fa-f:.]{2,45}\\])`;
const PORT = "(?::(?:[1-9][0-9]{0,4}))?";
const SEGMENT_CHAR = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})";
const PATH = `(?:/${SEGMENT_CHAR}*)*`;
const STORE_URL = new RegExp(`^https?://${HOST}${PORT}${PATH}$`);

/** A dot segment, also when its dots are percent-encoded (`%2E`), which normalisation decodes. */
const DOT_SEGMENT = /^(?:\.|%2[eE]){1,2}$/;

/**
 * An absolute http(s) base URL, checked by a fixed grammar rather than the runtime's URL
 * parser (whose leniency can change between Node versions, and this is consensus). No
 * credentials, query or fragment: clients append `/payloads/...` to it. The path must be in
 * normal form: empty, "/", or segments that are neither empty (no "//", no trailing "/") nor
 * "." or ".." (plain or percent-encoded).
 */
export function validatePayloadStoreUrl(url: string): void {
  if (url === "") return;
  if (url.length > LIMITS.payloadStoreUrlMax) {
    throw paymsgErrors.ErrInvalidPayloadStore.wrap(`url longer than ${LIMITS.payloadStoreUrlMax} characters`);
  }
  const port = /^https?:\/\/[^/]*:([0-9]+)/.exec(url)?.[1];
  if (!STORE_URL.test(url) || (port !== undefined && Number(port) > 65535)) {
    throw paymsgErrors.ErrInvalidPayloadStore.wrap(`${JSON.stringify(url.slice(0, 100))} is not an absolute http or https base URL`);
  }
  const path = url.replace(/^https?:\/\/[^/]*/, "");
  if (path === "" || path === "/") return;
  if (
    path
      .split("/")
      .slice(1)
      .some((segment) => segment === "" || DOT_SEGMENT.test(segment))
  ) {
    throw paymsgErrors.ErrInvalidPayloadStore.wrap(
      `${JSON.stringify(url.slice(0, 100))} has a path not in normal form (empty, "." or ".." segments)`,
    );
  }
}

/** The canonical (lower-case) form of an account address; throws ErrInvalidAddress. */
export { canonicalAddress };

/** A required address field of a payment: missing is an ISO field error, malformed an address error. */
export function requireAddress(label: string, address: string): string {
  if (address === "") throw paymsgErrors.ErrInvalidPaymentField.wrap(`${label} is required`);
  return canonicalAddress(address);
}
