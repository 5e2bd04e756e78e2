import { GroupInfo, GroupMember, GroupPolicyInfo, Proposal, Vote } from "cosmjs-types/cosmos/group/v1/types";
import { Schema } from "../../store/collections";
import { bytesKey, int64Key, pairKey, protoValue, tripleKey, uint32Key, uint64Key, uint64Value } from "../../store/codecs";
import { accAddress } from "../../types/address";
import type { Timestamp } from "../../types/codec";
import type { Context } from "../../types/context";
import { sdkErrors } from "../../types/errors";
import type { MsgRouter } from "../../types/module";
import { parseNonNegativeDec } from "./decimal";
import type { Decision, GroupChange, GroupGuard, WeightedMember } from "../../types/hooks";
import { decodeDecisionPolicy } from "./policy";
import { defaultGroupConfig, type GroupConfig } from "./params";
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
 * group passes), proposals and votes. Secondary indexes are key sets kept in step here.
 */
export class GroupKeeper implements GroupView {
  private readonly schema = new Schema("group/");
  readonly groupSeq = this.schema.item(1, "group_seq", uint64Value, 0n);
  readonly groups = this.schema.map(2, "groups", uint64Key, protoValue(GroupInfo, "GroupInfo"));
  readonly groupsByAdmin = this.schema.keySet(3, "groups_by_admin", pairKey(bytesKey, uint64Key));
  readonly memberKey = pairKey(uint64Key, bytesKey);
  readonly members = this.schema.map(4, "group_members", this.memberKey, protoValue(GroupMember, "GroupMember"));
  readonly groupsByMember = this.schema.keySet(5, "groups_by_member", pairKey(bytesKey, uint64Key));
  readonly policySeq = this.schema.item(6, "group_policy_seq", uint64Value, 0n);
  readonly policies = this.schema.map(7, "group_policies", bytesKey, protoValue(GroupPolicyInfo, "GroupPolicyInfo"));
  readonly policiesByGroup = this.schema.keySet(8, "group_policies_by_group", pairKey(uint64Key, bytesKey));
  readonly policiesByAdmin = this.schema.keySet(9, "group_policies_by_admin", pairKey(bytesKey, bytesKey));
  readonly proposalSeq = this.schema.item(10, "proposal_seq", uint64Value, 0n);
  readonly proposals = this.schema.map(11, "proposals", uint64Key, protoValue(Proposal, "Proposal"));
  readonly proposalsByPolicy = this.schema.keySet(12, "proposals_by_group_policy", pairKey(bytesKey, uint64Key));
  readonly proposalsByVotingEnd = this.schema.keySet(13, "proposals_by_voting_period_end", tripleKey(int64Key, uint32Key, uint64Key));
  readonly voteKey = pairKey(uint64Key, bytesKey);
  readonly votes = this.schema.map(14, "votes", this.voteKey, protoValue(Vote, "Vote"));
  readonly votesByVoter = this.schema.keySet(15, "votes_by_voter", pairKey(bytesKey, uint64Key));

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
    const out: GroupPolicyInfo[] = [];
    for (const [, addr] of this.policiesByGroup.iterate(ctx, { prefix: uint64Key.encodeNonTerminal(groupId) })) {
      out.push(this.policies.get(ctx, addr)!);
    }
    return out;
  }

  proposalsOfPolicy(ctx: Context, address: string): Proposal[] {
    const out: Proposal[] = [];
    for (const [, id] of this.proposalsByPolicy.iterate(ctx, { prefix: bytesKey.encodeNonTerminal(accAddress.decode(address)) })) {
      out.push(this.proposals.get(ctx, id)!);
    }
    return out;
  }

  // --- writes that keep the indexes in step ----------------------------------------------

  nextId(ctx: Context, seq: GroupKeeper["groupSeq"]): bigint {
    const id = seq.get(ctx) + 1n;
    seq.set(ctx, id);
    return id;
  }

  setGroup(ctx: Context, g: GroupInfo): void {
    const old = this.groups.get(ctx, g.id);
    if (old && old.admin !== g.admin) this.groupsByAdmin.remove(ctx, [accAddress.decode(old.admin), g.id]);
    this.groups.set(ctx, g.id, g);
    this.groupsByAdmin.set(ctx, [accAddress.decode(g.admin), g.id]);
  }

  setMember(ctx: Context, m: GroupMember): void {
    const addr = accAddress.decode(m.member!.address);
    this.members.set(ctx, [m.groupId, addr], m);
    this.groupsByMember.set(ctx, [addr, m.groupId]);
  }

  removeMember(ctx: Context, groupId: bigint, address: string): void {
    const addr = accAddress.decode(address);
    this.members.remove(ctx, [groupId, addr]);
    this.groupsByMember.remove(ctx, [addr, groupId]);
  }

  setPolicy(ctx: Context, p: GroupPolicyInfo): void {
    const addr = accAddress.decode(p.address);
    const old = this.policies.get(ctx, addr);
    if (old && old.admin !== p.admin) this.policiesByAdmin.remove(ctx, [accAddress.decode(old.admin), addr]);
    this.policies.set(ctx, addr, p);
    this.policiesByGroup.set(ctx, [p.groupId, addr]);
    this.policiesByAdmin.set(ctx, [accAddress.decode(p.admin), addr]);
  }

  /** Proposals never change policy or voting end after creation, so the indexes are set once. */
  setProposal(ctx: Context, p: Proposal): void {
    const isNew = !this.proposals.has(ctx, p.id);
    this.proposals.set(ctx, p.id, p);
    if (isNew) {
      this.proposalsByPolicy.set(ctx, [accAddress.decode(p.groupPolicyAddress), p.id]);
      this.proposalsByVotingEnd.set(ctx, votingEndKey(p.votingPeriodEnd, p.id));
    }
  }

  removeProposal(ctx: Context, p: Proposal): void {
    this.proposals.remove(ctx, p.id);
    this.proposalsByPolicy.remove(ctx, [accAddress.decode(p.groupPolicyAddress), p.id]);
    this.proposalsByVotingEnd.remove(ctx, votingEndKey(p.votingPeriodEnd, p.id));
  }

  setVote(ctx: Context, v: Vote): void {
    const voter = accAddress.decode(v.voter);
    this.votes.set(ctx, [v.proposalId, voter], v);
    this.votesByVoter.set(ctx, [voter, v.proposalId]);
  }

  votesOf(ctx: Context, proposalId: bigint): Vote[] {
    return [...this.votes.iterate(ctx, { prefix: this.voteKey.prefix(proposalId) })].map(([, v]) => v);
  }

  removeVotes(ctx: Context, proposalId: bigint): void {
    for (const v of this.votesOf(ctx, proposalId)) {
      const voter = accAddress.decode(v.voter);
      this.votes.remove(ctx, [proposalId, voter]);
      this.votesByVoter.remove(ctx, [voter, proposalId]);
    }
  }

  /** Proposals whose voting period ended strictly before `time`, oldest first. */
  proposalsEndingBefore(ctx: Context, time: Timestamp): Proposal[] {
    const out: Proposal[] = [];
    for (const [, , id] of this.proposalsByVotingEnd.iterate(ctx, { end: [time.seconds, time.nanos, 0n] })) {
      out.push(this.proposals.get(ctx, id)!);
    }
    return out;
  }
}

export function votingEndKey(t: Timestamp, id: bigint): [bigint, number, bigint] {
  return [t.seconds, t.nanos, id];
}
