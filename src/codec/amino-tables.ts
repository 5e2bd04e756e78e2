/**
 * The hand-kept amino tables: what the SDK v0.50 signs with for the Cosmos types we serve but
 * the descriptor set (an older SDK release) does not annotate. The encoder is src/codec/amino.ts.
 */

/** Per-field amino annotations: `deo` = amino.dont_omitempty, `coins` = amino.encoding "legacy_coins". */
export interface FieldAmino {
  deo?: boolean;
  coins?: boolean;
  name?: string;
  /** amino.oneof_name: the legacy oneof wrapper `{"<oneof>": {"type": <name>, "value": {<field>: ...}}}`. */
  oneof?: { key: string; type: string };
}

const DEO: FieldAmino = { deo: true };
const COINS: FieldAmino = { deo: true, coins: true };

/**
 * The descriptor set carries the Cosmos protos of an SDK release older than v0.50, without the
 * amino annotations v0.50 signs with; these are those annotations (and field renames) for the
 * Cosmos types our modules serve. Our own protos carry theirs and are read from the descriptors.
 */
export const COSMOS_FIELDS: Record<string, FieldAmino> = {
  "cosmos.base.v1beta1.Coin.amount": DEO,
  "cosmos.bank.v1beta1.MsgSend.amount": COINS,
  "cosmos.bank.v1beta1.MsgMultiSend.inputs": DEO,
  "cosmos.bank.v1beta1.MsgMultiSend.outputs": DEO,
  "cosmos.bank.v1beta1.Input.coins": COINS,
  "cosmos.bank.v1beta1.Output.coins": COINS,
  "cosmos.bank.v1beta1.SendAuthorization.spend_limit": COINS,
  "cosmos.staking.v1beta1.MsgCreateValidator.description": DEO,
  "cosmos.staking.v1beta1.MsgCreateValidator.commission": DEO,
  "cosmos.staking.v1beta1.MsgCreateValidator.min_self_delegation": DEO,
  "cosmos.staking.v1beta1.MsgCreateValidator.value": DEO,
  "cosmos.staking.v1beta1.CommissionRates.rate": DEO,
  "cosmos.staking.v1beta1.CommissionRates.max_rate": DEO,
  "cosmos.staking.v1beta1.CommissionRates.max_change_rate": DEO,
  "cosmos.staking.v1beta1.MsgEditValidator.description": DEO,
  "cosmos.staking.v1beta1.MsgDelegate.amount": DEO,
  "cosmos.staking.v1beta1.MsgUndelegate.amount": DEO,
  "cosmos.staking.v1beta1.MsgBeginRedelegate.amount": DEO,
  "cosmos.staking.v1beta1.StakeAuthorization.allow_list": { oneof: { key: "Validators", type: "cosmos-sdk/StakeAuthorization/AllowList" } },
  "cosmos.staking.v1beta1.StakeAuthorization.deny_list": { oneof: { key: "Validators", type: "cosmos-sdk/StakeAuthorization/DenyList" } },
  "cosmos.gov.v1.MsgSubmitProposal.initial_deposit": COINS,
  "cosmos.gov.v1.MsgDeposit.amount": COINS,
  "cosmos.gov.v1.MsgUpdateParams.params": DEO,
  "cosmos.authz.v1beta1.MsgGrant.grant": DEO,
  "cosmos.feegrant.v1beta1.BasicAllowance.spend_limit": COINS,
  "cosmos.feegrant.v1beta1.PeriodicAllowance.basic": DEO,
  "cosmos.feegrant.v1beta1.PeriodicAllowance.period": DEO,
  "cosmos.feegrant.v1beta1.PeriodicAllowance.period_spend_limit": COINS,
  "cosmos.feegrant.v1beta1.PeriodicAllowance.period_can_spend": COINS,
  "cosmos.feegrant.v1beta1.PeriodicAllowance.period_reset": DEO,
  "cosmos.group.v1.MsgCreateGroup.members": DEO,
  "cosmos.group.v1.MsgUpdateGroupMembers.member_updates": DEO,
  "cosmos.group.v1.MsgCreateGroupWithPolicy.members": DEO,
  "cosmos.group.v1.DecisionPolicyWindows.voting_period": DEO,
  "cosmos.group.v1.DecisionPolicyWindows.min_execution_period": DEO,
  // Renamed after the descriptor set's release; v0.50 signs with the new names.
  "cosmos.group.v1.MsgUpdateGroupPolicyAdmin.address": { name: "group_policy_address" },
  "cosmos.group.v1.MsgUpdateGroupPolicyDecisionPolicy.address": { name: "group_policy_address" },
  "cosmos.group.v1.MsgUpdateGroupPolicyMetadata.address": { name: "group_policy_address" },
  "cosmos.group.v1.MsgSubmitProposal.address": { name: "group_policy_address" },
  "cosmos.group.v1.MsgExec.signer": { name: "executor" },
};

