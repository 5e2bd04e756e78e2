/**
 * IBC core's genesis (ibc.core.types.v1.GenesisState). Only the client section is kept so far:
 * params, the next client sequence, clients, their consensus states and each client's
 * metadata (every other entry under `clients/{id}/`, raw, as ibc-go's GenesisMetadata).
 * The connection section is connection-genesis.ts's, the channel section channel-genesis.ts's.
 */
import type { Any } from "../../gen/google/protobuf/any";
import { GenesisState } from "../../gen/ibc/core/types/v1/genesis";
import type { GenesisState as ClientGenesis } from "../../gen/ibc/core/client/v1/genesis";
import type { Context } from "../../types/context";
import type { GenesisDef } from "../../types/module";
import { anyBytes, unpackClientState, unpackConsensusState } from "./client-codec";
import { validateClientParams } from "./client-params";
import { DEFAULT_CLIENT_PARAMS } from "./clients";
import { defaultChannelGenesis, exportChannelGenesis, initChannelGenesis, validateChannelGenesis } from "./channel-genesis";
import { defaultConnectionGenesis, exportConnectionGenesis, initConnectionGenesis, validateConnectionGenesis } from "./connection-genesis";
import { clientErrors } from "./errors";
import { hostPaths, validateClientId } from "./host";
import type { IbcKeeper } from "./keeper";
import { validateClientState, validateConsensusState } from "./light-clients/tendermint";
import { ibcStore } from "./store";

const utf8 = new TextEncoder();
const text = (b: Uint8Array) => Buffer.from(b).toString("utf8");

function defaultClientGenesis(): ClientGenesis {
  return {
    clients: [],
    clientsConsensus: [],
    clientsMetadata: [],
    params: DEFAULT_CLIENT_PARAMS,
    createLocalhost: false,
    nextClientSequence: 0n,
  };
}

function validate(g: GenesisState): void {
  const c = g.clientGenesis ?? defaultClientGenesis();
  validateClientParams(c.params ?? DEFAULT_CLIENT_PARAMS);
  for (const client of c.clients) {
    validateClientId(client.clientId);
    validateClientState(unpackClientState(client.clientState));
  }
  for (const cc of c.clientsConsensus) {
    if (!c.clients.some((x) => x.clientId === cc.clientId))
      throw clientErrors.ErrClientNotFound.wrap(`consensus states of unknown client ${cc.clientId}`);
    for (const s of cc.consensusStates) validateConsensusState(unpackConsensusState(s.consensusState));
  }
  validateConnectionGenesis(g.connectionGenesis ?? defaultConnectionGenesis());
  validateChannelGenesis(g.channelGenesis ?? defaultChannelGenesis());
}

function init(k: IbcKeeper, ctx: Context, g: GenesisState): void {
  const c = g.clientGenesis ?? defaultClientGenesis();
  k.clients.setParams(ctx, c.params ?? DEFAULT_CLIENT_PARAMS);
  k.clients.setNextClientSequence(ctx, c.nextClientSequence);
  const put = (path: string, any: Any | undefined) => ibcStore.set(ctx, path, anyBytes(any!));
  for (const client of c.clients) put(hostPaths.clientState(client.clientId), client.clientState);
  for (const cc of c.clientsConsensus)
    for (const s of cc.consensusStates) put(hostPaths.consensusState(cc.clientId, s.height!), s.consensusState);
  for (const m of c.clientsMetadata) {
    for (const e of m.clientMetadata) ibcStore.set(ctx, utf8.encode(hostPaths.clientPrefix(m.clientId) + text(e.key)), e.value);
  }
  initConnectionGenesis(k.connections, ctx, g.connectionGenesis ?? defaultConnectionGenesis());
  initChannelGenesis(k.channels, ctx, g.channelGenesis ?? defaultChannelGenesis());
}

function exportGenesis(k: IbcKeeper, ctx: Context): GenesisState {
  const clients: ClientGenesis["clients"] = [];
  const clientsConsensus: ClientGenesis["clientsConsensus"] = [];
  const clientsMetadata: ClientGenesis["clientsMetadata"] = [];
  for (const [rel] of ibcStore.prefixed(ctx, "clients/")) {
    const [clientId, leaf, ...rest] = text(rel).slice("clients/".length).split("/");
    if (leaf !== "clientState" || rest.length > 0) continue;
    clients.push({ clientId: clientId!, clientState: k.clients.clientStateAny(ctx, clientId!) });
    const consensusStates = [...k.clients.consensusHeights(ctx, clientId!)].map((height) => ({
      height,
      consensusState: k.clients.consensusStateAny(ctx, clientId!, height),
    }));
    clientsConsensus.push({ clientId: clientId!, consensusStates });
    const prefix = hostPaths.clientPrefix(clientId!);
    const own = new Set([hostPaths.clientState(clientId!), ...consensusStates.map((s) => hostPaths.consensusState(clientId!, s.height))]);
    const clientMetadata = [...ibcStore.prefixed(ctx, prefix)]
      .filter(([path]) => !own.has(text(path)))
      .map(([path, value]) => ({ key: path.subarray(utf8.encode(prefix).length), value }));
    clientsMetadata.push({ clientId: clientId!, clientMetadata });
  }
  return {
    clientGenesis: {
      clients,
      clientsConsensus,
      clientsMetadata,
      params: k.clients.params(ctx),
      createLocalhost: false,
      nextClientSequence: k.clients.nextClientSequence(ctx),
    },
    connectionGenesis: exportConnectionGenesis(k.connections, ctx),
    channelGenesis: exportChannelGenesis(k.channels, ctx),
    clientV2Genesis: undefined,
    channelV2Genesis: undefined,
  };
}

export function ibcGenesis(k: IbcKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "ibc.core.types.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => ({
      clientGenesis: defaultClientGenesis(),
      connectionGenesis: defaultConnectionGenesis(),
      channelGenesis: defaultChannelGenesis(),
      clientV2Genesis: undefined,
      channelV2Genesis: undefined,
    }),
    validate,
    init: (ctx, g) => init(k, ctx, g),
    export: (ctx) => exportGenesis(k, ctx),
  };
}
