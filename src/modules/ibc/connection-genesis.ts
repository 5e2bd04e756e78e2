/**
 * The connection section of IBC core's genesis (ibc.core.connection.v1.GenesisState), as
 * ibc-go's 03-connection InitGenesis/ExportGenesis: connection ends, each client's connection
 * list, the next connection sequence and the params. Init always (re)writes the sentinel
 * `connection-localhost`, exported like any other connection.
 */
import type { GenesisState } from "../../gen/ibc/core/connection/v1/genesis";
import type { StoreCtx } from "../../store/collections";
import { connectionErrors } from "./errors";
import { DEFAULT_CONNECTION_PARAMS, parseConnectionSequence, validateConnectionEnd, type ConnectionKeeper } from "./connections";
import { validateClientId, validateConnectionId } from "./host";
import { LOCALHOST_CONNECTION_ID } from "./light-clients/localhost";
import { ibcStore } from "./store";

export function defaultConnectionGenesis(): GenesisState {
  return { connections: [], clientConnectionPaths: [], nextConnectionSequence: 0n, params: DEFAULT_CONNECTION_PARAMS };
}

/** 03-connection's GenesisState.Validate. */
export function validateConnectionGenesis(g: GenesisState): void {
  let maxSequence = 0n;
  for (const conn of g.connections) {
    if (conn.id !== LOCALHOST_CONNECTION_ID) {
      const seq = parseConnectionSequence(conn.id);
      if (seq > maxSequence) maxSequence = seq;
    }
    validateConnectionId(conn.id);
    validateConnectionEnd(conn);
  }
  for (const p of g.clientConnectionPaths) {
    validateClientId(p.clientId);
    p.paths.forEach(validateConnectionId);
  }
  if (maxSequence !== 0n && maxSequence >= g.nextConnectionSequence) {
    throw connectionErrors.ErrInvalidConnectionIdentifier.wrap(
      `next connection sequence ${g.nextConnectionSequence} must be greater than maximum sequence used in connection identifier ${maxSequence}`,
    );
  }
  if ((g.params ?? DEFAULT_CONNECTION_PARAMS).maxExpectedTimePerBlock === 0n) {
    throw connectionErrors.ErrInvalidConnection.wrap("MaxExpectedTimePerBlock cannot be zero");
  }
}

export function initConnectionGenesis(k: ConnectionKeeper, ctx: StoreCtx, g: GenesisState): void {
  for (const { id, ...end } of g.connections) k.setConnection(ctx, id, end);
  for (const p of g.clientConnectionPaths) k.setClientConnectionPaths(ctx, p.clientId, p.paths);
  k.setNextConnectionSequence(ctx, g.nextConnectionSequence);
  k.setParams(ctx, g.params ?? DEFAULT_CONNECTION_PARAMS);
  k.createSentinelLocalhostConnection(ctx);
}

export function exportConnectionGenesis(k: ConnectionKeeper, ctx: StoreCtx): GenesisState {
  // ibc-go lists the paths of the clients that have a client state, in client-id order.
  const clientConnectionPaths: GenesisState["clientConnectionPaths"] = [];
  for (const [rel] of ibcStore.prefixed(ctx, "clients/")) {
    const [clientId, leaf, ...rest] = Buffer.from(rel).toString("utf8").slice("clients/".length).split("/");
    if (leaf !== "clientState" || rest.length > 0) continue;
    const paths = k.clientConnectionPaths(ctx, clientId!);
    if (paths) clientConnectionPaths.push({ clientId: clientId!, paths });
  }
  return {
    connections: [...k.connections(ctx)],
    clientConnectionPaths,
    nextConnectionSequence: k.nextConnectionSequence(ctx),
    params: k.params(ctx),
  };
}
