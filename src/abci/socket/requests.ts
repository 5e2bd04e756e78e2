import { BinaryReader } from "cosmjs-types/binary";
import { Request, Response } from "cosmjs-types/tendermint/abci/types";
import type { AbciApplication } from "../../types/abci.js";

export type AppMethod = keyof AbciApplication;
export type RequestKind = AppMethod | "flush";

/** `tendermint.abci.Request` oneof field numbers (v0.38); 4, 7, 9, 10 are reserved. */
const KIND_BY_FIELD: ReadonlyMap<number, RequestKind> = new Map<number, RequestKind>([
  [1, "echo"],
  [2, "flush"],
  [3, "info"],
  [5, "initChain"],
  [6, "query"],
  [8, "checkTx"],
  [11, "commit"],
  [12, "listSnapshots"],
  [13, "offerSnapshot"],
  [14, "loadSnapshotChunk"],
  [15, "applySnapshotChunk"],
  [16, "prepareProposal"],
  [17, "processProposal"],
  [18, "extendVote"],
  [19, "verifyVoteExtension"],
  [20, "finalizeBlock"],
]);

const LENGTH_DELIMITED = 2;

export type DecodedRequest =
  | { ok: true; kind: RequestKind; value: unknown }
  | { ok: false; error: string };

/**
 * cosmjs-types skips unknown fields, so a Request carrying only, say, the removed
 * DeliverTx (9) decodes to `{}`. We walk the top-level tags ourselves to tell "unknown
 * type" apart, and pick the last known oneof member as proto3 merge semantics do.
 */
export function decodeRequest(frame: Uint8Array): DecodedRequest {
  let kind: RequestKind | undefined;
  const unknown: number[] = [];
  let decoded: Request;
  try {
    const reader = new BinaryReader(frame);
    while (reader.pos < reader.len) {
      const tag = reader.uint32();
      const field = tag >>> 3;
      if (field === 0) throw new Error("invalid field number 0");
      const k = KIND_BY_FIELD.get(field);
      if (k === undefined) unknown.push(field);
      else if ((tag & 7) !== LENGTH_DELIMITED) throw new Error(`field ${field} has wire type ${tag & 7}`);
      else kind = k;
      reader.skipType(tag & 7);
    }
    decoded = Request.decode(frame);
  } catch (err) {
    return { ok: false, error: `cannot decode request: ${errorMessage(err)}` };
  }
  if (kind === undefined) {
    const what = unknown.length > 0 ? `field ${unknown.join(",")}` : "empty request";
    return { ok: false, error: `unknown request type (${what})` };
  }
  return { ok: true, kind, value: decoded[kind] };
}

/** Fills proto defaults, so an app may return partial responses. */
export function encodeResponse(kind: RequestKind, value: unknown): Uint8Array {
  // The app contract types each method's response; the kind-indexed object is checked by that, not here.
  return Response.encode(Response.fromPartial({ [kind]: value } as Parameters<typeof Response.fromPartial>[0])).finish();
}

export function encodeException(error: string): Uint8Array {
  return Response.encode(Response.fromPartial({ exception: { error } })).finish();
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
