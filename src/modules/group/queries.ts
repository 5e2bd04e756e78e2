import * as q from "cosmjs-types/cosmos/group/v1/query";
import { ProposalStatus, proposalStatusToJSON, type GroupInfo, type GroupPolicyInfo } from "cosmjs-types/cosmos/group/v1/types";
import { bytesKey } from "../../store/codecs";
import { accAddress } from "../../types/address";
import type { Context } from "../../types/context";
import { defineQuery, pageRequest, pageResponse, paginated, queryAddress, queryErrors } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { GroupKeeper } from "./keeper";

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

  return [
    defineQuery({
      requestCodec: q.QueryGroupInfoRequest,
      responseCodec: q.QueryGroupInfoResponse,
      handle: (ctx, req) => ({ info: group(ctx, req.groupId) }),
    }),
    defineQuery({
      requestCodec: q.QueryGroupPolicyInfoRequest,
      responseCodec: q.QueryGroupPolicyInfoResponse,
      handle: (ctx, req) => ({ info: policy(ctx, req.address) }),
    }),
    defineQuery({
      requestCodec: q.QueryGroupMembersRequest,
      responseCodec: q.QueryGroupMembersResponse,
      handle: (ctx, req) => {
        const page = paginated(() => k.members.paginate(ctx, pageRequest(req.pagination), { prefix: k.memberKey.prefix(req.groupId) }));
        return { members: page.items.map(([, m]) => m), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryGroupsByAdminRequest,
      responseCodec: q.QueryGroupsByAdminResponse,
      handle: (ctx, req) => {
        const admin = queryAddress(req.admin, "admin");
        const page = paginated(() => k.groups.indexes.byAdmin.paginate(ctx, admin, pageRequest(req.pagination)));
        return { groups: page.items.map((id) => k.groups.get(ctx, id)!), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryGroupPoliciesByGroupRequest,
      responseCodec: q.QueryGroupPoliciesByGroupResponse,
      handle: (ctx, req) => {
        const page = paginated(() => k.policies.indexes.byGroup.paginate(ctx, req.groupId, pageRequest(req.pagination)));
        return { groupPolicies: page.items.map((addr) => k.policies.get(ctx, addr)!), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryGroupPoliciesByAdminRequest,
      responseCodec: q.QueryGroupPoliciesByAdminResponse,
      handle: (ctx, req) => {
        const admin = queryAddress(req.admin, "admin");
        const page = paginated(() => k.policies.indexes.byAdmin.paginate(ctx, admin, pageRequest(req.pagination)));
        return { groupPolicies: page.items.map((addr) => k.policies.get(ctx, addr)!), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryProposalRequest,
      responseCodec: q.QueryProposalResponse,
      handle: (ctx, req) => ({ proposal: proposal(ctx, req.proposalId) }),
    }),
    defineQuery({
      requestCodec: q.QueryProposalsByGroupPolicyRequest,
      responseCodec: q.QueryProposalsByGroupPolicyResponse,
      handle: (ctx, req) => {
        const address = queryAddress(req.address, "address");
        const page = paginated(() => k.proposals.indexes.byPolicy.paginate(ctx, address, pageRequest(req.pagination)));
        return { proposals: page.items.map((id) => k.proposals.get(ctx, id)!), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryVoteByProposalVoterRequest,
      responseCodec: q.QueryVoteByProposalVoterResponse,
      handle: (ctx, req) => {
        const voter = accAddress.decode(queryAddress(req.voter, "voter"));
        const vote = k.votes.get(ctx, [requireId(req.proposalId, "proposal id"), voter]);
        if (!vote) throw queryErrors.notFound(`vote of ${req.voter} on proposal ${req.proposalId}: not found`);
        return { vote };
      },
    }),
    defineQuery({
      requestCodec: q.QueryVotesByProposalRequest,
      responseCodec: q.QueryVotesByProposalResponse,
      handle: (ctx, req) => {
        const page = paginated(() => k.votes.paginate(ctx, pageRequest(req.pagination), { prefix: k.voteKey.prefix(req.proposalId) }));
        return { votes: page.items.map(([, v]) => v), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryVotesByVoterRequest,
      responseCodec: q.QueryVotesByVoterResponse,
      handle: (ctx, req) => {
        const voter = bytesKey.encodeNonTerminal(accAddress.decode(queryAddress(req.voter, "voter")));
        const page = paginated(() => k.votes.indexes.byVoter.paginate(ctx, voter, pageRequest(req.pagination)));
        return { votes: page.items.map((key) => k.votes.get(ctx, key)!), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryGroupsByMemberRequest,
      responseCodec: q.QueryGroupsByMemberResponse,
      handle: (ctx, req) => {
        const address = bytesKey.encodeNonTerminal(accAddress.decode(queryAddress(req.address, "address")));
        const page = paginated(() => k.members.indexes.byMember.paginate(ctx, address, pageRequest(req.pagination)));
        return { groups: page.items.map(([id]) => k.groups.get(ctx, id)!), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryTallyResultRequest,
      responseCodec: q.QueryTallyResultResponse,
      handle: (ctx, req) => {
        const p = proposal(ctx, req.proposalId);
        if (p.status === ProposalStatus.PROPOSAL_STATUS_WITHDRAWN || p.status === ProposalStatus.PROPOSAL_STATUS_ABORTED) {
          throw queryErrors.invalidArgument(`can't get the tally of a proposal with status ${proposalStatusToJSON(p.status)}`);
        }
        const info = policy(ctx, p.groupPolicyAddress);
        return { tally: k.proposalBook.tally(ctx, p, info.groupId) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryGroupsRequest,
      responseCodec: q.QueryGroupsResponse,
      handle: (ctx, req) => {
        const page = paginated(() => k.groups.paginate(ctx, pageRequest(req.pagination)));
        return { groups: page.items.map(([, g]) => g), pagination: pageResponse(page) };
      },
    }),
  ];
}
