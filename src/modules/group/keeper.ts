import {
  GroupInfo,
  GroupMember,
  GroupPolicyInfo,
  ProposalStatus,
  Proposal,
  Vote,
  type MemberRequest,
} from "cosmjs-types/cosmos/group/v1/types";
import { Schema } from "../../store/collections";
import { bytesKey, int64Key, pairKey, protoValue, tripleKey, uint32Key, uint64Key } from "../../store/codecs";
import { keyIndex, multiIndex } from "../../store/indexed-map";
import { accAddress } from "../../types/address";
import { accAddressKey } from "../../types/address-key";
import type { AnyMsg, Timestamp } from "../../types/codec";
import type { Context } from "../../types/context";
import { sdkErrors } from "../../types/errors";
import type { MsgRouter } from "../../types/module";
import { formatDec, parseNonNegativeDec, parsePositiveDec } from "./decimal";
import type { Decision, GroupChange, GroupGuard, WeightedMember } from "../../types/hooks";
import { groupErrors } from "./errors";
import { emitGroupEvent } from "./events";
import { assertMetadata, groupPolicyAddress, requireGroupAdmin, validateMembers } from "./groups";
import { decodeDecisionPolicy, validatePolicyWindows } from "./policy";
import { defaultGroupConfig, type GroupConfig } from "./params";
import { GroupProposals } from "./proposals";
import type { AccountKeeper } from "./expected-keepers";

export interface PolicyView {
  groupId: bigint;
  admin: string;
  members: WeightedMember[];
  decision: Decision;
  votingPeriodSeconds: bigint;
}

/** The narrow interface other modules declare to reach group (constitution, land, treasury). */
export interface GroupView {
  isGroupPolicy(ctx: Context, address: string): boolean;
  policyInfo(ctx: Context, address: string): PolicyView | undefined;
  addGuard(guard: GroupGuard): void;
}

/**
 * Groups, their members, group policies (accounts that act when a weighted vote of the
 * group passes), proposals and votes. The by-admin, by-member, by-group, by-policy and
 * by-voter lookups are indexes of their maps; the voting-end queue is a key set ordered by time.
 * The proposal lifecycle lives in `proposalBook` (proposals.ts).
 */
export class GroupKeeper implements GroupView {
  private readonly schema = new Schema("group/");
  readonly groupSeq = this.schema.sequence(1, "group_seq", 1n);
  readonly groups = this.schema.indexedMap(2, "groups", uint64Key, protoValue(GroupInfo, "GroupInfo"), {
    byAdmin: multiIndex(3, accAddressKey, (_id: bigint, g: GroupInfo) => g.admin),
  });
  readonly memberKey = pairKey(uint64Key, bytesKey);
  readonly members = this.schema.indexedMap(4, "group_members", this.memberKey, protoValue(GroupMember, "GroupMember"), {
    byMember: keyIndex(5, pairKey(bytesKey, uint64Key), swap<bigint, Uint8Array>, swap<Uint8Array, bigint>),
  });
  readonly policySeq = this.schema.sequence(6, "group_policy_seq", 1n);
  readonly policies = this.schema.indexedMap(7, "group_policies", bytesKey, protoValue(GroupPolicyInfo, "GroupPolicyInfo"), {
    byGroup: multiIndex(8, uint64Key, (_k: Uint8Array, p: GroupPolicyInfo) => p.groupId),
    byAdmin: multiIndex(9, accAddressKey, (_k: Uint8Array, p: GroupPolicyInfo) => p.admin),
  });
  readonly proposalSeq = this.schema.sequence(10, "proposal_seq", 1n);
  readonly proposals = this.schema.indexedMap(11, "proposals", uint64Key, protoValue(Proposal, "Proposal"), {
    byPolicy: multiIndex(12, accAddressKey, (_id: bigint, p: Proposal) => p.groupPolicyAddress),
  });
  readonly proposalsByVotingEnd = this.schema.keySet(13, "proposals_by_voting_period_end", tripleKey(int64Key, uint32Key, uint64Key));
  readonly voteKey = pairKey(uint64Key, bytesKey);
  readonly votes = this.schema.indexedMap(14, "votes", this.voteKey, protoValue(Vote, "Vote"), {
    byVoter: keyIndex(15, pairKey(bytesKey, uint64Key), swap<bigint, Uint8Array>, swap<Uint8Array, bigint>),
  });

