import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import * as tx from "cosmjs-types/cosmos/group/v1/tx";
import {
  PercentageDecisionPolicy,
  ProposalStatus,
  ThresholdDecisionPolicy,
  VoteOption,
  type GroupInfo,
  type GroupPolicyInfo,
  type Proposal,
} from "cosmjs-types/cosmos/group/v1/types";
import { accAddress } from "../../types/address";
import type { AnyMsg } from "../../types/codec";
import {
  otherAccount,
  simMsg,
  type ModuleSimulation,
  type SimOperation,
  type SimState,
  type SimTx,
  sampleById,
} from "../../types/simulation";
import { formatDec, parseNonNegativeDec, parsePositiveDec } from "./decimal";
import { groupPolicyAddress } from "./groups";
import type { GroupKeeper } from "./keeper";
import { PERCENTAGE_POLICY_URL, THRESHOLD_POLICY_URL } from "./policy";

const G = "/cosmos.group.v1.";
const SEND = "/cosmos.bank.v1beta1.MsgSend";
const S = ProposalStatus;
/** A vote is certain to arrive in time when its voting period ends this far after the committed block (the longest simulated block gap is 2.5 h). */
const SAFE_MARGIN_SECONDS = 9_001n;
/** Groups stop growing here, so a group's member list stays a small prefix read. */
const MAX_MEMBERS = 6;

interface GroupView {
  group: GroupInfo;
  members: Array<{ address: string; weight: bigint }>;
  policies: GroupPolicyInfo[];
}

function view(k: GroupKeeper, s: SimState, group: GroupInfo): GroupView {
  return {
    group,
    members: k.groupMembers(s.ctx, group.id).map((m) => ({ address: m.member!.address, weight: parsePositiveDec(m.member!.weight) })),
    policies: k.policiesOfGroup(s.ctx, group.id),
  };
}

/** Accounts whose txs could change the outcome of an act on the group (membership, admins, votes). */
function parties(v: GroupView): string[] {
  return [v.group.admin, ...v.members.map((m) => m.address), ...v.policies.map((p) => p.admin)];
}

/** A group from a bounded sample that `ok` accepts. */
function pickGroup(k: GroupKeeper, s: SimState, ok: (v: GroupView) => boolean): GroupView | undefined {
  const found = sampleById(k.groups, s.ctx, s.rng, k.groupSeq.peek(s.ctx) - 1n, 8)
    .map((g) => view(k, s, g))
    .filter(ok);
  return found.length === 0 ? undefined : s.rng.pick(found);
}

/** Groups the simulated accounts administer (offices and other policy-administered groups are left alone). */
const adminIsSimulated = (s: SimState) => (v: GroupView) => s.accounts.includes(v.group.admin);

/** A proposal `ok` accepts from a bounded sample, mostly one `prefer` accepts too. */
function pickProposal(
  k: GroupKeeper,
  s: SimState,
  ok: (p: Proposal) => boolean,
  prefer: (p: Proposal) => boolean = () => true,
): Proposal | undefined {
  const found = sampleById(k.proposals, s.ctx, s.rng, k.proposalSeq.peek(s.ctx) - 1n, 8).filter(ok);
  const preferred = found.filter(prefer);
  if (preferred.length > 0 && !s.rng.oneIn(4)) return s.rng.pick(preferred);
  return found.length === 0 ? undefined : s.rng.pick(found);
}

function proposalView(k: GroupKeeper, s: SimState, p: Proposal): GroupView {
  const policy = k.getPolicy(s.ctx, p.groupPolicyAddress);
  return view(k, s, k.getGroup(s.ctx, policy.groupId));
}

function randomMembers(s: SimState, n: number): Array<{ address: string; weight: string; metadata: string }> {
  const chosen = new Set<string>();
  while (chosen.size < n) chosen.add(s.rng.pick(s.accounts));
  return [...chosen].map((address) => ({ address, weight: String(1 + s.rng.int(5)), metadata: "" }));
}

