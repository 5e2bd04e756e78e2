import { Params } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { sdkErrors } from "../../types/errors";

/** The SDK's x/auth defaults (x/auth/types/params.go). */
export function defaultAuthParams(): Params {
  return {
    maxMemoCharacters: 256n,
    txSigLimit: 7n,
    txSizeCostPerByte: 10n,
    sigVerifyCostEd25519: 590n,
    sigVerifyCostSecp256k1: 1000n,
  };
}

export function validateAuthParams(p: Params): void {
  for (const [name, value] of Object.entries(p)) {
    if (typeof value === "bigint" && value === 0n) throw sdkErrors.ErrInvalidRequest.wrap(`invalid auth param ${name}: must be positive`);
  }
}