  readonly proposalBook = new GroupProposals(this);
  private readonly guards: GroupGuard[] = [];
  private msgRouter: MsgRouter | undefined;

  constructor(
    readonly auth: AccountKeeper,
    readonly config: GroupConfig = defaultGroupConfig(),
  ) {}

  bindRouter(router: MsgRouter): void {
    this.msgRouter = router;
  }

  get router(): MsgRouter {
    if (!this.msgRouter) throw sdkErrors.ErrLogic.wrap("group: message router not bound");
    return this.msgRouter;
  }

  /** End block: final tallies at voting period end, then pruning of expired proposals. */
  endBlock(ctx: Context): void {
    this.proposalBook.endBlock(ctx);
  }

  // --- interface for other modules -------------------------------------------------------

  addGuard(guard: GroupGuard): void {
    this.guards.push(guard);
  }

  runGuards(ctx: Context, change: GroupChange): void {
    for (const guard of this.guards) guard(ctx, change);
  }

  isGroupPolicy(ctx: Context, address: string): boolean {
    return accAddress.isValid(address) && this.policies.has(ctx, accAddress.decode(address));
  }

  policyInfo(ctx: Context, address: string): PolicyView | undefined {
    if (!accAddress.isValid(address)) return undefined;
    const info = this.policies.get(ctx, accAddress.decode(address));
    if (!info) return undefined;
    const policy = decodeDecisionPolicy(info.decisionPolicy);
    return {
      groupId: info.groupId,
      admin: info.admin,
      members: this.weightedMembers(ctx, info.groupId),
      decision: policy.decision,
      votingPeriodSeconds: policy.votingPeriodNanos / 1_000_000_000n,
    };
  }

  weightedMembers(ctx: Context, groupId: bigint): WeightedMember[] {
    return this.groupMembers(ctx, groupId).map((m) => ({ address: m.member!.address, weight: parseNonNegativeDec(m.member!.weight) }));
  }

  // --- reads -----------------------------------------------------------------------------

  getGroup(ctx: Context, id: bigint): GroupInfo {
    const g = this.groups.get(ctx, id);
    if (!g) throw sdkErrors.ErrNotFound.wrap(`group ${id}`);
    return g;
  }

  getPolicy(ctx: Context, address: string): GroupPolicyInfo {
    const p = this.policies.get(ctx, accAddress.decode(address));
    if (!p) throw sdkErrors.ErrNotFound.wrap(`group policy ${address}`);
    return p;
  }

  getProposal(ctx: Context, id: bigint): Proposal {
    const p = this.proposals.get(ctx, id);
    if (!p) throw sdkErrors.ErrNotFound.wrap(`proposal ${id}`);
    return p;
  }

  getMember(ctx: Context, groupId: bigint, address: string): GroupMember | undefined {
    return this.members.get(ctx, [groupId, accAddress.decode(address)]);
  }

  groupMembers(ctx: Context, groupId: bigint): GroupMember[] {
    return [...this.members.iterate(ctx, { prefix: this.memberKey.prefix(groupId) })].map(([, m]) => m);
  }

  policiesOfGroup(ctx: Context, groupId: bigint): GroupPolicyInfo[] {
    return [...this.policies.indexes.byGroup.iterate(ctx, groupId)].map((addr) => this.policies.get(ctx, addr)!);
  }

  proposalsOfPolicy(ctx: Context, address: string): Proposal[] {
    return [...this.proposals.indexes.byPolicy.iterate(ctx, address)].map((id) => this.proposals.get(ctx, id)!);
  }

  votesOf(ctx: Context, proposalId: bigint): Vote[] {
    return [...this.votes.iterate(ctx, { prefix: this.voteKey.prefix(proposalId) })].map(([, v]) => v);
  }