/** A threshold or percentage policy; voting periods short (minutes) or long (hours, so votes are certain to arrive in time). */
function randomPolicy(s: SimState, totalWeight: number): AnyMsg {
  const long = s.rng.oneIn(2);
  const windows = {
    votingPeriod: { seconds: BigInt(long ? 4 * 3600 + s.rng.int(4 * 3600) : 60 + s.rng.int(540)), nanos: 0 },
    minExecutionPeriod: { seconds: 0n, nanos: 0 },
  };
  if (s.rng.oneIn(2))
    return simMsg(THRESHOLD_POLICY_URL, ThresholdDecisionPolicy, { threshold: String(1 + s.rng.int(Math.max(1, totalWeight))), windows });
  return simMsg(PERCENTAGE_POLICY_URL, PercentageDecisionPolicy, { percentage: `0.${3 + s.rng.int(7)}`, windows });
}

function groupTx(
  signer: string,
  name: string,
  codec: { encode(m: any): { finish(): Uint8Array }; fromPartial(o: any): any },
  msg: object,
  expect: SimTx["expect"],
  involves: string[] = [],
): SimTx {
  return { signer, msgs: [simMsg(G + name, codec, msg)], expect, involves: involves.filter((a) => a !== signer) };
}

/**
 * Group operations: groups with policies created, members updated, admins and metadata
 * changed, members leaving, policies funded and their decision policies replaced, proposals
 * submitted (sends from the policy account, sometimes executed at once), voted, executed and
 * withdrawn; invalid ones: a stranger updating members, submitting or withdrawing, a second
 * vote, a vote on a missing proposal, exec of a closed proposal. Invariants: each group's
 * total weight is the sum of its members' weights; every secondary index (by admin, by
 * member, by group, by policy, by voting end, by voter) agrees with its records; proposals
 * still open carry the current group and policy versions (a change aborts them); ids stay
 * below their sequences; every policy has its account.
 */
