import type { MemberRequest, GroupInfo, GroupPolicyInfo } from "cosmjs-types/cosmos/group/v1/types";
import { ProposalStatus } from "cosmjs-types/cosmos/group/v1/types";
import { accAddress, derivedModuleAddress } from "../../types/address";
import type { AnyMsg } from "../../types/codec";
import type { Context } from "../../types/context";
import { sdkErrors } from "../../types/errors";
import { formatDec, parseNonNegativeDec, parsePositiveDec } from "./decimal";
import { groupErrors } from "./errors";
import { emitGroupEvent } from "./events";
import type { WeightedMember } from "../../types/hooks";
import type { GroupKeeper } from "./keeper";
import { decodeDecisionPolicy, validatePolicyWindows } from "./policy";

/** Prefix byte of the SDK's group policy table: the first derivation key of policy addresses. */
const GROUP_POLICY_TABLE_PREFIX = 0x20;

export function assertMetadata(k: GroupKeeper, metadata: string, what: string): void {
  if (metadata.length > 0 && utf8Length(metadata) > k.config.maxMetadataLen) {
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

export function createGroup(k: GroupKeeper, ctx: Context, admin: string, members: MemberRequest[], metadata: string): bigint {
  accAddress.validate(admin);
  validateMembers(members);
  assertMetadata(k, metadata, "group metadata");
  let total = 0n;
  for (const m of members) {
    assertMetadata(k, m.metadata, "member metadata");
    total += parsePositiveDec(m.weight);
  }
  const id = k.nextId(ctx, k.groupSeq);
  k.setGroup(ctx, { id, admin, metadata, version: 1n, totalWeight: formatDec(total), createdAt: ctx.time });
  for (const m of members) {
    k.setMember(ctx, { groupId: id, member: { address: m.address, weight: m.weight, metadata: m.metadata, addedAt: ctx.time } });
  }
  emitGroupEvent(ctx, "EventCreateGroup", { group_id: id.toString() });
  return id;
}

/**
 * Writes a group whose membership, admin or metadata changed: the version moves on, every
 * policy's windows are re-checked, and proposals still being voted on are aborted (they were
 * submitted to a different electorate).
 */
export function bumpGroup(k: GroupKeeper, ctx: Context, g: GroupInfo): void {
  g.version += 1n;
  for (const policy of k.policiesOfGroup(ctx, g.id)) {
    validatePolicyWindows(decodeDecisionPolicy(policy.decisionPolicy), k.config);
  }
  k.setGroup(ctx, g);
  for (const policy of k.policiesOfGroup(ctx, g.id)) abortProposals(k, ctx, policy.address);
}

export function updateGroupMembers(k: GroupKeeper, ctx: Context, g: GroupInfo, updates: MemberRequest[]): void {
  let total = parseNonNegativeDec(g.totalWeight);
  for (const u of updates) {
    assertMetadata(k, u.metadata, "group member metadata");
    const previous = k.getMember(ctx, g.id, u.address);
    const weight = parseNonNegativeDec(u.weight);
    if (previous) total -= parsePositiveDec(previous.member!.weight);
    if (weight === 0n) {
      if (!previous) throw sdkErrors.ErrNotFound.wrap("unknown member");
      k.removeMember(ctx, g.id, u.address);
      continue;
    }
    k.setMember(ctx, {
      groupId: g.id,
      member: { address: u.address, weight: u.weight, metadata: u.metadata, addedAt: previous?.member?.addedAt ?? ctx.time },
    });
    total += weight;
  }
  if (total === 0n) throw groupErrors.ErrInvalid.wrap("group must not be empty");
  k.runGuards(ctx, { kind: "members", groupId: g.id, newMembers: k.weightedMembers(ctx, g.id) });
  g.totalWeight = formatDec(total);
  bumpGroup(k, ctx, g);
}

export function leaveGroup(k: GroupKeeper, ctx: Context, groupId: bigint, address: string): void {
  const g = k.getGroup(ctx, groupId);
  const member = k.getMember(ctx, groupId, address);
  if (!member) throw sdkErrors.ErrNotFound.wrap(`group member ${address}`);
  const remaining: WeightedMember[] = k.weightedMembers(ctx, groupId).filter((m) => m.address !== address);
  k.runGuards(ctx, { kind: "members", groupId, newMembers: remaining });
  k.removeMember(ctx, groupId, address);
  const total = parseNonNegativeDec(g.totalWeight) - parsePositiveDec(member.member!.weight);
  g.totalWeight = formatDec(total < 0n ? 0n : total);
  bumpGroup(k, ctx, g);
  emitGroupEvent(ctx, "EventLeaveGroup", { group_id: groupId.toString(), address });
}

export function createGroupPolicy(k: GroupKeeper, ctx: Context, admin: string, groupId: bigint, metadata: string, decisionPolicy: AnyMsg | undefined): string {
  if (groupId === 0n) throw groupErrors.ErrEmpty.wrap("group id");
  assertMetadata(k, metadata, "group policy metadata");
  const policy = decodeDecisionPolicy(decisionPolicy);
  accAddress.validate(admin);
  const g = k.getGroup(ctx, groupId);
  requireGroupAdmin(g, admin);
  validatePolicyWindows(policy, k.config);
  const address = newPolicyAccount(k, ctx);
  k.setPolicy(ctx, { address, groupId, admin, metadata, version: 1n, decisionPolicy, createdAt: ctx.time });
  emitGroupEvent(ctx, "EventCreateGroupPolicy", { address });
  return address;
}

/** The address of the group policy numbered `seq`: address.Module("group", [0x20], seq as 8 bytes big-endian). */
export function groupPolicyAddress(seq: bigint): string {
  const seqKey = new Uint8Array(8);
  new DataView(seqKey.buffer).setBigUint64(0, seq);
  return derivedModuleAddress("group", Uint8Array.of(GROUP_POLICY_TABLE_PREFIX), seqKey);
}

/**
 * Derives the policy account as the SDK does (address.Module("group", [0x20], seq as 8 bytes
 * big-endian)), skipping a sequence value whose address already holds an account, and
 * creates its BaseAccount. The SDK also stores a ModuleCredential as its public key; we leave
 * it empty because the genesis/REST descriptor set has no ModuleCredential type (export would
 * fail). No key can sign for it either way: the address is 32 bytes, a secp256k1 key's is 20.
 */
function newPolicyAccount(k: GroupKeeper, ctx: Context): string {
  for (;;) {
    const address = groupPolicyAddress(k.nextId(ctx, k.policySeq));
    if (k.auth.hasAccount(ctx, address)) continue;
    k.auth.newAccount(ctx, address);
    return address;
  }
}

/** Writes a policy whose admin, metadata or decision policy changed; its open proposals are aborted. */
export function bumpPolicy(k: GroupKeeper, ctx: Context, p: GroupPolicyInfo): void {
  p.version += 1n;
  k.setPolicy(ctx, p);
  abortProposals(k, ctx, p.address);
  emitGroupEvent(ctx, "EventUpdateGroupPolicy", { address: p.address });
}

export function abortProposals(k: GroupKeeper, ctx: Context, policyAddress: string): void {
  for (const p of k.proposalsOfPolicy(ctx, policyAddress)) {
    if (p.status !== ProposalStatus.PROPOSAL_STATUS_SUBMITTED) continue;
    k.setProposal(ctx, { ...p, status: ProposalStatus.PROPOSAL_STATUS_ABORTED });
  }
}
