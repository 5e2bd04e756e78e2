import {
  create,
  fromBinary,
  getOption,
  ScalarType,
  toBinary,
  type DescExtension,
  type DescField,
  type DescMessage,
} from "@bufbuild/protobuf";
import { reflect, type ReflectMessage } from "@bufbuild/protobuf/reflect";
import type { AnyMsg } from "../types/codec";
import type { ProtoCoin } from "../types/coins";
import { decFromWire, decToString } from "../types/dec";
import { sdkErrors } from "../types/errors";
import type { DecodedTx } from "../types/tx";
import { COSMOS_FIELDS, COSMOS_NAMES, KEY_FIELD_TYPES, type FieldAmino } from "./amino-tables";
import { protoRegistry } from "./proto-registry";

/**
 * SIGN_MODE_LEGACY_AMINO_JSON: the signer signs SHA-256 of the canonical StdSignDoc JSON. The
 * message JSON is built by reflection over the descriptor set, following the SDK v0.50 amino
 * JSON rules (x/tx aminojson) and matching what cosmjs's AminoTypes produce.
 */
export const SIGN_MODE_LEGACY_AMINO_JSON = 127;

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Resolves the amino name of a proto message type (full name, no leading slash). */
export type AminoNameLookup = (typeName: string) => string | undefined;

const notSupported = (detail: string) => sdkErrors.ErrNotSupported.wrap(`LEGACY_AMINO_JSON: ${detail}`);

interface Extensions {
  name: DescExtension;
  dontOmitEmpty: DescExtension;
  encoding: DescExtension;
  fieldName: DescExtension;
  jsontag: DescExtension;
  customtype: DescExtension;
}

let extensions: Extensions | undefined;

function ext(): Extensions {
  if (!extensions) {
    const reg = protoRegistry();
    const get = (name: string) => {
      const e = reg.getExtension(name);
      if (!e) throw new Error(`descriptor set lacks extension ${name}`);
      return e;
    };
    extensions = {
      name: get("amino.name"),
      dontOmitEmpty: get("amino.dont_omitempty"),
      encoding: get("amino.encoding"),
      fieldName: get("amino.field_name"),
      jsontag: get("gogoproto.jsontag"),
      customtype: get("gogoproto.customtype"),
    };
  }
  return extensions;
}

