/** ibc.core.client.v1.Query, answered from the `ibc` store. Proofs are served by abci_query on /store/ibc/key. */
import * as q from "../../gen/ibc/core/client/v1/query";
import type { Height, IdentifiedClientState } from "../../gen/ibc/core/client/v1/client";
import { paginateRaw } from "../../store/pagination";
import { accAddress } from "../../types/address";
import type { Context } from "../../types/context";
import { defineQuery, orNotFound, pageRequest, pageResponse, paginated, queryErrors } from "../../types/define";
import { AppError, GrpcCode, sdkErrors } from "../../types/errors";
import { KV_GAS } from "../../types/gas";
import type { QueryDef } from "../../types/module";
import { clientTypeOfId, selfHeight } from "./clients";
import { clientErrors } from "./errors";
import { decodeAny } from "./client-codec";
import { heightString, validateClientId } from "./host";
import type { IbcKeeper } from "./keeper";
import { stateKey } from "./store";
import { prefixEnd } from "../../store/prefix";

const text = (b: Uint8Array) => Buffer.from(b).toString("utf8");

/** A request's client id, InvalidArgument when it is no valid identifier. */
function queryClientId(id: string): string {
  try {
    validateClientId(id);
  } catch (e) {
    if (e instanceof AppError) throw queryErrors.invalidArgument(e.message);
    throw e;
  }
  return id;
}

/** `{revision}-{height}` as a consensus-state path names it. */
function parseHeight(s: string): Height | undefined {
  const m = /^([0-9]{1,20})-([0-9]{1,20})$/.exec(s);
  return m ? { revisionNumber: BigInt(m[1]!), revisionHeight: BigInt(m[2]!) } : undefined;
}

function page<T>(
  ctx: Context,
  prefix: string,
  req: q.QueryClientStatesRequest["pagination"],
  convert: (rel: string, v: Uint8Array) => T | undefined,
) {
  const lo = stateKey(prefix);
  return paginated(() =>
    paginateRaw<T | undefined>(
      ctx.store,
      lo,
      lo,
      prefixEnd(lo),
      pageRequest(req),
      (rel, v) => convert(text(rel), v),
      (x) => x !== undefined,
    ),
  );
}

