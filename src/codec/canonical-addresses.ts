import { bech32 } from "bech32";
import { fromBinary, getExtension, hasExtension, ScalarType, toBinary, type DescField, type DescMessage } from "@bufbuild/protobuf";
import { protoRegistry } from "./proto-registry";

/**
 * Canonical addresses at the door. bech32 admits one all-upper-case spelling of every address
 * besides the lower-case one, and the SDK treats both as the same account; so every address
 * field of a message is rewritten to lower case once, when the message is decoded, and the
 * state machine only ever sees (and compares, and keys by) the canonical spelling.
 *
 * An address field is a string field annotated `cosmos_proto.scalar` (account, validator or
 * consensus address) or one of the unannotated fields below. Only an all-upper-case string
 * that decodes as bech32 is rewritten: anything else is left for validation to judge.
 */

/** Address fields whose protos carry no `cosmos_proto.scalar` (full message name . field name). */
export const UNANNOTATED_ADDRESS_FIELDS: ReadonlySet<string> = new Set([
  "blockchain.custody.v1.MsgRequestRedemption.destination",
  "blockchain.oracle.v1.MsgSubmitExchangeRates.validator",
  "blockchain.oracle.v1.MsgDelegateFeeder.validator",
  "blockchain.oracle.v1.QueryFeederDelegationRequest.validator",
  "blockchain.oracle.v1.MsgApproveAppraiser.appraiser",
  "blockchain.oracle.v1.MsgRevokeAppraiser.appraiser",
  "blockchain.oracle.v1.QueryGetAppraiserRequest.address",
  "blockchain.paymsg.v1.MsgSendPayment.instructing_participant",
  "blockchain.paymsg.v1.MsgSendPayment.instructed_participant",
  "blockchain.paymsg.v1.MsgSendPayment.creditor",
  "blockchain.paymsg.v1.MsgApproveParticipant.participant",
  "blockchain.paymsg.v1.QueryGetParticipantApplicationRequest.creator",
  "blockchain.paymsg.v1.QueryGetApprovedParticipantRequest.participant",
  "blockchain.paymsg.v1.QueryGetPaymentRecordRequest.instructing_participant",
  "blockchain.stablecoin.v1.MsgMintCoin.recipient",
  "blockchain.treasury.v1.MsgCreateTreasury.admin",
  "blockchain.treasury.v1.QueryLocksByBeneficiaryRequest.beneficiary",
  "blockchain.enforcement.v1.QueryFreezeStatusRequest.address",
  "blockchain.land.v1.QueryParcelsByHolderRequest.holder",
  "blockchain.tokenisation.v1.QueryEntitlementRequest.holder",
  "blockchain.validatorgov.v1.QueryPendingOperatorRotationRequest.current_operator",
  "cosmos.distribution.v1beta1.MsgCommunityPoolSpend.recipient",
  "cosmos.gov.v1.MsgExecLegacyContent.authority",
  "ibc.core.client.v1.MsgCreateClient.signer",
  "ibc.core.client.v1.MsgUpdateClient.signer",
  "ibc.core.client.v1.MsgSubmitMisbehaviour.signer",
  "ibc.core.connection.v1.MsgConnectionOpenInit.signer",
  "ibc.core.connection.v1.MsgConnectionOpenTry.signer",
  "ibc.core.connection.v1.MsgConnectionOpenAck.signer",
  "ibc.core.connection.v1.MsgConnectionOpenConfirm.signer",
  "ibc.core.connection.v1.MsgUpdateParams.signer",
  "ibc.applications.transfer.v1.MsgTransfer.sender",
  "ibc.applications.transfer.v1.MsgUpdateParams.signer",
  "ibc.core.channel.v1.MsgChannelOpenInit.signer",
  "ibc.core.channel.v1.MsgChannelOpenTry.signer",
  "ibc.core.channel.v1.MsgChannelOpenAck.signer",
  "ibc.core.channel.v1.MsgChannelOpenConfirm.signer",
  "ibc.core.channel.v1.MsgChannelCloseInit.signer",
  "ibc.core.channel.v1.MsgChannelCloseConfirm.signer",
  "ibc.core.channel.v1.MsgRecvPacket.signer",
  "ibc.core.channel.v1.MsgTimeout.signer",
  "ibc.core.channel.v1.MsgTimeoutOnClose.signer",
  "ibc.core.channel.v1.MsgAcknowledgement.signer",
  "ibc.core.client.v1.MsgRecoverClient.signer",
  "ibc.core.client.v1.MsgUpdateParams.signer",
  "ibc.core.client.v1.MsgDeleteClientCreator.signer",
  "cosmos.group.v1.MsgSubmitProposal.proposers",
  "cosmos.nft.v1beta1.MsgSend.sender",
  "cosmos.nft.v1beta1.MsgSend.receiver",
  "cosmos.nft.v1beta1.QueryBalanceRequest.owner",
  "cosmos.nft.v1beta1.QueryNFTsRequest.owner",
]);

const ADDRESS_SCALARS = new Set(["cosmos.AddressString", "cosmos.ValidatorAddressString", "cosmos.ConsensusAddressString"]);
const ANY = "google.protobuf.Any";
/** Anys inside Anys are rewritten this deep; deeper ones are rewritten when the router decodes them to run. */
const MAX_ANY_DEPTH = 8;
const BECH32_LIMIT = 1023;

/** One field to visit: an address (or list of them), or a message (or list, or Any) that holds some. */
type Step = { kind: "address"; field: DescField } | { kind: "message"; field: DescField; plan: Plan } | { kind: "any"; field: DescField };
type Plan = Step[];

const plans = new Map<string, Plan>();
const building = new Set<Plan>();

