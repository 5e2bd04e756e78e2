import { createHash } from "node:crypto";
import type { GenesisDoc } from "../abci/genesis-doc";
import { bondedValidators } from "../node/validators";
import { bytes, int, str, type DevChainView, type RpcMethod } from "./dev-chain-view";
import * as json from "./shapes";

/** CometBFT v0.38's defaults, which it fills into a genesis without consensus params when loading it. */
const DEFAULT_CONSENSUS_PARAMS = {
  block: { max_bytes: "22020096", max_gas: "-1" },
  evidence: { max_age_num_blocks: "100000", max_age_duration: "172800000000000", max_bytes: "1048576" },
  validator: { pub_key_types: ["ed25519"] },
  version: { app: "0" },
  abci: { vote_extensions_enable_height: "0" },
};

/** The genesis as CometBFT holds it after loading: consensus params and validator addresses filled in. */
function completedGenesis(doc: GenesisDoc): GenesisDoc {
  return {
    ...doc,
    initial_height: doc.initial_height || "1",
    consensus_params: { ...DEFAULT_CONSENSUS_PARAMS, ...doc.consensus_params },
    validators: (doc.validators ?? []).map((v) => ({
      ...v,
      address:
        v.address ||
        createHash("sha256").update(Buffer.from(v.pub_key.value, "base64")).digest().subarray(0, 20).toString("hex").toUpperCase(),
      name: v.name ?? "",
    })),
    app_hash: doc.app_hash ?? "",
  };
}

/** Node, chain and application status, and application queries. */
export function infoMethods(chain: DevChainView): Record<string, RpcMethod> {
  return {
    health: { params: [], run: async () => ({}) },

    status: {
      params: [],
      async run(_p, ctx) {
        const info = await chain.backend.nodeInfo();
        const h = chain.engine.height;
        const [latest, earliest] = await Promise.all([
          h > 0n ? chain.engine.blocks.block(h) : undefined,
          h > 0n ? chain.engine.blocks.block(chain.initialHeight) : undefined,
        ]);
        const power = bondedValidators(chain.app).find((v) => Buffer.compare(v.address, chain.validatorAddress) === 0)?.votingPower ?? 0n;
        return {
          node_info: {
            protocol_version: {
              p2p: info.protocolVersion!.p2p.toString(),
              block: info.protocolVersion!.block.toString(),
              app: info.protocolVersion!.app.toString(),
            },
            id: info.defaultNodeId,
            // The dev node has no p2p listener; its RPC address stands in (cosmjs requires a value).
            listen_addr: ctx.rpcAddress,
            network: info.network,
            version: info.version,
            channels: "",
            moniker: info.moniker,
            other: { tx_index: "on", rpc_address: ctx.rpcAddress },
          },
          sync_info: {
            latest_block_hash: json.hexUpper(latest?.hash),
            latest_app_hash: h > 0n ? json.hexUpper(chain.app.store.lastAppHash) : "",
            latest_block_height: h.toString(),
            latest_block_time: json.time(latest?.time ?? chain.engine.lastBlockTime),
            earliest_block_hash: json.hexUpper(earliest?.hash),
            earliest_app_hash: json.hexUpper(chain.genesis.app_hash ? Buffer.from(chain.genesis.app_hash, "hex") : undefined),
            earliest_block_height: (h > 0n ? chain.initialHeight : 0n).toString(),
            earliest_block_time: json.time(earliest?.time ?? chain.engine.lastBlockTime),
            catching_up: false,
          },
          validator_info: {
            address: json.hexUpper(chain.validatorAddress),
            pub_key: json.pubKeyJson(chain.validatorKey),
            voting_power: power.toString(),
          },
        };
      },
    },

    net_info: { params: [], run: async () => ({ listening: false, listeners: [], n_peers: "0", peers: [] }) },

    genesis: { params: [], run: async () => ({ genesis: completedGenesis(chain.genesis) }) },

    abci_info: {
      params: [],
      async run() {
        const r = chain.app.info({ version: "0.38.25", blockVersion: 11n, p2pVersion: 8n, abciVersion: "2.0.0" });
        return {
          response: {
            data: r.data,
            version: r.version,
            app_version: r.appVersion.toString(),
            last_block_height: r.lastBlockHeight.toString(),
            last_block_app_hash: json.base64(r.lastBlockAppHash),
          },
        };
      },
    },

    abci_query: {
      params: [
        ["path", "string"],
        ["data", "hex"],
        ["height", "int"],
        ["prove", "bool"],
      ],
      async run(p) {
        const r = await chain.app.query({
          path: str(p, "path"),
          data: bytes(p, "data"),
          height: int(p, "height") ?? 0n,
          prove: p.prove === true,
        });
        return {
          response: {
            code: r.code,
            log: r.log,
            info: r.info,
            index: r.index.toString(),
            key: json.base64(r.key),
            value: json.base64(r.value),
            proofOps: r.proofOps
              ? { ops: r.proofOps.ops.map((o) => ({ type: o.type, key: json.base64(o.key), data: json.base64(o.data) })) }
              : null,
            height: r.height.toString(),
            codespace: r.codespace,
          },
        };
      },
    },
  };
}
