import { isValidDenom } from "../../types/coins";
import { sdkErrors } from "../../types/errors";
import { custodyErrors as E } from "./errors";

/** sdk.Int's 256-bit bound. */
const MAX_AMOUNT = (1n << 256n) - 1n;
export const MAX_REF_CHARS = 128;
const MAX_TEXT_CHARS = 256;

/** A cosmos.Int amount; positive unless `allowZero`; empty reads as zero where zero is allowed. */
export function parseAmount(amount: string, what: string, allowZero = false): bigint {
  if (allowZero && amount === "") return 0n;
  if (!/^[0-9]{1,78}$/.test(amount)) throw E.ErrInvalidAmount.wrap(`${what} ${JSON.stringify(amount.slice(0, 100))} is not an integer`);
  const value = BigInt(amount);
  if ((!allowZero && value === 0n) || value > MAX_AMOUNT)
    throw E.ErrInvalidAmount.wrap(`${what} ${amount} must be positive and below 2^256`);
  return value;
}

export function validDenom(denom: string): void {
  if (!isValidDenom(denom)) throw sdkErrors.ErrInvalidCoins.wrap(`invalid denom: ${JSON.stringify(denom.slice(0, 140))}`);
}

/** Printable text of 1..max characters (sdk ErrInvalidRequest otherwise). */
export function text(value: string, what: string, max = MAX_TEXT_CHARS): void {
  if (value.trim() === "" || [...value].length > max || /[\u0000-\u001f\u007f]/.test(value)) {
    throw sdkErrors.ErrInvalidRequest.wrap(`${what} must be 1-${max} printable characters`);
  }
}

/** A source-chain reference: no ':' (it ends a deposit id) and no whitespace. */
export function externalRef(ref: string): void {
  if (ref === "" || [...ref].length > MAX_REF_CHARS || /[:\s]/.test(ref) || /[\u0000-\u001f\u007f]/.test(ref)) {
    throw sdkErrors.ErrInvalidRequest.wrap(`external_ref must be 1-${MAX_REF_CHARS} characters without ':' or whitespace`);
  }
}
