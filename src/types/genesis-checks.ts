import { canonicalAddress } from "./address";
import { sdkErrors } from "./errors";

/** Genesis validation shared by modules: stored addresses are canonical, keys appear once. */

export function requireCanonical(label: string, address: string): string {
  if (canonicalAddress(address) !== address) throw sdkErrors.ErrInvalidAddress.wrap(`${label} ${address} is not in canonical form`);
  return address;
}

export function requireUnique(label: string, seen: Set<string>, key: string): void {
  if (seen.has(key)) throw sdkErrors.ErrInvalidRequest.wrap(`duplicate ${label} ${key}`);
  seen.add(key);
}
