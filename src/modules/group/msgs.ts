import * as tx from "cosmjs-types/cosmos/group/v1/tx";
import { accAddress } from "../../types/address";
import { defineMsg } from "../../types/define";
import type { MsgDef } from "../../types/module";
import { groupErrors } from "./errors";
import { emitGroupEvent } from "./events";
import { assertMetadata, requireGroupAdmin, requirePolicyAdmin, validateMembers } from "./groups";
import type { GroupKeeper } from "./keeper";
import { decodeDecisionPolicy, validatePolicyWindows } from "./policy";

function requireGroupId(id: bigint): void {
  if (id === 0n) throw groupErrors.ErrEmpty.wrap("group id");
}

function requireNewAdmin(admin: string, newAdmin: string): void {
  accAddress.validate(admin);
  accAddress.validate(newAdmin);
  if (admin === newAdmin) throw groupErrors.ErrInvalid.wrap("new and old admin are the same");
}

export function groupMsgs(k: GroupKeeper): MsgDef[] {
  return [
    defineMsg({
      codec: tx.MsgCreateGroup,
      responseCodec: tx.MsgCreateGroupResponse,
      signer: "admin",
      aminoName: "cosmos-sdk/MsgCreateGroup",
      handle: (ctx, msg) => ({ groupId: k.createGroup(ctx, msg.admin, msg.members, msg.metadata) }),
    }),
    defineMsg({
      codec: tx.MsgUpdateGroupMembers,
      responseCodec: tx.MsgUpdateGroupMembersResponse,
      signer: "admin",
      aminoName: "cosmos-sdk/MsgUpdateGroupMembers",
      handle: (ctx, msg) => {
        requireGroupId(msg.groupId);
        if (msg.memberUpdates.length === 0) throw groupErrors.ErrEmpty.wrap("member updates");
        validateMembers(msg.memberUpdates);
        const g = k.getGroup(ctx, msg.groupId);
        requireGroupAdmin(g, msg.admin);
        k.updateGroupMembers(ctx, g, msg.memberUpdates);
        emitGroupEvent(ctx, "EventUpdateGroup", { group_id: g.id.toString() });
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgUpdateGroupAdmin,
      responseCodec: tx.MsgUpdateGroupAdminResponse,
      signer: "admin",
      aminoName: "cosmos-sdk/MsgUpdateGroupAdmin",
      handle: (ctx, msg) => {
        requireGroupId(msg.groupId);
        requireNewAdmin(msg.admin, msg.newAdmin);
        const g = k.getGroup(ctx, msg.groupId);
        requireGroupAdmin(g, msg.admin);
        k.bumpGroup(ctx, { ...g, admin: msg.newAdmin });
        emitGroupEvent(ctx, "EventUpdateGroup", { group_id: g.id.toString() });
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgUpdateGroupMetadata,
      responseCodec: tx.MsgUpdateGroupMetadataResponse,
      signer: "admin",
      aminoName: "cosmos-sdk/MsgUpdateGroupMetadata",
      handle: (ctx, msg) => {
        requireGroupId(msg.groupId);
        accAddress.validate(msg.admin);
        assertMetadata(k.config, msg.metadata, "group metadata");
        const g = k.getGroup(ctx, msg.groupId);
        requireGroupAdmin(g, msg.admin);
        k.bumpGroup(ctx, { ...g, metadata: msg.metadata });
        emitGroupEvent(ctx, "EventUpdateGroup", { group_id: g.id.toString() });
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgCreateGroupPolicy,
      responseCodec: tx.MsgCreateGroupPolicyResponse,
      signer: "admin",
      aminoName: "cosmos-sdk/MsgCreateGroupPolicy",
      handle: (ctx, msg) => ({ address: k.createGroupPolicy(ctx, msg.admin, msg.groupId, msg.metadata, msg.decisionPolicy) }),
    }),
    defineMsg({
      codec: tx.MsgCreateGroupWithPolicy,
      responseCodec: tx.MsgCreateGroupWithPolicyResponse,
      signer: "admin",
      aminoName: "cosmos-sdk/MsgCreateGroupWithPolicy",
      handle: (ctx, msg) => {
        const groupId = k.createGroup(ctx, msg.admin, msg.members, msg.groupMetadata);
        const address = k.createGroupPolicy(ctx, msg.admin, groupId, msg.groupPolicyMetadata, msg.decisionPolicy);
        if (msg.groupPolicyAsAdmin) {
          // As the SDK: the group and then the policy are handed to the policy account, each a versioned update.
          k.bumpGroup(ctx, { ...k.getGroup(ctx, groupId), admin: address });
          emitGroupEvent(ctx, "EventUpdateGroup", { group_id: groupId.toString() });
          k.bumpPolicy(ctx, { ...k.getPolicy(ctx, address), admin: address });
        }
        return { groupId, groupPolicyAddress: address };
      },
    }),
    defineMsg({
      codec: tx.MsgUpdateGroupPolicyAdmin,
      responseCodec: tx.MsgUpdateGroupPolicyAdminResponse,
      signer: "admin",
      aminoName: "cosmos-sdk/MsgUpdateGroupPolicyAdmin",
      handle: (ctx, msg) => {
        requireNewAdmin(msg.admin, msg.newAdmin);
        accAddress.validate(msg.groupPolicyAddress);
        const p = k.getPolicy(ctx, msg.groupPolicyAddress);
        requirePolicyAdmin(p, msg.admin);
        k.bumpPolicy(ctx, { ...p, admin: msg.newAdmin });
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgUpdateGroupPolicyDecisionPolicy,
      responseCodec: tx.MsgUpdateGroupPolicyDecisionPolicyResponse,
      signer: "admin",
      aminoName: "cosmos-sdk/MsgUpdateGroupDecisionPolicy",
      handle: (ctx, msg) => {
        accAddress.validate(msg.admin);
        accAddress.validate(msg.groupPolicyAddress);
        const policy = decodeDecisionPolicy(msg.decisionPolicy);
        const p = k.getPolicy(ctx, msg.groupPolicyAddress);
        requirePolicyAdmin(p, msg.admin);
        validatePolicyWindows(policy, k.config);
        k.runGuards(ctx, { kind: "policy", groupId: p.groupId, policyAddress: p.address, newDecision: policy.decision });
        k.bumpPolicy(ctx, { ...p, decisionPolicy: msg.decisionPolicy });
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgUpdateGroupPolicyMetadata,
      responseCodec: tx.MsgUpdateGroupPolicyMetadataResponse,
      signer: "admin",
      aminoName: "cosmos-sdk/MsgUpdateGroupPolicyMetadata",
      handle: (ctx, msg) => {
        accAddress.validate(msg.admin);
        accAddress.validate(msg.groupPolicyAddress);
        assertMetadata(k.config, msg.metadata, "group policy metadata");
        const p = k.getPolicy(ctx, msg.groupPolicyAddress);
        requirePolicyAdmin(p, msg.admin);
        k.bumpPolicy(ctx, { ...p, metadata: msg.metadata });
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgSubmitProposal,
      responseCodec: tx.MsgSubmitProposalResponse,
      signer: (msg) => msg.proposers,
      aminoName: "cosmos-sdk/group/MsgSubmitProposal",
      handle: (ctx, msg) => ({ proposalId: k.proposalBook.submit(ctx, msg) }),
    }),
    defineMsg({
      codec: tx.MsgWithdrawProposal,
      responseCodec: tx.MsgWithdrawProposalResponse,
      signer: "address",
      aminoName: "cosmos-sdk/group/MsgWithdrawProposal",
      handle: (ctx, msg) => {
        k.proposalBook.withdraw(ctx, msg.proposalId, msg.address);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgVote,
      responseCodec: tx.MsgVoteResponse,
      signer: "voter",
      aminoName: "cosmos-sdk/group/MsgVote",
      handle: (ctx, msg) => {
        k.proposalBook.vote(ctx, msg);
        if (msg.exec === tx.Exec.EXEC_TRY) k.proposalBook.exec(ctx, msg.proposalId, msg.voter);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgExec,
      responseCodec: tx.MsgExecResponse,
      signer: "executor",
      aminoName: "cosmos-sdk/group/MsgExec",
      handle: (ctx, msg) => ({ result: k.proposalBook.exec(ctx, msg.proposalId, msg.executor) }),
    }),
    defineMsg({
      codec: tx.MsgLeaveGroup,
      responseCodec: tx.MsgLeaveGroupResponse,
      signer: "address",
      aminoName: "cosmos-sdk/group/MsgLeaveGroup",
      handle: (ctx, msg) => {
        requireGroupId(msg.groupId);
        accAddress.validate(msg.address);
        k.leaveGroup(ctx, msg.groupId, msg.address);
        return {};
      },
    }),
  ];
}