  /** Proposals whose voting period ended strictly before `time`, oldest first. */
  proposalsEndingBefore(ctx: Context, time: Timestamp): Proposal[] {
    const out: Proposal[] = [];
    for (const [, , id] of this.proposalsByVotingEnd.iterate(ctx, { end: [time.seconds, time.nanos, 0n] })) {
      out.push(this.proposals.get(ctx, id)!);
    }
    return out;
  }

  // --- writes ----------------------------------------------------------------------------

  setMember(ctx: Context, m: GroupMember): void {
    this.members.set(ctx, [m.groupId, accAddress.decode(m.member!.address)], m);
  }

  setPolicy(ctx: Context, p: GroupPolicyInfo): void {
    this.policies.set(ctx, accAddress.decode(p.address), p);
  }

  /** A proposal never changes its voting end after creation, so its queue entry is set once. */
  setProposal(ctx: Context, p: Proposal): void {
    if (!this.proposals.has(ctx, p.id)) this.proposalsByVotingEnd.set(ctx, votingEndKey(p.votingPeriodEnd, p.id));
    this.proposals.set(ctx, p.id, p);
  }

  removeProposal(ctx: Context, p: Proposal): void {
    this.proposals.remove(ctx, p.id);
    this.proposalsByVotingEnd.remove(ctx, votingEndKey(p.votingPeriodEnd, p.id));
    this.removeVotes(ctx, p.id);
  }

  setVote(ctx: Context, v: Vote): void {
    this.votes.set(ctx, [v.proposalId, accAddress.decode(v.voter)], v);
  }

  removeVotes(ctx: Context, proposalId: bigint): void {
    for (const v of this.votesOf(ctx, proposalId)) this.votes.remove(ctx, [proposalId, accAddress.decode(v.voter)]);
  }

  // --- groups and policies ---------------------------------------------------------------

  createGroup(ctx: Context, admin: string, members: MemberRequest[], metadata: string): bigint {
    accAddress.validate(admin);
    validateMembers(members);
    assertMetadata(this.config, metadata, "group metadata");
    let total = 0n;
    for (const m of members) {
      assertMetadata(this.config, m.metadata, "member metadata");
      total += parsePositiveDec(m.weight);
    }
    const id = this.groupSeq.next(ctx);
    this.groups.set(ctx, id, { id, admin, metadata, version: 1n, totalWeight: formatDec(total), createdAt: ctx.time });
    for (const m of members) {
      this.setMember(ctx, { groupId: id, member: { address: m.address, weight: m.weight, metadata: m.metadata, addedAt: ctx.time } });
    }
    emitGroupEvent(ctx, "EventCreateGroup", { group_id: id.toString() });
    return id;
  }

  /**
   * Writes a group whose membership, admin or metadata changed: the version moves on, every
   * policy's windows are re-checked, and proposals still being voted on are aborted (they were
   * submitted to a different electorate).
   */
  bumpGroup(ctx: Context, g: GroupInfo): void {
    g.version += 1n;
    const policies = this.policiesOfGroup(ctx, g.id);
    for (const policy of policies) validatePolicyWindows(decodeDecisionPolicy(policy.decisionPolicy), this.config);
    this.groups.set(ctx, g.id, g);
    for (const policy of policies) this.abortProposals(ctx, policy.address);
  }

  updateGroupMembers(ctx: Context, g: GroupInfo, updates: MemberRequest[]): void {
    let total = parseNonNegativeDec(g.totalWeight);
    for (const u of updates) {
      assertMetadata(this.config, u.metadata, "group member metadata");
      const previous = this.getMember(ctx, g.id, u.address);
      const weight = parseNonNegativeDec(u.weight);
      if (previous) total -= parsePositiveDec(previous.member!.weight);
      if (weight === 0n) {
        if (!previous) throw sdkErrors.ErrNotFound.wrap("unknown member");
        this.members.remove(ctx, [g.id, accAddress.decode(u.address)]);
        continue;
      }
      this.setMember(ctx, {
        groupId: g.id,
        member: { address: u.address, weight: u.weight, metadata: u.metadata, addedAt: previous?.member?.addedAt ?? ctx.time },
      });
      total += weight;
    }
    if (total === 0n) throw groupErrors.ErrInvalid.wrap("group must not be empty");
    this.runGuards(ctx, { kind: "members", groupId: g.id, newMembers: this.weightedMembers(ctx, g.id) });
    g.totalWeight = formatDec(total);
    this.bumpGroup(ctx, g);
  }