export function ibcClientQueries(k: IbcKeeper): QueryDef[] {
  const c = k.clients;
  return [
    defineQuery({
      requestCodec: q.QueryClientStateRequest,
      responseCodec: q.QueryClientStateResponse,
      handle: (ctx, req) => {
        const id = queryClientId(req.clientId);
        const clientState = orNotFound(c.clientStateAny(ctx, id), `client ${id} not found`);
        return { clientState, proof: new Uint8Array(), proofHeight: selfHeight(ctx) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryClientStatesRequest,
      responseCodec: q.QueryClientStatesResponse,
      // Every `clients/{id}/clientState` under `clients/`, sorted by client id as ibc-go does.
      handle: (ctx, req) => {
        const result = page<IdentifiedClientState>(ctx, "clients/", req.pagination, (rel, v) => {
          const parts = rel.split("/");
          return parts.length === 2 && parts[1] === "clientState" ? { clientId: parts[0]!, clientState: decodeAny(v) } : undefined;
        });
        const clientStates = (result.items as IdentifiedClientState[]).sort((a, b) =>
          a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0,
        );
        return { clientStates, pagination: pageResponse(result) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryConsensusStateRequest,
      responseCodec: q.QueryConsensusStateResponse,
      handle: (ctx, req) => {
        const id = queryClientId(req.clientId);
        let height: Height = { revisionNumber: req.revisionNumber, revisionHeight: req.revisionHeight };
        if (req.latestHeight) {
          height = orNotFound(c.clientState(ctx, id), `client ${id} not found`).latestHeight!;
        } else if (req.revisionHeight === 0n) {
          throw queryErrors.invalidArgument("consensus state height cannot be 0");
        }
        const consensusState = orNotFound(
          c.consensusStateAny(ctx, id, height),
          `client-id: ${id}, height: ${heightString(height)}: consensus state not found`,
        );
        return { consensusState, proof: new Uint8Array(), proofHeight: selfHeight(ctx) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryConsensusStatesRequest,
      responseCodec: q.QueryConsensusStatesResponse,
      // The entries directly under consensusStates/ (metadata keys have a further `/`).
      handle: (ctx, req) => {
        const id = queryClientId(req.clientId);
        const result = page(ctx, `clients/${id}/consensusStates/`, req.pagination, (rel, v) => {
          const height = parseHeight(rel);
          return height && { height, consensusState: decodeAny(v) };
        });
        return { consensusStates: result.items.filter((x) => x !== undefined), pagination: pageResponse(result) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryConsensusStateHeightsRequest,
      responseCodec: q.QueryConsensusStateHeightsResponse,
      handle: (ctx, req) => {
        const id = queryClientId(req.clientId);
        const result = page(ctx, `clients/${id}/consensusStates/`, req.pagination, (rel) => parseHeight(rel));
        return { consensusStateHeights: result.items.filter((x) => x !== undefined), pagination: pageResponse(result) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryClientStatusRequest,
      responseCodec: q.QueryClientStatusResponse,
      handle: (ctx, req) => ({ status: c.status(ctx, queryClientId(req.clientId)) }),
    }),
    defineQuery({
      requestCodec: q.QueryClientParamsRequest,
      responseCodec: q.QueryClientParamsResponse,
      handle: (ctx) => ({ params: c.params(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryClientCreatorRequest,
      responseCodec: q.QueryClientCreatorResponse,
      handle: (ctx, req) => {
        const id = queryClientId(req.clientId);
        const creator = c.creator(ctx, id);
        return { creator: creator === undefined ? "" : accAddress.encode(creator) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryVerifyMembershipRequest,
      responseCodec: q.QueryVerifyMembershipResponse,
      handle: (ctx, req) => ({ success: verifyMembershipQuery(ctx, k, req) }),
    }),
  ];
}

/** ibc-go's verify-membership deny list: clients whose "proofs" are not proofs. */
const NO_VERIFY_MEMBERSHIP = ["09-localhost", "06-solomachine"];

/**
 * Query/VerifyMembership (module_query_safe in ibc-go, so deterministic): the request checked
 * as ibc-go's query server checks it, the client routed and Active, gas charged per proof byte,
 * then 07-tendermint's membership check at the full MerklePath. A proof that does not verify is
 * `success: false`, not an error. Verification only reads, so no branch is needed.
 */
function verifyMembershipQuery(ctx: Context, k: IbcKeeper, req: q.QueryVerifyMembershipRequest): boolean {
  const id = queryClientId(req.clientId);
  const type = clientTypeOfId(id);
  if (type === undefined)
    throw queryErrors.invalidArgument(`invalid client identifier ${id} is not in format: \`{client-type}-{N}\`: invalid identifier`);
  if (NO_VERIFY_MEMBERSHIP.includes(type)) {
    throw queryErrors.invalidArgument(
      `verify membership is disabled for client types [${NO_VERIFY_MEMBERSHIP.join(" ")}]: ${clientErrors.ErrInvalidClientType.description}`,
    );
  }
  if (req.proof.length === 0) throw queryErrors.invalidArgument("empty proof");
  const height = req.proofHeight ?? { revisionNumber: 0n, revisionHeight: 0n };
  if (height.revisionNumber === 0n && height.revisionHeight === 0n) throw queryErrors.invalidArgument("proof height must be non-zero");
  const keyPath = req.merklePath?.keyPath ?? [];
  if (keyPath.length === 0) throw queryErrors.invalidArgument("empty merkle path");
  if (req.value.length === 0) throw queryErrors.invalidArgument("empty value");
  try {
    k.clients.route(ctx, id);
  } catch (e) {
    throw queryErrors.notFound((e as Error).message);
  }
  const status = k.clients.status(ctx, id);
  if (status !== "Active") {
    throw failedPrecondition(
      clientErrors.ErrClientNotActive.wrap(`cannot verify membership using client (${id}) with status ${status}`).message,
    );
  }
  ctx.gasMeter.consume(3n * KV_GAS.readPerByte * BigInt(req.proof.length), "verify membership query");
  try {
    k.clients.verifyMembershipAtPath(ctx, {
      clientId: id,
      height,
      proof: req.proof,
      keyPath,
      value: req.value,
      delayTimePeriod: req.timeDelay,
      delayBlockPeriod: req.blockDelay,
    });
    return true;
  } catch (e) {
    if (e instanceof AppError) return false;
    throw e;
  }
}

/** status.Error(codes.FailedPrecondition, ...), which the SDK answers over ABCI as ErrInvalidRequest. */
const failedPrecondition = (message: string) => new AppError("sdk", sdkErrors.ErrInvalidRequest.code, message, GrpcCode.FailedPrecondition);
