import { BinaryReader } from "cosmjs-types/binary";
import { Request, Response, type ResponseCheckTx, type ResponseFinalizeBlock } from "cosmjs-types/tendermint/abci/types";
import type { AbciApplication } from "../../types/abci";
import { encodeCheckTxResponse, encodeFinalizeBlockResponse } from "./response-encoding";

/** Methods a request names (precheckTx is the server's own call ahead of a CheckTx; hasSigPool says whether to make it). */
export type AppMethod = Exclude<keyof AbciApplication, "precheckTx" | "hasSigPool">;
export type RequestKind = AppMethod | "flush";
type AppRequestOf<M extends AppMethod> = Parameters<AbciApplication[M]>[0];
type AppResponseOf<M extends AppMethod> = ReturnType<AbciApplication[M]>;

/** A decoded request for one application method, its value typed by that method. */
export type AppRequest = { [M in AppMethod]: { kind: M; value: AppRequestOf<M> } }[AppMethod];

const DISPATCH: { [M in AppMethod]: (app: AbciApplication, req: AppRequestOf<M>) => AppResponseOf<M> } = {
  echo: (app, r) => app.echo(r),
  info: (app, r) => app.info(r),
  initChain: (app, r) => app.initChain(r),
  query: (app, r) => app.query(r),
  checkTx: (app, r) => app.checkTx(r),
  prepareProposal: (app, r) => app.prepareProposal(r),
  processProposal: (app, r) => app.processProposal(r),
  finalizeBlock: (app, r) => app.finalizeBlock(r),
  commit: (app, r) => app.commit(r),
  extendVote: (app, r) => app.extendVote(r),
  verifyVoteExtension: (app, r) => app.verifyVoteExtension(r),
  listSnapshots: (app, r) => app.listSnapshots(r),
  offerSnapshot: (app, r) => app.offerSnapshot(r),
  loadSnapshotChunk: (app, r) => app.loadSnapshotChunk(r),
  applySnapshotChunk: (app, r) => app.applySnapshotChunk(r),
};

/** Calls the application method the request names, with its typed request. */
export function callApp<M extends AppMethod>(app: AbciApplication, req: { kind: M; value: AppRequestOf<M> }): AppResponseOf<M> {
  return DISPATCH[req.kind](app, req.value);
}

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

export type DecodedRequest = ({ ok: true } & (AppRequest | { kind: "flush"; value: unknown })) | { ok: false; error: string };

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
  // `kind` is the oneof member the frame carried, so the decoded message holds that request.
  return { ok: true, kind, value: decoded[kind] } as DecodedRequest;
}

/** Fills proto defaults, so an app may return partial responses. */
export function encodeResponse(kind: RequestKind, value: unknown): Uint8Array {
  // The two per-tx responses have their own writer (same bytes, a fraction of the cost).
  if (kind === "finalizeBlock") return encodeFinalizeBlockResponse(value as Partial<ResponseFinalizeBlock>);
  if (kind === "checkTx") return encodeCheckTxResponse(value as Partial<ResponseCheckTx>);
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