  leaveGroup(ctx: Context, groupId: bigint, address: string): void {
    const g = this.getGroup(ctx, groupId);
    const member = this.getMember(ctx, groupId, address);
    if (!member) throw sdkErrors.ErrNotFound.wrap(`group member ${address}`);
    const remaining = this.weightedMembers(ctx, groupId).filter((m) => m.address !== address);
    this.runGuards(ctx, { kind: "members", groupId, newMembers: remaining });
    this.members.remove(ctx, [groupId, accAddress.decode(address)]);
    const total = parseNonNegativeDec(g.totalWeight) - parsePositiveDec(member.member!.weight);
    g.totalWeight = formatDec(total < 0n ? 0n : total);
    this.bumpGroup(ctx, g);
    emitGroupEvent(ctx, "EventLeaveGroup", { group_id: groupId.toString(), address });
  }

  createGroupPolicy(ctx: Context, admin: string, groupId: bigint, metadata: string, decisionPolicy: AnyMsg | undefined): string {
    if (groupId === 0n) throw groupErrors.ErrEmpty.wrap("group id");
    assertMetadata(this.config, metadata, "group policy metadata");
    const policy = decodeDecisionPolicy(decisionPolicy);
    accAddress.validate(admin);
    requireGroupAdmin(this.getGroup(ctx, groupId), admin);
    validatePolicyWindows(policy, this.config);
    const address = this.newPolicyAccount(ctx);
    this.setPolicy(ctx, { address, groupId, admin, metadata, version: 1n, decisionPolicy, createdAt: ctx.time });
    emitGroupEvent(ctx, "EventCreateGroupPolicy", { address });
    return address;
  }

  /**
   * Derives the policy account as the SDK does (address.Module("group", [0x20], seq as 8 bytes
   * big-endian)), skipping a sequence value whose address already holds an account, and
   * creates its BaseAccount. The SDK also stores a ModuleCredential as its public key; we leave
   * it empty because the genesis/REST descriptor set has no ModuleCredential type (export would
   * fail). No key can sign for it either way: the address is 32 bytes, a secp256k1 key's is 20.
   */
  private newPolicyAccount(ctx: Context): string {
    for (;;) {
      const address = groupPolicyAddress(this.policySeq.next(ctx));
      if (this.auth.hasAccount(ctx, address)) continue;
      this.auth.newAccount(ctx, address);
      return address;
    }
  }

  /** Writes a policy whose admin, metadata or decision policy changed; its open proposals are aborted. */
  bumpPolicy(ctx: Context, p: GroupPolicyInfo): void {
    p.version += 1n;
    this.setPolicy(ctx, p);
    this.abortProposals(ctx, p.address);
    emitGroupEvent(ctx, "EventUpdateGroupPolicy", { address: p.address });
  }

  private abortProposals(ctx: Context, policyAddress: string): void {
    for (const p of this.proposalsOfPolicy(ctx, policyAddress)) {
      if (p.status !== ProposalStatus.PROPOSAL_STATUS_SUBMITTED) continue;
      this.setProposal(ctx, { ...p, status: ProposalStatus.PROPOSAL_STATUS_ABORTED });
    }
  }
}

/** A pair key's parts swapped: the (address, id) entries of the by-member and by-voter indexes. */
function swap<A, B>([a, b]: [A, B]): [B, A] {
  return [b, a];
}

export function votingEndKey(t: Timestamp, id: bigint): [bigint, number, bigint] {
  return [t.seconds, t.nanos, id];
}