export function isAddressField(field: DescField): boolean {
  if (field.fieldKind !== "scalar" && field.fieldKind !== "list") return false;
  if (field.fieldKind === "list" && field.listKind !== "scalar") return false;
  if (field.scalar !== ScalarType.STRING) return false;
  if (UNANNOTATED_ADDRESS_FIELDS.has(`${field.parent.typeName}.${field.name}`)) return true;
  const scalar = protoRegistry().getExtension("cosmos_proto.scalar");
  const opts = field.proto.options;
  return (
    scalar !== undefined && opts !== undefined && hasExtension(opts, scalar) && ADDRESS_SCALARS.has(getExtension(opts, scalar) as string)
  );
}

function planOf(desc: DescMessage): Plan {
  const known = plans.get(desc.typeName);
  if (known) return known;
  const plan: Plan = [];
  plans.set(desc.typeName, plan);
  building.add(plan);
  for (const field of desc.fields) {
    if (isAddressField(field)) {
      plan.push({ kind: "address", field });
    } else if (field.message !== undefined && field.fieldKind !== "map") {
      if (field.message.typeName === ANY) {
        plan.push({ kind: "any", field });
        continue;
      }
      const sub = planOf(field.message);
      // A type still being planned (recursion) may yet gain steps: keep it.
      if (sub.length > 0 || building.has(sub)) plan.push({ kind: "message", field, plan: sub });
    }
  }
  building.delete(plan);
  return plan;
}

/** The upper-case spelling of a bech32 string, lower-cased; anything else unchanged. */
export function canonicalSpelling(s: string): string {
  if (s.length === 0 || s.length > BECH32_LIMIT) return s;
  const lower = s.toLowerCase();
  if (lower === s || s.toUpperCase() !== s) return s;
  try {
    bech32.decode(s, BECH32_LIMIT);
    return lower;
  } catch {
    return s;
  }
}

/**
 * The field's value in a decoded object: ts-proto (ours: `oneof=unions-value`, `{ $case, value }`),
 * cosmjs-types (flat) and @bufbuild reflection (`{ case, value }`) each hold oneof members differently.
 */
interface Slot {
  get(): unknown;
  set(v: unknown): void;
}

function slotOf(obj: Record<string, unknown>, field: DescField): Slot | undefined {
  const key = field.localName;
  if (field.oneof !== undefined) {
    const group = obj[field.oneof.localName] as Record<string, unknown> | undefined;
    if (group !== undefined && group !== null && (group.$case === key || group.case === key)) {
      return { get: () => group.value, set: (v) => (group.value = v) };
    }
    if (!(key in obj)) return undefined;
  }
  return { get: () => obj[key], set: (v) => (obj[key] = v) };
}

function visit(obj: Record<string, unknown>, plan: Plan, depth: number): void {
  for (const step of plan) {
    const slot = slotOf(obj, step.field);
    if (slot === undefined) continue;
    const value = slot.get();
    if (value === undefined || value === null) continue;
    if (step.kind === "address") {
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) value[i] = canonicalSpelling(value[i] as string);
      } else {
        const canonical = canonicalSpelling(value as string);
        if (canonical !== value) slot.set(canonical);
      }
      continue;
    }
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (step.kind === "message") visit(item as Record<string, unknown>, step.plan, depth);
      else if (depth < MAX_ANY_DEPTH) visitAny(item as { typeUrl: string; value: Uint8Array }, depth + 1);
    }
  }
}

/** An Any's content is decoded by reflection, and re-encoded only when an address in it changed. */
function visitAny(any: { typeUrl: string; value: Uint8Array }, depth: number): void {
  const desc = protoRegistry().getMessage(any.typeUrl.slice(any.typeUrl.lastIndexOf("/") + 1));
  if (desc === undefined) return;
  const plan = planOf(desc);
  if (plan.length === 0 || !hasUpperCase(any.value)) return;
  let inner;
  try {
    inner = fromBinary(desc, any.value);
  } catch {
    return; // undecodable content is the decoder's or the router's to refuse
  }
  const before = toBinary(desc, inner);
  visit(inner as unknown as Record<string, unknown>, plan, depth);
  const after = toBinary(desc, inner);
  if (!sameBytes(before, after)) any.value = after;
}

/** Cheap pre-check: an upper-case spelling needs ASCII 'A'-'Z' somewhere in the bytes. */
function hasUpperCase(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x41 && bytes[i]! <= 0x5a) return true;
  return false;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Rewrites, in place, every address field of a decoded message (nested messages and Anys
 * included) to its canonical spelling. `typeName` is the proto full name (a type URL's tail).
 */
export function canonicaliseAddresses(typeName: string, msg: unknown): void {
  if (typeof msg !== "object" || msg === null) return;
  const desc = protoRegistry().getMessage(typeName.slice(typeName.lastIndexOf("/") + 1));
  if (desc === undefined) return;
  const plan = planOf(desc);
  if (plan.length > 0) visit(msg as Record<string, unknown>, plan, 0);
}

const queryInputs = new Map<string, string | undefined>();

/** The request type of a gRPC query path ("/<package>.<Service>/<Method>"), from the service's descriptor. */
function queryInputType(path: string): string | undefined {
  if (queryInputs.has(path)) return queryInputs.get(path);
  const [service, method] = path.replace(/^\//, "").split("/");
  const input = protoRegistry()
    .getService(service ?? "")
    ?.methods.find((m) => m.name === method)?.input.typeName;
  queryInputs.set(path, input);
  return input;
}

/** canonicaliseAddresses for a query's decoded request: REST and ABCI queries by either spelling find the same records. */
export function canonicaliseQueryAddresses(path: string, request: unknown): void {
  const input = queryInputType(path);
  if (input !== undefined) canonicaliseAddresses(input, request);
}
