import type { Module } from "../../types/module";
import { nftGenesis } from "./genesis";
import { NFT_MODULE, NftKeeper } from "./keeper";
import { migrateNftV1ToV2 } from "./migrations";
import { nftMsgs } from "./msgs";
import { nftQueries } from "./queries";
import { nftSimulation } from "./simulation";

export { NftKeeper, NFT_MODULE, type NftKeeperApi } from "./keeper";
export { nftErrors } from "./errors";

/** The Cosmos SDK's x/nft (cosmos.nft.v1beta1): classes, NFTs, owners and MsgSend. */
export function createNftModule(): Module & { keeper: NftKeeper } {
  const keeper = new NftKeeper();
  return {
    name: NFT_MODULE,
    keeper,
    consensusVersion: 2,
    migrations: [{ from: 1, migrate: (ctx) => migrateNftV1ToV2(keeper, ctx) }],
    msgs: nftMsgs(keeper),
    queries: nftQueries(keeper),
    genesis: nftGenesis(keeper),
    simulation: nftSimulation(keeper),
    bindFreezeGuard: (guard) => keeper.bindFreezeGuard(guard),
  };
}