/** The amino name of a proto type: its amino.name option, else the Cosmos v0.50 name. */
export function aminoNameOf(typeName: string): string | undefined {
  const name = typeName.replace(/^\//, "");
  const desc = protoRegistry().getMessage(name);
  const option = desc ? (getOption(desc, ext().name) as string) : "";
  return option !== "" ? option : COSMOS_NAMES[name];
}

/**
 * The amino JSON `type` of a message: its amino name, else its type URL ("/" + the proto full
 * name), as the SDK's x/tx aminojson encoder falls back for messages without amino.name.
 */
export function aminoTypeOf(typeName: string, aminoName?: string): string {
  return aminoName || `/${typeName.replace(/^\//, "")}`;
}

const fieldCache = new Map<
  DescField,
  Required<Pick<FieldAmino, "deo" | "coins" | "name">> & Pick<FieldAmino, "oneof"> & { dec: boolean; int: boolean }
>();

function fieldAmino(field: DescField) {
  let info = fieldCache.get(field);
  if (info) return info;
  const e = ext();
  const override = COSMOS_FIELDS[`${field.parent.typeName}.${field.name}`] ?? {};
  // A gogoproto.jsontag without ",omitempty" is how the SDK protos we carry (older than the SDK's
  // amino annotations) say "always emit" (and rename). The SDK's x/tx encoder itself ignores
  // jsontag, so it counts only there: ibc-go's Height has jsontags and x/tx omits its zeros.
  const jsontag = field.parent.typeName.startsWith("cosmos.") ? (getOption(field, e.jsontag) as string) : "";
  const [tagName, ...tagOpts] = jsontag.split(",");
  const customtype = getOption(field, e.customtype) as string;
  info = {
    deo: override.deo === true || (getOption(field, e.dontOmitEmpty) as boolean) || (jsontag !== "" && !tagOpts.includes("omitempty")),
    coins: override.coins === true || getOption(field, e.encoding) === "legacy_coins",
    name: override.name ?? ((getOption(field, e.fieldName) as string) || tagName || field.name),
    oneof: override.oneof,
    dec: /(^|\.)(Legacy)?Dec$/.test(customtype),
    int: /(^|\.)Int$/.test(customtype),
  };
  fieldCache.set(field, info);
  return info;
}

/** Decodes with the descriptor and refuses bytes whose re-encoding differs (unknown, duplicate or non-canonical fields). */
function decodeCanonical(desc: DescMessage, bytes: Uint8Array): ReflectMessage {
  let message;
  try {
    message = fromBinary(desc, bytes);
  } catch (e) {
    throw sdkErrors.ErrTxDecode.wrap(`${desc.typeName}: ${(e as Error).message}`);
  }
  // Amino JSON only shows the fields the descriptor knows; anything else would go unsigned.
  if (!equalBytes(toBinary(desc, message, { writeUnknownFields: false }), bytes)) {
    throw notSupported(`${desc.typeName} is not in canonical protobuf form or has fields this node cannot show the signer`);
  }
  return reflect(desc, message);
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64");
}

function textOf(value: unknown): string {
  return value instanceof Uint8Array ? new TextDecoder().decode(value) : String(value);
}

const INT64_TYPES = new Set([ScalarType.INT64, ScalarType.UINT64, ScalarType.SINT64, ScalarType.FIXED64, ScalarType.SFIXED64]);

function scalarJson(field: DescField, scalar: ScalarType, value: unknown): Json {
  const info = fieldAmino(field);
  // gogoproto customtype Dec/Int: the wire holds the integer text (Dec scaled by 1e18); amino shows "0.5…" / "5".
  if (info.dec) return decToString(decFromWire(textOf(value), field.name));
  if (info.int) return textOf(value) === "" ? "0" : textOf(value);
  if (INT64_TYPES.has(scalar)) return String(value);
  switch (scalar) {
    case ScalarType.BYTES:
      return base64(value as Uint8Array);
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      throw notSupported(`floating point field ${field.parent.typeName}.${field.name}`);
    default:
      return value as Json;
  }
}

function timestampJson(m: ReflectMessage): string {
  const seconds = m.get(m.desc.field.seconds) as bigint;
  const nanos = m.get(m.desc.field.nanos) as number;
  const ms = seconds * 1000n;
  if (seconds < -62135596800n || seconds > 253402300799n || nanos < 0 || nanos > 999_999_999) throw notSupported("timestamp out of range");
  const iso = new Date(Number(ms)).toISOString().slice(0, 19);
  const frac = nanos === 0 ? "" : `.${String(nanos).padStart(9, "0").replace(/0+$/, "")}`;
  return `${iso}${frac}Z`;
}

function anyJson(m: ReflectMessage, lookup: AminoNameLookup): Json {
  const typeUrl = m.get(m.desc.field.typeUrl) as string;
  const typeName = typeUrl.slice(typeUrl.lastIndexOf("/") + 1);
  return packedJson(typeName, m.get(m.desc.field.value) as Uint8Array, lookup(typeName), lookup);
}

/** Anys inside Anys (proposals of proposals) are bounded so hostile nesting cannot exhaust the stack. */
const MAX_ANY_DEPTH = 32;
let anyDepth = 0;

/** `{type, value}` of one packed message; `aminoName` is its registered amino name, the type URL when it has none. */
function packedJson(typeName: string, bytes: Uint8Array, aminoName: string | undefined, lookup: AminoNameLookup): JsonObject {
  const desc = protoRegistry().getMessage(typeName);
  if (!desc) throw notSupported(`no schema for ${typeName.slice(0, 200)}`);
  const type = aminoTypeOf(typeName, aminoName);
  if (anyDepth >= MAX_ANY_DEPTH) throw notSupported(`messages nested deeper than ${MAX_ANY_DEPTH}`);
  anyDepth++;
  try {
    const m = decodeCanonical(desc, bytes);
    if (KEY_FIELD_TYPES.has(typeName)) return { type, value: base64(m.get(desc.field.key) as Uint8Array) };
    return { type, value: messageJson(m, lookup) };
  } finally {
    anyDepth--;
  }
}

function nestedJson(m: ReflectMessage, lookup: AminoNameLookup): Json {
  switch (m.desc.typeName) {
    case "google.protobuf.Any":
      return anyJson(m, lookup);
    case "google.protobuf.Timestamp":
      return timestampJson(m);
    case "google.protobuf.Duration":
      return String((m.get(m.desc.field.seconds) as bigint) * 1_000_000_000n + BigInt(m.get(m.desc.field.nanos) as number));
    default:
      return messageJson(m, lookup);
  }
}

function valueJson(field: DescField, value: unknown, lookup: AminoNameLookup): Json {
  switch (field.fieldKind) {
    case "scalar":
      return scalarJson(field, field.scalar, value);
    case "enum":
      return value as number;
    case "message":
      return nestedJson(value as ReflectMessage, lookup);
    case "list": {
      const items = [...(value as Iterable<unknown>)];
      if (field.listKind === "message") return items.map((v) => nestedJson(v as ReflectMessage, lookup));
      if (field.listKind === "enum") return items as number[];
      return items.map((v) => scalarJson(field, field.scalar, v));
    }
    default:
      throw notSupported(`map field ${field.parent.typeName}.${field.name}`);
  }
}

function zeroJson(field: DescField, lookup: AminoNameLookup): Json {
  const info = fieldAmino(field);
  switch (field.fieldKind) {
    case "list":
      return info.coins ? [] : null;
    case "message":
      return nestedJson(reflect(field.message), lookup);
    case "enum":
      return 0;
    case "scalar":
      if (info.dec || info.int) return "0";
      if (field.scalar === ScalarType.STRING || field.scalar === ScalarType.BYTES) return "";
      if (field.scalar === ScalarType.BOOL) return false;
      return INT64_TYPES.has(field.scalar) ? "0" : 0;
    default:
      throw notSupported(`map field ${field.parent.typeName}.${field.name}`);
  }
}

/** A message's amino JSON value: unset fields omitted unless dont_omitempty. */
function messageJson(m: ReflectMessage, lookup: AminoNameLookup): JsonObject {
  const out: JsonObject = {};
  for (const field of m.desc.fields) {
    const info = fieldAmino(field);
    if (info.oneof) {
      if (m.isSet(field)) out[info.oneof.key] = { type: info.oneof.type, value: { [info.name]: valueJson(field, m.get(field), lookup) } };
      else if (!(info.oneof.key in out)) out[info.oneof.key] = null;
      continue;
    }
    if (m.isSet(field)) out[info.name] = valueJson(field, m.get(field), lookup);
    else if (info.deo) out[info.name] = zeroJson(field, lookup);
  }
  return out;
}

/** `{type, value}` of a packed message in a StdSignDoc. */
export function aminoMsgJson(msg: AnyMsg, aminoName: string | undefined, lookup: AminoNameLookup = aminoNameOf): JsonObject {
  return packedJson(msg.typeUrl.replace(/^\//, ""), msg.value, aminoName, lookup);
}

function coinsJson(coins: ProtoCoin[]): Json[] {
  const coin = protoRegistry().getMessage("cosmos.base.v1beta1.Coin")!;
  return coins.map((c) => messageJson(reflect(coin, create(coin, { denom: c.denom, amount: c.amount })), aminoNameOf));
}

export interface StdSignDocInput {
  chainId: string;
  accountNumber: bigint;
  sequence: bigint;
  fee: { amount: ProtoCoin[]; gasLimit: bigint; payer: string; granter: string };
  memo: string;
  timeoutHeight: bigint;
  /** The msgs' amino JSON (aminoMsgJson). */
  msgs: JsonObject[];
}

export function stdSignDoc(input: StdSignDocInput): JsonObject {
  const fee: JsonObject = { amount: coinsJson(input.fee.amount), gas: input.fee.gasLimit.toString() };
  if (input.fee.granter !== "") fee.granter = input.fee.granter;
  if (input.fee.payer !== "") fee.payer = input.fee.payer;
  const doc: JsonObject = {
    account_number: input.accountNumber.toString(),
    chain_id: input.chainId,
    fee,
    memo: input.memo,
    msgs: input.msgs,
    sequence: input.sequence.toString(),
  };
  if (input.timeoutHeight > 0n) doc.timeout_height = input.timeoutHeight.toString();
  return doc;
}

function sorted(value: Json): Json {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== "object") return value;
  const out: JsonObject = {};
  for (const key of Object.keys(value).sort()) out[key] = sorted(value[key]);
  return out;
}

/** Keys sorted recursively, no whitespace, `& < >` escaped as Go's encoding/json (and cosmjs) do. */
export function canonicalJson(value: Json): string {
  return JSON.stringify(sorted(value)).replace(/&/g, "\\u0026").replace(/</g, "\\u003c").replace(/>/g, "\\u003e");
}

export function stdSignBytes(input: StdSignDocInput): Uint8Array {
  return new TextEncoder().encode(canonicalJson(stdSignDoc(input)));
}

/**
 * The sign bytes of a decoded tx for one signer, as a function of the signer's data: the
 * messages' amino JSON is built once per tx. Refuses what amino JSON cannot show the signer
 * (extension options, non-canonical message bytes); a message without an amino name is shown
 * under its type URL.
 */
export function legacyAminoSignBytesFor(tx: DecodedTx): (chainId: string, accountNumber: bigint, sequence: bigint) => Uint8Array {
  if (tx.body.extensionOptions.length > 0 || tx.body.nonCriticalExtensionOptions.length > 0) {
    throw notSupported("extension options cannot be signed");
  }
  const msgs = tx.msgs.map((m) => aminoMsgJson(m.any, m.def.aminoName));
  const fee = tx.authInfo.fee!;
  return (chainId, accountNumber, sequence) =>
    stdSignBytes({
      chainId,
      accountNumber,
      sequence,
      fee: { amount: fee.amount, gasLimit: fee.gasLimit, payer: fee.payer, granter: fee.granter },
      memo: tx.body.memo,
      timeoutHeight: tx.body.timeoutHeight,
      msgs,
    });
}
