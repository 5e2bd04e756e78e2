import { sha256 } from "@noble/hashes/sha2.js";
import { Equivocation } from "cosmjs-types/cosmos/evidence/v1beta1/evidence";
import type { AnyMsg } from "../../types/codec";
import { sdkErrors } from "../../types/errors";
import { evidenceErrors } from "./errors";

export const EQUIVOCATION_URL = "/cosmos.evidence.v1beta1.Equivocation";
/** Equivocation.Route(): the router key a submitted equivocation is handled under. */
export const EQUIVOCATION_ROUTE = "equivocation";

/** Evidence.Hash() of the SDK: SHA-256 of the evidence's protobuf bytes. */
export function evidenceHash(e: Equivocation): Uint8Array {
  return sha256(Equivocation.encode(e).finish());
}

export function packEquivocation(e: Equivocation): AnyMsg {
  return { typeUrl: EQUIVOCATION_URL, value: Equivocation.encode(e).finish() };
}

/**
 * The Evidence an Any holds; Equivocation is the only evidence type registered (as in the
 * SDK's app), so another type URL cannot be decoded, as the SDK's interface registry refuses it.
 */
export function unpackEvidence(any: AnyMsg | undefined): Equivocation {
  if (!any) throw evidenceErrors.ErrInvalidEvidence.wrap("missing evidence");
  if (any.typeUrl !== EQUIVOCATION_URL)
    throw sdkErrors.ErrTxDecode.wrap(`unable to resolve type URL ${JSON.stringify(any.typeUrl.slice(0, 100))}`);
  try {
    return Equivocation.decode(any.value);
  } catch {
    throw sdkErrors.ErrTxDecode.wrap("malformed equivocation");
  }
}

/** Equivocation.ValidateBasic of the SDK. */
export function validateEquivocation(e: Equivocation): void {
  const fail = (why: string) => evidenceErrors.ErrInvalidEvidence.wrap(`failed basic validation: ${why}`);
  if (!e.time || e.time.seconds <= 0n) throw fail("invalid equivocation time");
  if (e.height < 1n) throw fail(`invalid equivocation height: ${e.height}`);
  if (e.power < 1n) throw fail(`invalid equivocation validator power: ${e.power}`);
  if (e.consensusAddress === "") throw fail("invalid equivocation validator consensus address: ");
}