export function groupSimulation(k: GroupKeeper): ModuleSimulation {
  const ops: SimOperation[] = [
    {
      name: "group/create-group-with-policy",
      weight: 2,
      build: (s) => {
        const admin = s.rng.pick(s.accounts);
        const members = randomMembers(s, 1 + s.rng.int(4));
        const total = members.reduce((n, m) => n + Number(m.weight), 0);
        return groupTx(
          admin,
          "MsgCreateGroupWithPolicy",
          tx.MsgCreateGroupWithPolicy,
          {
            admin,
            members,
            groupMetadata: "sim group",
            groupPolicyMetadata: "",
            groupPolicyAsAdmin: s.rng.oneIn(8),
            decisionPolicy: randomPolicy(s, total),
          },
          "ok",
        );
      },
    },
    {
      name: "group/create-policy",
      weight: 1,
      build: (s) => {
        const v = pickGroup(k, s, adminIsSimulated(s));
        if (!v || v.policies.length >= 3) return undefined;
        const total = Number(parseNonNegativeDec(v.group.totalWeight) / 10n ** 18n);
        return groupTx(
          v.group.admin,
          "MsgCreateGroupPolicy",
          tx.MsgCreateGroupPolicy,
          { admin: v.group.admin, groupId: v.group.id, metadata: "", decisionPolicy: randomPolicy(s, total) },
          "ok",
        );
      },
    },
    {
      name: "group/update-members",
      weight: 2,
      build: (s) => {
        const v = pickGroup(k, s, adminIsSimulated(s));
        if (!v) return undefined;
        const removable = v.members.length > 1 ? v.members : [];
        const update =
          removable.length > 0 && s.rng.oneIn(3)
            ? { address: s.rng.pick(removable).address, weight: "0", metadata: "" }
            : v.members.length < MAX_MEMBERS && s.rng.oneIn(2)
              ? { address: s.rng.pick(s.accounts), weight: String(1 + s.rng.int(5)), metadata: "" }
              : v.members.length > 0
                ? { address: s.rng.pick(v.members).address, weight: String(1 + s.rng.int(5)), metadata: "" }
                : undefined;
        if (!update) return undefined;
        const known = v.members.some((m) => m.address === update.address);
        // Removing a non-member is refused (NotFound); anything else keeps the group non-empty.
        const expect = update.weight === "0" && !known ? "fail" : "ok";
        return groupTx(
          v.group.admin,
          "MsgUpdateGroupMembers",
          tx.MsgUpdateGroupMembers,
          { admin: v.group.admin, groupId: v.group.id, memberUpdates: [update] },
          expect,
          parties(v),
        );
      },
    },
    {
      name: "group/update-members-not-admin",
      weight: 1,
      build: (s) => {
        const v = pickGroup(k, s, () => true);
        if (!v) return undefined;
        const stranger = otherAccount(s, v.group.admin);
        return groupTx(
          stranger,
          "MsgUpdateGroupMembers",
          tx.MsgUpdateGroupMembers,
          { admin: stranger, groupId: v.group.id, memberUpdates: [{ address: stranger, weight: "1", metadata: "" }] },
          "fail",
          parties(v),
        );
      },
    },
    {
      name: "group/update-admin-or-metadata",
      weight: 1,
      build: (s) => {
        const v = pickGroup(k, s, adminIsSimulated(s));
        if (!v) return undefined;
        const admin = v.group.admin;
        if (s.rng.oneIn(2))
          return groupTx(
            admin,
            "MsgUpdateGroupAdmin",
            tx.MsgUpdateGroupAdmin,
            { admin, groupId: v.group.id, newAdmin: otherAccount(s, admin) },
            "ok",
            parties(v),
          );
        return groupTx(
          admin,
          "MsgUpdateGroupMetadata",
          tx.MsgUpdateGroupMetadata,
          { admin, groupId: v.group.id, metadata: `sim ${s.ctx.height}` },
          "ok",
          parties(v),
        );
      },
    },
    {
      name: "group/update-policy",
      weight: 1,
      build: (s) => {
        const v = pickGroup(k, s, (g) => g.policies.some((p) => s.accounts.includes(p.admin)));
        if (!v) return undefined;
        const p = s.rng.pick(v.policies.filter((x) => s.accounts.includes(x.admin)));
        const total = Number(parseNonNegativeDec(v.group.totalWeight) / 10n ** 18n);
        if (s.rng.oneIn(2)) {
          return groupTx(
            p.admin,
            "MsgUpdateGroupPolicyDecisionPolicy",
            tx.MsgUpdateGroupPolicyDecisionPolicy,
            { admin: p.admin, groupPolicyAddress: p.address, decisionPolicy: randomPolicy(s, total) },
            "ok",
            parties(v),
          );
        }
        return groupTx(
          p.admin,
          "MsgUpdateGroupPolicyMetadata",
          tx.MsgUpdateGroupPolicyMetadata,
          { admin: p.admin, groupPolicyAddress: p.address, metadata: `sim ${s.ctx.height}` },
          "ok",
          parties(v),
        );
      },
    },
    {
      name: "group/leave",
      weight: 1,
      build: (s) => {
        const v = pickGroup(k, s, (g) => adminIsSimulated(s)(g) && g.members.length > 1);
        if (!v) return undefined;
        const m = s.rng.pick(v.members);
        return groupTx(m.address, "MsgLeaveGroup", tx.MsgLeaveGroup, { address: m.address, groupId: v.group.id }, "ok", parties(v));
      },
    },
    {
      name: "group/leave-not-member",
      weight: 1,
      build: (s) => {
        const v = pickGroup(k, s, () => true);
        if (!v) return undefined;
        const stranger = s.rng.pick(s.accounts);
        if (v.members.some((m) => m.address === stranger)) return undefined;
        return groupTx(stranger, "MsgLeaveGroup", tx.MsgLeaveGroup, { address: stranger, groupId: v.group.id }, "fail", parties(v));
      },
    },
    {
      name: "group/fund-policy",
      weight: 1,
      build: (s) => {
        const v = pickGroup(k, s, (g) => g.policies.length > 0);
        if (!v) return undefined;
        const from = s.rng.pick(s.accounts);
        const msg = simMsg(SEND, MsgSend, {
          fromAddress: from,
          toAddress: s.rng.pick(v.policies).address,
          amount: [{ denom: s.bondDenom, amount: (1n + s.rng.bigint(10_000_000n)).toString() }],
        });
        return { signer: from, msgs: [msg], expect: "ok" };
      },
    },
    {
      name: "group/submit-proposal",
      weight: 3,
      build: (s) => {
        const v = pickGroup(k, s, (g) => g.policies.length > 0 && g.members.some((m) => s.accounts.includes(m.address)));
        if (!v) return undefined;
        const policy = s.rng.pick(v.policies);
        const proposer = s.rng.pick(v.members.filter((m) => s.accounts.includes(m.address))).address;
        // A send from the policy account: sometimes more than it holds, so execution records a failure.
        const messages = s.rng.oneIn(4)
          ? []
          : [
              simMsg(SEND, MsgSend, {
                fromAddress: policy.address,
                toAddress: s.rng.pick(s.accounts),
                amount: [{ denom: s.bondDenom, amount: (1n + s.rng.bigint(2_000_000n)).toString() }],
              }),
            ];
        return groupTx(
          proposer,
          "MsgSubmitProposal",
          tx.MsgSubmitProposal,
          {
            groupPolicyAddress: policy.address,
            proposers: [proposer],
            metadata: "",
            messages,
            exec: s.rng.oneIn(3) ? tx.Exec.EXEC_TRY : tx.Exec.EXEC_UNSPECIFIED,
            title: `sim ${s.ctx.height}`,
            summary: "",
          },
          "ok",
          parties(v),
        );
      },
    },
    {
      name: "group/submit-proposal-not-member",
      weight: 1,
      build: (s) => {
        const v = pickGroup(k, s, (g) => g.policies.length > 0);
        if (!v) return undefined;
        const stranger = s.rng.pick(s.accounts);
        if (v.members.some((m) => m.address === stranger)) return undefined;
        return groupTx(
          stranger,
          "MsgSubmitProposal",
          tx.MsgSubmitProposal,
          { groupPolicyAddress: v.policies[0]!.address, proposers: [stranger], messages: [], title: "stranger", summary: "" },
          "fail",
          parties(v),
        );
      },
    },
    {
      name: "group/vote",
      weight: 4,
      build: (s) => {
        const p = pickProposal(k, s, (x) => x.status === S.PROPOSAL_STATUS_SUBMITTED);
        if (!p) return undefined;
        const v = proposalView(k, s, p);
        const voters = v.members.filter((m) => s.accounts.includes(m.address) && !k.votes.has(s.ctx, [p.id, accAddress.decode(m.address)]));
        if (voters.length === 0) return undefined;
        const voter = s.rng.pick(voters).address;
        const inTime = p.votingPeriodEnd!.seconds - s.ctx.unixSeconds > SAFE_MARGIN_SECONDS;
        const option = [
          VoteOption.VOTE_OPTION_YES,
          VoteOption.VOTE_OPTION_YES,
          VoteOption.VOTE_OPTION_NO,
          VoteOption.VOTE_OPTION_ABSTAIN,
          VoteOption.VOTE_OPTION_NO_WITH_VETO,
        ][s.rng.int(5)];
        return groupTx(
          voter,
          "MsgVote",
          tx.MsgVote,
          { proposalId: p.id, voter, option, metadata: "", exec: s.rng.oneIn(3) ? tx.Exec.EXEC_TRY : tx.Exec.EXEC_UNSPECIFIED },
          inTime ? "ok" : "any",
          parties(v),
        );
      },
    },
    {
      name: "group/vote-twice",
      weight: 1,
      build: (s) => {
        const p = pickProposal(k, s, (x) => x.status === S.PROPOSAL_STATUS_SUBMITTED);
        if (!p) return undefined;
        const voted = k.votesOf(s.ctx, p.id).filter((x) => s.accounts.includes(x.voter));
        if (voted.length === 0) return undefined;
        const voter = s.rng.pick(voted).voter;
        return groupTx(
          voter,
          "MsgVote",
          tx.MsgVote,
          { proposalId: p.id, voter, option: VoteOption.VOTE_OPTION_YES, metadata: "" },
          "fail",
          parties(proposalView(k, s, p)),
        );
      },
    },
    {
      name: "group/vote-missing-proposal",
      weight: 1,
      build: (s) => {
        const voter = s.rng.pick(s.accounts);
        return groupTx(
          voter,
          "MsgVote",
          tx.MsgVote,
          { proposalId: k.proposalSeq.peek(s.ctx) + 1000n, voter, option: VoteOption.VOTE_OPTION_YES, metadata: "" },
          "fail",
        );
      },
    },
    {
      name: "group/exec",
      weight: 2,
      build: (s) => {
        const p = pickProposal(
          k,
          s,
          () => true,
          (x) => x.status === S.PROPOSAL_STATUS_SUBMITTED || x.status === S.PROPOSAL_STATUS_ACCEPTED,
        );
        if (!p) return undefined;
        const executor = s.rng.pick(s.accounts);
        // Submitted or accepted: exec tallies and runs, recording a failed run rather than failing the tx.
        const open = p.status === S.PROPOSAL_STATUS_SUBMITTED || p.status === S.PROPOSAL_STATUS_ACCEPTED;
        return groupTx(
          executor,
          "MsgExec",
          tx.MsgExec,
          { proposalId: p.id, executor },
          open ? "ok" : "fail",
          parties(proposalView(k, s, p)),
        );
      },
    },
    {
      name: "group/withdraw",
      weight: 1,
      build: (s) => {
        const p = pickProposal(k, s, (x) => x.status === S.PROPOSAL_STATUS_SUBMITTED);
        if (!p) return undefined;
        const v = proposalView(k, s, p);
        const policyAdmin = k.getPolicy(s.ctx, p.groupPolicyAddress).admin;
        const allowed = [...p.proposers, policyAdmin];
        const stranger = s.rng.oneIn(3);
        const who = stranger ? s.rng.pick(s.accounts) : s.rng.pick(allowed.filter((a) => s.accounts.includes(a)).concat(s.accounts[0]!));
        return groupTx(
          who,
          "MsgWithdrawProposal",
          tx.MsgWithdrawProposal,
          { proposalId: p.id, address: who },
          allowed.includes(who) ? "ok" : "fail",
          parties(v),
        );
      },
    },
  ];
  return { operations: ops, invariants: [{ name: "group/weights-and-indexes", check: (ctx) => groupInvariant(k, ctx) }] };
}

