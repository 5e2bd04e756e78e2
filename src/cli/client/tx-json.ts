import type { JsonValue } from "@bufbuild/protobuf";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { binaryToJson, jsonToBinary } from "../../codec/proto-json";
import { anyFromJson, anyToJson } from "./msg-json";
import { UsageError } from "./output";

/**
 * A tx as the SDK's CLI prints it (`--generate-only`, `tx sign`): cosmos.tx.v1beta1.Tx JSON
 * {body, auth_info, signatures}. Body and auth info are re-encoded from this JSON by the same
 * code at sign and at broadcast time, so the bytes signed are the bytes sent.
 */
export interface TxJson {
  body: {
    messages: JsonValue[];
    memo: string;
    timeout_height: string;
    extension_options: JsonValue[];
    non_critical_extension_options: JsonValue[];
  };
  auth_info: JsonValue;
  signatures: string[];
}

export function txToJson(tx: { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; signatures: Uint8Array[] }): TxJson {
  const body = TxBody.decode(tx.bodyBytes);
  if (body.extensionOptions.length || body.nonCriticalExtensionOptions.length)
    throw new UsageError("txs with extension options are not supported by this CLI");
  return {
    body: {
      messages: body.messages.map(anyToJson),
      memo: body.memo,
      timeout_height: body.timeoutHeight.toString(),
      extension_options: [],
      non_critical_extension_options: [],
    },
    auth_info: binaryToJson("cosmos.tx.v1beta1.AuthInfo", tx.authInfoBytes),
    signatures: tx.signatures.map((s) => Buffer.from(s).toString("base64")),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Each field checked for its JSON type first, so a wrong type is a usage error naming it (found by fuzzing). */
export function txFromJson(json: unknown): { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; signatures: Uint8Array[] } {
  if (!isObject(json) || !isObject(json.body) || !Array.isArray(json.body.messages) || json.auth_info === undefined)
    throw new UsageError("not a tx JSON: expected {body, auth_info, signatures}");
  const { body, signatures = [] } = json;
  const memo = body.memo ?? "";
  const timeoutHeight = body.timeout_height ?? "0";
  if (typeof memo !== "string") throw new UsageError("tx JSON: body.memo must be a string");
  if ((typeof timeoutHeight !== "string" && typeof timeoutHeight !== "number") || !/^[0-9]{1,20}$/.test(String(timeoutHeight)))
    throw new UsageError("tx JSON: body.timeout_height must be a non-negative integer");
  if (!Array.isArray(signatures) || !signatures.every((s) => typeof s === "string"))
    throw new UsageError("tx JSON: signatures must be a list of base64 strings");
  for (const key of ["extension_options", "non_critical_extension_options"]) {
    const v = body[key];
    if (v !== undefined && v !== null && (!Array.isArray(v) || v.length > 0))
      throw new UsageError("txs with extension options are not supported by this CLI");
  }
  const bodyBytes = TxBody.encode(
    TxBody.fromPartial({ messages: (body.messages as unknown[]).map(anyFromJson), memo, timeoutHeight: BigInt(timeoutHeight) }),
  ).finish();
  const authInfoBytes = jsonToBinary("cosmos.tx.v1beta1.AuthInfo", json.auth_info);
  return { bodyBytes, authInfoBytes, signatures: signatures.map((s: string) => new Uint8Array(Buffer.from(s, "base64"))) };
}

/** A tx file: the JSON above, or base64 / hex of TxRaw bytes. */
export function parseTxFile(text: string): { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; signatures: Uint8Array[] } {
  const t = text.trim();
  if (t.startsWith("{")) {
    let json: unknown;
    try {
      json = JSON.parse(t);
    } catch (e) {
      throw new UsageError(`tx file is not valid JSON: ${(e as Error).message}`);
    }
    return txFromJson(json);
  }
  const bytes = /^([0-9a-fA-F]{2})+$/.test(t) ? Buffer.from(t, "hex") : Buffer.from(t, "base64");
  try {
    return TxRaw.decode(bytes);
  } catch {
    throw new UsageError("tx file is neither tx JSON nor base64/hex TxRaw bytes");
  }
}

export { AuthInfo, TxRaw };
