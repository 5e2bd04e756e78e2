import type { MemberRequest, GroupInfo, GroupPolicyInfo } from "cosmjs-types/cosmos/group/v1/types";
import { accAddress, derivedModuleAddress } from "../../types/address";
import { parseNonNegativeDec } from "./decimal";
import { groupErrors } from "./errors";
import type { GroupConfig } from "./params";

// Stateless checks and derivations shared by the keeper, the proposal book and the messages.

/** Prefix byte of the SDK's group policy table: the first derivation key of policy addresses. */
const GROUP_POLICY_TABLE_PREFIX = 0x20;

export function assertMetadata(config: GroupConfig, metadata: string, what: string): void {
  if (metadata.length > 0 && utf8Length(metadata) > config.maxMetadataLen) {
    throw groupErrors.ErrMaxLimit.wrap(what);
  }
}

export function utf8Length(s: string): number {
  return new TextEncoder().encode(s).length;
}

/** Stateless member-list checks shared by create and update (the SDK's validateMembers). */
export function validateMembers(members: MemberRequest[]): void {
  const seen = new Set<string>();
  for (const m of members) {
    accAddress.validate(m.address);
    parseNonNegativeDec(m.weight);
    if (seen.has(m.address)) throw groupErrors.ErrDuplicate.wrap(`address: ${m.address}`);
    seen.add(m.address);
  }
}

export function requireGroupAdmin(group: GroupInfo, signer: string): void {
  if (group.admin !== signer) throw groupErrors.ErrUnauthorized.wrap(`not group admin; got ${signer}, expected ${group.admin}`);
}

export function requirePolicyAdmin(policy: GroupPolicyInfo, signer: string): void {
  if (policy.admin !== signer) throw groupErrors.ErrUnauthorized.wrap(`not group policy admin; got ${signer}, expected ${policy.admin}`);
}

/** The address of the group policy numbered `seq`: address.Module("group", [0x20], seq as 8 bytes big-endian). */
export function groupPolicyAddress(seq: bigint): string {
  const seqKey = new Uint8Array(8);
  new DataView(seqKey.buffer).setBigUint64(0, seq);
  return derivedModuleAddress("group", Uint8Array.of(GROUP_POLICY_TABLE_PREFIX), seqKey);
}