/**
 * Weights, sequences, policy accounts and the voting-end queue. The by-admin, by-member,
 * by-group, by-policy and by-voter lookups are indexes their maps keep in step, so they are
 * not checked here.
 */
function groupInvariant(k: GroupKeeper, ctx: SimState["ctx"]): string | undefined {
  const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
  const nextGroup = k.groupSeq.peek(ctx);
  const groups = new Map<bigint, GroupInfo>();
  for (const [id, g] of k.groups.iterate(ctx)) {
    if (id >= nextGroup) return `group ${id} at or beyond the next group id ${nextGroup}`;
    groups.set(id, g);
  }
  const weights = new Map<bigint, bigint>();
  for (const [[groupId, addr], m] of k.members.iterate(ctx)) {
    if (!groups.has(groupId)) return `member ${accAddress.encode(addr)} of missing group ${groupId}`;
    const w = parseNonNegativeDec(m.member!.weight);
    if (w <= 0n) return `member ${accAddress.encode(addr)} of group ${groupId} has weight ${m.member!.weight}`;
    weights.set(groupId, (weights.get(groupId) ?? 0n) + w);
  }
  for (const [id, g] of groups) {
    const sum = weights.get(id) ?? 0n;
    if (parseNonNegativeDec(g.totalWeight) !== sum) return `group ${id} total weight ${g.totalWeight}, its members weigh ${formatDec(sum)}`;
  }
  const policies = new Map<string, GroupPolicyInfo>();
  for (const [addr, p] of k.policies.iterate(ctx)) {
    if (!groups.has(p.groupId)) return `policy ${p.address} of missing group ${p.groupId}`;
    if (!k.auth.hasAccount(ctx, p.address)) return `policy ${p.address} has no account`;
    policies.set(hex(addr), p);
  }
  // Policy accounts are numbered: none may exist at or beyond the sequence.
  const nextPolicy = k.policySeq.peek(ctx);
  if (policies.has(hex(accAddress.decode(groupPolicyAddress(nextPolicy))))) return `a policy at the next policy number ${nextPolicy}`;
  const nextProposal = k.proposalSeq.peek(ctx);
  const proposals = new Map<bigint, Proposal>();
  for (const [id, p] of k.proposals.iterate(ctx)) {
    if (id >= nextProposal) return `proposal ${id} at or beyond the next proposal id ${nextProposal}`;
    const policy = policies.get(hex(accAddress.decode(p.groupPolicyAddress)));
    if (!policy) return `proposal ${id} of missing policy ${p.groupPolicyAddress}`;
    if (!k.proposalsByVotingEnd.has(ctx, [p.votingPeriodEnd!.seconds, p.votingPeriodEnd!.nanos, id]))
      return `proposal ${id} missing from the voting-end queue`;
    if (p.status === S.PROPOSAL_STATUS_SUBMITTED) {
      const g = groups.get(policy.groupId)!;
      if (p.groupVersion !== g.version || p.groupPolicyVersion !== policy.version) {
        return `proposal ${id} still submitted at group version ${p.groupVersion}/${g.version}, policy version ${p.groupPolicyVersion}/${policy.version}: a change should have aborted it`;
      }
    }
    proposals.set(id, p);
  }
  let n = 0;
  for (const [seconds, nanos, id] of k.proposalsByVotingEnd.iterate(ctx)) {
    const end = proposals.get(id)?.votingPeriodEnd;
    if (!end || end.seconds !== seconds || end.nanos !== nanos) return `voting-end queue names proposal ${id} at ${seconds}s`;
    n++;
  }
  if (n !== proposals.size) return `voting-end queue has ${n} entries for ${proposals.size} proposals`;
  for (const [[id, voter]] of k.votes.iterate(ctx)) {
    const p = proposals.get(id);
    if (!p) return `vote of ${accAddress.encode(voter)} on missing proposal ${id}`;
    if (p.status === S.PROPOSAL_STATUS_ACCEPTED || p.status === S.PROPOSAL_STATUS_REJECTED)
      return `vote of ${accAddress.encode(voter)} kept on decided proposal ${id}`;
  }
  return undefined;
}

