import type { FastifyInstance } from "fastify";
import {
  GetBlockByHeightResponse,
  GetLatestValidatorSetResponse,
  GetNodeInfoResponse,
  GetSyncingResponse,
} from "cosmjs-types/cosmos/base/tendermint/v1beta1/query";
import { PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { APP_NAME, APP_VERSION, type App } from "../app/app";
import { bech32Prefix, toBech32 } from "../types/address";
import type { BlockView, NodeBackend } from "../node/backend";
import { uintParam } from "./body";
import { restErrors } from "./errors";
import { gatewayJson } from "../codec/gateway-json";

/** The block with its header's proposer as a bech32 consensus address (SDK 0.47+ sdk_block). */
function sdkBlock(view: BlockView) {
  const header = view.block.header;
  return {
    header: header
      ? { ...header, proposerAddress: header.proposerAddress.length > 0 ? toBech32(bech32Prefix.consensus, header.proposerAddress) : "" }
      : undefined,
    data: view.block.data,
    evidence: view.block.evidence,
    lastCommit: view.block.lastCommit,
  };
}

function blockJson(view: BlockView) {
  // GetLatestBlockResponse and GetBlockByHeightResponse share field numbers and names.
  const bytes = GetBlockByHeightResponse.encode(
    GetBlockByHeightResponse.fromPartial({ blockId: view.blockId, block: view.block, sdkBlock: sdkBlock(view) }),
  ).finish();
  return gatewayJson("cosmos.base.tendermint.v1beta1.GetBlockByHeightResponse", bytes);
}

/** cosmos.base.tendermint.v1beta1.Service (the SDK's CometBFT service) over the node backend. */
export function registerCometRoutes(fastify: FastifyInstance, app: App, node: NodeBackend): void {
  const base = "/cosmos/base/tendermint/v1beta1";

  fastify.get(`${base}/node_info`, { config: { route: `${base}/node_info` } }, async () => {
    const response = GetNodeInfoResponse.fromPartial({
      defaultNodeInfo: await node.nodeInfo(),
      applicationVersion: {
        name: APP_NAME,
        appName: `${APP_NAME}d`,
        version: APP_VERSION,
        gitCommit: "",
        buildTags: "",
        goVersion: `node ${process.version}`,
        buildDeps: [],
        cosmosSdkVersion: "v0.50-compatible",
      },
    });
    return gatewayJson("cosmos.base.tendermint.v1beta1.GetNodeInfoResponse", GetNodeInfoResponse.encode(response).finish());
  });

  fastify.get(`${base}/syncing`, { config: { route: `${base}/syncing` } }, async () =>
    gatewayJson("cosmos.base.tendermint.v1beta1.GetSyncingResponse", GetSyncingResponse.encode({ syncing: await node.syncing() }).finish()),
  );

  fastify.get(`${base}/blocks/latest`, { config: { route: `${base}/blocks/latest` } }, async () => {
    const view = await node.getBlock();
    if (!view) throw restErrors.notFound("no block committed yet");
    return blockJson(view);
  });

  fastify.get(`${base}/blocks/:height`, { config: { route: `${base}/blocks/{height}` } }, async (req) => {
    const height = uintParam((req.params as { height: string }).height, "height", 0n);
    const latest = app.lastHeight;
    if (height > latest) throw restErrors.invalidArgument("requested block height is bigger then the chain length");
    const view = height === 0n ? undefined : await node.getBlock(height);
    if (!view) throw restErrors.notFound(`block ${height} not found`);
    return blockJson(view);
  });

  fastify.get(`${base}/validatorsets/latest`, { config: { route: `${base}/validatorsets/latest` } }, async () => {
    const { height, validators } = await node.latestValidators();
    const response = GetLatestValidatorSetResponse.fromPartial({
      blockHeight: height,
      validators: validators.map((v) => ({
        address: toBech32(bech32Prefix.consensus, v.address),
        pubKey: { typeUrl: "/cosmos.crypto.ed25519.PubKey", value: PubKey.encode({ key: v.pubKey }).finish() },
        votingPower: v.votingPower,
        proposerPriority: v.proposerPriority,
      })),
      pagination: { nextKey: new Uint8Array(), total: BigInt(validators.length) },
    });
    return gatewayJson(
      "cosmos.base.tendermint.v1beta1.GetLatestValidatorSetResponse",
      GetLatestValidatorSetResponse.encode(response).finish(),
    );
  });
}