/** amino.name of the Cosmos types that travel inside an Any (v0.50 names; the descriptors lack them). */
export const COSMOS_NAMES: Record<string, string> = {
  "cosmos.auth.v1beta1.MsgUpdateParams": "cosmos-sdk/x/auth/MsgUpdateParams",
  "cosmos.bank.v1beta1.MsgSend": "cosmos-sdk/MsgSend",
  "cosmos.bank.v1beta1.MsgMultiSend": "cosmos-sdk/MsgMultiSend",
  "cosmos.bank.v1beta1.MsgUpdateParams": "cosmos-sdk/x/bank/MsgUpdateParams",
  "cosmos.bank.v1beta1.MsgSetSendEnabled": "cosmos-sdk/MsgSetSendEnabled",
  "cosmos.bank.v1beta1.SendAuthorization": "cosmos-sdk/SendAuthorization",
  "cosmos.staking.v1beta1.MsgCreateValidator": "cosmos-sdk/MsgCreateValidator",
  "cosmos.staking.v1beta1.MsgEditValidator": "cosmos-sdk/MsgEditValidator",
  "cosmos.staking.v1beta1.MsgDelegate": "cosmos-sdk/MsgDelegate",
  "cosmos.staking.v1beta1.MsgUndelegate": "cosmos-sdk/MsgUndelegate",
  "cosmos.staking.v1beta1.MsgBeginRedelegate": "cosmos-sdk/MsgBeginRedelegate",
  "cosmos.staking.v1beta1.MsgCancelUnbondingDelegation": "cosmos-sdk/MsgCancelUnbondingDelegation",
  "cosmos.staking.v1beta1.MsgUpdateParams": "cosmos-sdk/x/staking/MsgUpdateParams",
  "cosmos.staking.v1beta1.StakeAuthorization": "cosmos-sdk/StakeAuthorization",
  "cosmos.slashing.v1beta1.MsgUnjail": "cosmos-sdk/MsgUnjail",
  "cosmos.slashing.v1beta1.MsgUpdateParams": "cosmos-sdk/x/slashing/MsgUpdateParams",
  "cosmos.gov.v1.MsgSubmitProposal": "cosmos-sdk/v1/MsgSubmitProposal",
  "cosmos.gov.v1.MsgDeposit": "cosmos-sdk/v1/MsgDeposit",
  "cosmos.gov.v1.MsgVote": "cosmos-sdk/v1/MsgVote",
  "cosmos.gov.v1.MsgVoteWeighted": "cosmos-sdk/v1/MsgVoteWeighted",
  "cosmos.gov.v1.MsgCancelProposal": "cosmos-sdk/v1/MsgCancelProposal",
  "cosmos.gov.v1.MsgUpdateParams": "cosmos-sdk/x/gov/v1/MsgUpdateParams",
  "cosmos.gov.v1.MsgExecLegacyContent": "cosmos-sdk/v1/MsgExecLegacyContent",
  "cosmos.gov.v1beta1.TextProposal": "cosmos-sdk/TextProposal",
  "cosmos.authz.v1beta1.MsgGrant": "cosmos-sdk/MsgGrant",
  "cosmos.authz.v1beta1.MsgExec": "cosmos-sdk/MsgExec",
  "cosmos.authz.v1beta1.MsgRevoke": "cosmos-sdk/MsgRevoke",
  "cosmos.authz.v1beta1.GenericAuthorization": "cosmos-sdk/GenericAuthorization",
  "cosmos.feegrant.v1beta1.MsgGrantAllowance": "cosmos-sdk/MsgGrantAllowance",
  "cosmos.feegrant.v1beta1.MsgRevokeAllowance": "cosmos-sdk/MsgRevokeAllowance",
  "cosmos.feegrant.v1beta1.MsgPruneAllowances": "cosmos-sdk/MsgPruneAllowances",
  "cosmos.feegrant.v1beta1.BasicAllowance": "cosmos-sdk/BasicAllowance",
  "cosmos.feegrant.v1beta1.PeriodicAllowance": "cosmos-sdk/PeriodicAllowance",
  "cosmos.feegrant.v1beta1.AllowedMsgAllowance": "cosmos-sdk/AllowedMsgAllowance",
  "cosmos.group.v1.MsgCreateGroup": "cosmos-sdk/MsgCreateGroup",
  "cosmos.group.v1.MsgUpdateGroupMembers": "cosmos-sdk/MsgUpdateGroupMembers",
  "cosmos.group.v1.MsgUpdateGroupAdmin": "cosmos-sdk/MsgUpdateGroupAdmin",
  "cosmos.group.v1.MsgUpdateGroupMetadata": "cosmos-sdk/MsgUpdateGroupMetadata",
  "cosmos.group.v1.MsgCreateGroupPolicy": "cosmos-sdk/MsgCreateGroupPolicy",
  "cosmos.group.v1.MsgCreateGroupWithPolicy": "cosmos-sdk/MsgCreateGroupWithPolicy",
  "cosmos.group.v1.MsgUpdateGroupPolicyAdmin": "cosmos-sdk/MsgUpdateGroupPolicyAdmin",
  "cosmos.group.v1.MsgUpdateGroupPolicyDecisionPolicy": "cosmos-sdk/MsgUpdateGroupDecisionPolicy",
  "cosmos.group.v1.MsgUpdateGroupPolicyMetadata": "cosmos-sdk/MsgUpdateGroupPolicyMetadata",
  "cosmos.group.v1.MsgSubmitProposal": "cosmos-sdk/group/MsgSubmitProposal",
  "cosmos.group.v1.MsgWithdrawProposal": "cosmos-sdk/group/MsgWithdrawProposal",
  "cosmos.group.v1.MsgVote": "cosmos-sdk/group/MsgVote",
  "cosmos.group.v1.MsgExec": "cosmos-sdk/group/MsgExec",
  "cosmos.group.v1.MsgLeaveGroup": "cosmos-sdk/group/MsgLeaveGroup",
  "cosmos.group.v1.ThresholdDecisionPolicy": "cosmos-sdk/ThresholdDecisionPolicy",
  "cosmos.group.v1.PercentageDecisionPolicy": "cosmos-sdk/PercentageDecisionPolicy",
  "cosmos.crypto.secp256k1.PubKey": "tendermint/PubKeySecp256k1",
  "cosmos.crypto.ed25519.PubKey": "tendermint/PubKeyEd25519",
};

/** Key types whose amino form is the bare key (amino.message_encoding "key_field"). */
export const KEY_FIELD_TYPES = new Set(["cosmos.crypto.secp256k1.PubKey", "cosmos.crypto.ed25519.PubKey"]);