/**
 * Genesis for the simulation: one-member groups, each with a threshold-1 policy that
 * administers itself and its group (so group operations of simulated accounts leave them
 * alone), one per operator, with the policies' accounts. Returns the policy addresses.
 * Land offices are built on these (land/simulation.ts).
 */
export function addSimOfficeGroups(appState: Record<string, any>, operators: readonly string[], createdAt: string): string[] {
  const section = appState.group;
  const groupSeq = BigInt(section.group_seq ?? "0");
  const policySeq = BigInt(section.group_policy_seq ?? "0");
  const out: string[] = [];
  operators.forEach((operator, i) => {
    const id = (groupSeq + 1n + BigInt(i)).toString();
    const address = groupPolicyAddress(policySeq + 1n + BigInt(i));
    (section.groups ??= []).push({ id, admin: address, metadata: "sim office", version: "1", total_weight: "1", created_at: createdAt });
    (section.group_members ??= []).push({ group_id: id, member: { address: operator, weight: "1", metadata: "", added_at: createdAt } });
    (section.group_policies ??= []).push({
      address,
      group_id: id,
      admin: address,
      metadata: "",
      version: "1",
      created_at: createdAt,
      decision_policy: { "@type": THRESHOLD_POLICY_URL, threshold: "1", windows: { voting_period: "3600s", min_execution_period: "0s" } },
    });
    appState.auth.accounts.push({
      "@type": "/cosmos.auth.v1beta1.BaseAccount",
      address,
      account_number: String(appState.auth.accounts.length),
      sequence: "0",
    });
    out.push(address);
  });
  section.group_seq = (groupSeq + BigInt(operators.length)).toString();
  section.group_policy_seq = (policySeq + BigInt(operators.length)).toString();
  return out;
}
