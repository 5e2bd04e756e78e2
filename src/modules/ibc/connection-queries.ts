/**
 * ibc.core.connection.v1.Query, answered from the `ibc` store as ibc-go's 03-connection query
 * server does. Proof fields stay empty: relayers read proofs with abci_query on /store/ibc/key.
 */
import * as q from "../../gen/ibc/core/connection/v1/query";
import { ConnectionEnd, type IdentifiedConnection } from "../../gen/ibc/core/connection/v1/connection";
import { paginateRaw } from "../../store/pagination";
import { prefixEnd } from "../../store/prefix";
import { defineQuery, orNotFound, pageRequest, pageResponse, paginated, queryErrors } from "../../types/define";
import { AppError } from "../../types/errors";
import type { QueryDef } from "../../types/module";
import { selfHeight } from "./clients";
import { clientErrors, connectionErrors } from "./errors";
import { validateClientId, validateConnectionId } from "./host";
import type { IbcKeeper } from "./keeper";
import { stateKey } from "./store";

/** A request's identifier, InvalidArgument when the validator refuses it. */
function checked(id: string, validate: (id: string) => void): string {
  try {
    validate(id);
  } catch (e) {
    if (e instanceof AppError) throw queryErrors.invalidArgument(e.message);
    throw e;
  }
  return id;
}

const empty = new Uint8Array();
/** ibc-go paginates over its `connections` prefix store: keys (and next_key) are `/{id}`. */
const CONNECTIONS_KEY_PREFIX = "connections";

export function ibcConnectionQueries(k: IbcKeeper): QueryDef[] {
  const c = k.connections;
  const connectionOrNotFound = (ctx: Parameters<typeof c.getConnection>[0], id: string, detail: string) =>
    orNotFound(c.getConnection(ctx, id), connectionErrors.ErrConnectionNotFound.wrap(detail).message);
  return [
    defineQuery({
      requestCodec: q.QueryConnectionRequest,
      responseCodec: q.QueryConnectionResponse,
      handle: (ctx, req) => {
        const id = checked(req.connectionId, validateConnectionId);
        return { connection: connectionOrNotFound(ctx, id, id), proof: empty, proofHeight: selfHeight(ctx) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryConnectionsRequest,
      responseCodec: q.QueryConnectionsResponse,
      handle: (ctx, req) => {
        const lo = stateKey(CONNECTIONS_KEY_PREFIX);
        const page = paginated(() =>
          paginateRaw<IdentifiedConnection>(ctx.store, lo, lo, prefixEnd(lo), pageRequest(req.pagination), (rel, v) => ({
            id: Buffer.from(rel).toString("utf8").replace(/^\//, ""),
            ...ConnectionEnd.decode(v),
          })),
        );
        return { connections: page.items, pagination: pageResponse(page), height: selfHeight(ctx) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryClientConnectionsRequest,
      responseCodec: q.QueryClientConnectionsResponse,
      handle: (ctx, req) => {
        const id = checked(req.clientId, validateClientId);
        const paths = orNotFound(c.clientConnectionPaths(ctx, id), connectionErrors.ErrClientConnectionPathsNotFound.wrap(id).message);
        return { connectionPaths: paths, proof: empty, proofHeight: selfHeight(ctx) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryConnectionClientStateRequest,
      responseCodec: q.QueryConnectionClientStateResponse,
      handle: (ctx, req) => {
        const id = checked(req.connectionId, validateConnectionId);
        const conn = connectionOrNotFound(ctx, id, `connection-id: ${id}`);
        const clientState = orNotFound(
          k.clients.clientStateAny(ctx, conn.clientId),
          clientErrors.ErrClientNotFound.wrap(`client-id: ${conn.clientId}`).message,
        );
        return { identifiedClientState: { clientId: conn.clientId, clientState }, proof: empty, proofHeight: selfHeight(ctx) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryConnectionConsensusStateRequest,
      responseCodec: q.QueryConnectionConsensusStateResponse,
      handle: (ctx, req) => {
        const id = checked(req.connectionId, validateConnectionId);
        const conn = connectionOrNotFound(ctx, id, `connection-id: ${id}`);
        const height = { revisionNumber: req.revisionNumber, revisionHeight: req.revisionHeight };
        const consensusState = orNotFound(
          k.clients.consensusStateAny(ctx, conn.clientId, height),
          clientErrors.ErrConsensusStateNotFound.wrap(`client-id: ${conn.clientId}`).message,
        );
        return { consensusState, clientId: conn.clientId, proof: empty, proofHeight: selfHeight(ctx) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryConnectionParamsRequest,
      responseCodec: q.QueryConnectionParamsResponse,
      handle: (ctx) => ({ params: c.params(ctx) }),
    }),
  ];
}
