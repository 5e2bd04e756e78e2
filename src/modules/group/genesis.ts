import { GenesisState } from "cosmjs-types/cosmos/group/v1/genesis";
import { VoteOption } from "cosmjs-types/cosmos/group/v1/types";
import { accAddress } from "../../types/address";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { formatDec, parseNonNegativeDec, parsePositiveDec } from "./decimal";
import { groupErrors } from "./errors";
import type { GroupKeeper } from "./keeper";
import { decodeDecisionPolicy } from "./policy";

/**
 * Genesis JSON may carry Any type URLs in the "type.googleapis.com/<name>" form; state keeps
 * the Cosmos "/<name>" form that the decision-policy and message routing compare against.
 */
function cosmosTypeUrl<T extends { typeUrl: string } | undefined>(any: T): T {
  if (!any) return any;
  return { ...any, typeUrl: `/${any.typeUrl.slice(any.typeUrl.lastIndexOf("/") + 1)}` };
}

function notFound(detail: string): Error {
  return sdkErrors.ErrNotFound.wrap(detail);
}

/** The SDK's GenesisState.Validate, plus unique ids, sequences ahead of every id, and member weights summing to each group's total. */
export function validateGroupGenesis(g: GenesisState): void {
  const groups = new Map<bigint, bigint>();
  for (const info of g.groups) {
    if (info.id === 0n) throw groupErrors.ErrEmpty.wrap("group's GroupId");
    if (info.version === 0n) throw groupErrors.ErrEmpty.wrap(`group ${info.id} version`);
    accAddress.validate(info.admin);
    if (groups.has(info.id)) throw groupErrors.ErrDuplicate.wrap(`group ${info.id}`);
    if (info.id > g.groupSeq) throw groupErrors.ErrInvalid.wrap(`group id ${info.id} is beyond group_seq ${g.groupSeq}`);
    groups.set(info.id, parseNonNegativeDec(info.totalWeight));
  }
  const weights = new Map<bigint, bigint>();
  const members = new Set<string>();
  for (const m of g.groupMembers) {
    if (m.groupId === 0n) throw groupErrors.ErrEmpty.wrap("group member's group id");
    if (!groups.has(m.groupId)) throw notFound(`group with GroupId ${m.groupId} doesn't exist`);
    if (!m.member) throw groupErrors.ErrEmpty.wrap("group member");
    accAddress.validate(m.member.address);
    const key = `${m.groupId}/${m.member.address}`;
    if (members.has(key)) throw groupErrors.ErrDuplicate.wrap(`member ${m.member.address} of group ${m.groupId}`);
    members.add(key);
    weights.set(m.groupId, (weights.get(m.groupId) ?? 0n) + parsePositiveDec(m.member.weight));
  }
  for (const [id, total] of groups) {
    if ((weights.get(id) ?? 0n) !== total)
      throw groupErrors.ErrInvalid.wrap(`group ${id} total weight ${formatDec(total)} differs from its members' weights`);
  }
  const policies = new Set<string>();
  for (const p of g.groupPolicies) {
    accAddress.validate(p.address);
    accAddress.validate(p.admin);
    if (p.groupId === 0n) throw groupErrors.ErrEmpty.wrap("group policy's group id");
    if (!groups.has(p.groupId)) throw notFound(`group with GroupId ${p.groupId} doesn't exist`);
    if (p.version === 0n) throw groupErrors.ErrEmpty.wrap(`group policy ${p.address} version`);
    if (policies.has(p.address)) throw groupErrors.ErrDuplicate.wrap(`group policy ${p.address}`);
    decodeDecisionPolicy(cosmosTypeUrl(p.decisionPolicy));
    policies.add(p.address);
  }
  const proposals = new Set<bigint>();
  for (const p of g.proposals) {
    if (p.id === 0n) throw groupErrors.ErrEmpty.wrap("proposal id");
    if (p.id > g.proposalSeq) throw groupErrors.ErrInvalid.wrap(`proposal id ${p.id} is beyond proposal_seq ${g.proposalSeq}`);
    if (proposals.has(p.id)) throw groupErrors.ErrDuplicate.wrap(`proposal ${p.id}`);
    if (!policies.has(p.groupPolicyAddress))
      throw notFound(`group policy account with address ${p.groupPolicyAddress} doesn't correspond to proposal address`);
    if (p.proposers.length === 0) throw groupErrors.ErrEmpty.wrap(`proposal ${p.id} proposers`);
    for (const a of p.proposers) accAddress.validate(a);
    if (p.groupVersion === 0n || p.groupPolicyVersion === 0n) throw groupErrors.ErrEmpty.wrap(`proposal ${p.id} versions`);
    proposals.add(p.id);
  }
  const votes = new Set<string>();
  for (const v of g.votes) {
    accAddress.validate(v.voter);
    if (v.proposalId === 0n) throw groupErrors.ErrEmpty.wrap("vote's proposal id");
    if (v.option === VoteOption.VOTE_OPTION_UNSPECIFIED) throw groupErrors.ErrEmpty.wrap("vote option");
    if (!proposals.has(v.proposalId)) throw notFound(`proposal with ProposalId ${v.proposalId} doesn't exist`);
    const key = `${v.proposalId}/${v.voter}`;
    if (votes.has(key)) throw groupErrors.ErrDuplicate.wrap(`vote of ${v.voter} on proposal ${v.proposalId}`);
    votes.add(key);
  }
}

export function groupGenesis(k: GroupKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "cosmos.group.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => GenesisState.fromPartial({}),
    validate: validateGroupGenesis,
    init: (ctx, g) => {
      // The genesis fields name the last id given (the SDK's); the sequences hold the next one.
      k.groupSeq.set(ctx, g.groupSeq + 1n);
      k.policySeq.set(ctx, g.groupPolicySeq + 1n);
      k.proposalSeq.set(ctx, g.proposalSeq + 1n);
      for (const info of g.groups) k.groups.set(ctx, info.id, info);
      for (const m of g.groupMembers) k.setMember(ctx, m);
      for (const p of g.groupPolicies) k.setPolicy(ctx, { ...p, decisionPolicy: cosmosTypeUrl(p.decisionPolicy) });
      for (const p of g.proposals) k.setProposal(ctx, { ...p, messages: p.messages.map(cosmosTypeUrl) });
      for (const v of g.votes) k.setVote(ctx, v);
    },
    export: (ctx) => ({
      groupSeq: k.groupSeq.peek(ctx) - 1n,
      groups: [...k.groups.iterate(ctx)].map(([, v]) => v),
      groupMembers: [...k.members.iterate(ctx)].map(([, v]) => v),
      groupPolicySeq: k.policySeq.peek(ctx) - 1n,
      groupPolicies: [...k.policies.iterate(ctx)].map(([, v]) => v),
      proposalSeq: k.proposalSeq.peek(ctx) - 1n,
      proposals: [...k.proposals.iterate(ctx)].map(([, v]) => v),
      votes: [...k.votes.iterate(ctx)].map(([, v]) => v),
    }),
  };
}
