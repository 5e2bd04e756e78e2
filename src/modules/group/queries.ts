import * as q from "cosmjs-types/cosmos/group/v1/query";
import { ProposalStatus, proposalStatusToJSON, type GroupInfo, type GroupPolicyInfo } from "cosmjs-types/cosmos/group/v1/types";
import { uint64Key, bytesKey } from "../../store/codecs";
import { accAddress } from "../../types/address";
import type { Context } from "../../types/context";
import { defineQuery, pageRequest, pageResponse, paginated, queryAddress, queryErrors } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { GroupKeeper } from "./keeper";
import { tally } from "./proposals";

const P = "/cosmos.group.v1.Query/";
const R = "/cosmos/group/v1";

function requireId(id: bigint, what: string): bigint {
  if (id === 0n) throw queryErrors.invalidArgument(`${what} cannot be 0`);
  return id;
}

export function groupQueries(k: GroupKeeper): QueryDef[] {
  const group = (ctx: Context, id: bigint): GroupInfo => {
    const g = k.groups.get(ctx, id);
    if (!g) throw queryErrors.notFound(`group ${id}: not found`);
    return g;
  };
  const policy = (ctx: Context, address: string): GroupPolicyInfo => {
    const p = k.policies.get(ctx, accAddress.decode(queryAddress(address)));
    if (!p) throw queryErrors.notFound(`group policy ${address}: not found`);
    return p;
  };
  const proposal = (ctx: Context, id: bigint) => {
    const p = k.proposals.get(ctx, requireId(id, "proposal id"));
    if (!p) throw queryErrors.notFound(`proposal ${id}: not found`);
    return p;
  };
  const addrPrefix = (address: string, field: string) => bytesKey.encodeNonTerminal(accAddress.decode(queryAddress(address, field)));

  return [
    defineQuery({
      path: P + "GroupInfo", requestCodec: q.QueryGroupInfoRequest, responseCodec: q.QueryGroupInfoResponse, rest: `${R}/group_info/{group_id}`,
      handle: (ctx, req) => ({ info: group(ctx, req.groupId) }),
    }),
    defineQuery({
      path: P + "GroupPolicyInfo", requestCodec: q.QueryGroupPolicyInfoRequest, responseCodec: q.QueryGroupPolicyInfoResponse,
      rest: `${R}/group_policy_info/{address}`,
      handle: (ctx, req) => ({ info: policy(ctx, req.address) }),
    }),
    defineQuery({
      path: P + "GroupMembers", requestCodec: q.QueryGroupMembersRequest, responseCodec: q.QueryGroupMembersResponse, rest: `${R}/group_members/{group_id}`,
      handle: (ctx, req) => {
        const page = paginated(() => k.members.paginate(ctx, pageRequest(req.pagination), { prefix: k.memberKey.prefix(req.groupId) }));
        return { members: page.items.map(([, m]) => m), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "GroupsByAdmin", requestCodec: q.QueryGroupsByAdminRequest, responseCodec: q.QueryGroupsByAdminResponse, rest: `${R}/groups_by_admin/{admin}`,
      handle: (ctx, req) => {
        const page = paginated(() => k.groupsByAdmin.paginate(ctx, pageRequest(req.pagination), { prefix: addrPrefix(req.admin, "admin") }));
        return { groups: page.items.map(([, id]) => k.groups.get(ctx, id)!), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "GroupPoliciesByGroup", requestCodec: q.QueryGroupPoliciesByGroupRequest, responseCodec: q.QueryGroupPoliciesByGroupResponse,
      rest: `${R}/group_policies_by_group/{group_id}`,
      handle: (ctx, req) => {
        const page = paginated(() => k.policiesByGroup.paginate(ctx, pageRequest(req.pagination), { prefix: uint64Key.encodeNonTerminal(req.groupId) }));
        return { groupPolicies: page.items.map(([, addr]) => k.policies.get(ctx, addr)!), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "GroupPoliciesByAdmin", requestCodec: q.QueryGroupPoliciesByAdminRequest, responseCodec: q.QueryGroupPoliciesByAdminResponse,
      rest: `${R}/group_policies_by_admin/{admin}`,
      handle: (ctx, req) => {
        const page = paginated(() => k.policiesByAdmin.paginate(ctx, pageRequest(req.pagination), { prefix: addrPrefix(req.admin, "admin") }));
        return { groupPolicies: page.items.map(([, addr]) => k.policies.get(ctx, addr)!), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "Proposal", requestCodec: q.QueryProposalRequest, responseCodec: q.QueryProposalResponse, rest: `${R}/proposal/{proposal_id}`,
      handle: (ctx, req) => ({ proposal: proposal(ctx, req.proposalId) }),
    }),
    defineQuery({
      path: P + "ProposalsByGroupPolicy", requestCodec: q.QueryProposalsByGroupPolicyRequest, responseCodec: q.QueryProposalsByGroupPolicyResponse,
      rest: `${R}/proposals_by_group_policy/{address}`,
      handle: (ctx, req) => {
        const page = paginated(() => k.proposalsByPolicy.paginate(ctx, pageRequest(req.pagination), { prefix: addrPrefix(req.address, "address") }));
        return { proposals: page.items.map(([, id]) => k.proposals.get(ctx, id)!), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "VoteByProposalVoter", requestCodec: q.QueryVoteByProposalVoterRequest, responseCodec: q.QueryVoteByProposalVoterResponse,
      rest: `${R}/vote_by_proposal_voter/{proposal_id}/{voter}`,
      handle: (ctx, req) => {
        const voter = accAddress.decode(queryAddress(req.voter, "voter"));
        const vote = k.votes.get(ctx, [requireId(req.proposalId, "proposal id"), voter]);
        if (!vote) throw queryErrors.notFound(`vote of ${req.voter} on proposal ${req.proposalId}: not found`);
        return { vote };
      },
    }),
    defineQuery({
      path: P + "VotesByProposal", requestCodec: q.QueryVotesByProposalRequest, responseCodec: q.QueryVotesByProposalResponse,
      rest: `${R}/votes_by_proposal/{proposal_id}`,
      handle: (ctx, req) => {
        const page = paginated(() => k.votes.paginate(ctx, pageRequest(req.pagination), { prefix: k.voteKey.prefix(req.proposalId) }));
        return { votes: page.items.map(([, v]) => v), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "VotesByVoter", requestCodec: q.QueryVotesByVoterRequest, responseCodec: q.QueryVotesByVoterResponse, rest: `${R}/votes_by_voter/{voter}`,
      handle: (ctx, req) => {
        const voter = accAddress.decode(queryAddress(req.voter, "voter"));
        const page = paginated(() => k.votesByVoter.paginate(ctx, pageRequest(req.pagination), { prefix: bytesKey.encodeNonTerminal(voter) }));
        return { votes: page.items.map(([, id]) => k.votes.get(ctx, [id, voter])!), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "GroupsByMember", requestCodec: q.QueryGroupsByMemberRequest, responseCodec: q.QueryGroupsByMemberResponse,
      rest: `${R}/groups_by_member/{address}`,
      handle: (ctx, req) => {
        const page = paginated(() => k.groupsByMember.paginate(ctx, pageRequest(req.pagination), { prefix: addrPrefix(req.address, "address") }));
        return { groups: page.items.map(([, id]) => k.groups.get(ctx, id)!), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "TallyResult", requestCodec: q.QueryTallyResultRequest, responseCodec: q.QueryTallyResultResponse,
      rest: `${R}/proposals/{proposal_id}/tally`,
      handle: (ctx, req) => {
        const p = proposal(ctx, req.proposalId);
        if (p.status === ProposalStatus.PROPOSAL_STATUS_WITHDRAWN || p.status === ProposalStatus.PROPOSAL_STATUS_ABORTED) {
          throw queryErrors.invalidArgument(`can't get the tally of a proposal with status ${proposalStatusToJSON(p.status)}`);
        }
        const info = policy(ctx, p.groupPolicyAddress);
        return { tally: tally(k, ctx, p, info.groupId) };
      },
    }),
    defineQuery({
      path: P + "Groups", requestCodec: q.QueryGroupsRequest, responseCodec: q.QueryGroupsResponse, rest: `${R}/groups`,
      handle: (ctx, req) => {
        const page = paginated(() => k.groups.paginate(ctx, pageRequest(req.pagination)));
        return { groups: page.items.map(([, g]) => g), pagination: pageResponse(page) };
      },
    }),
  ];
}
