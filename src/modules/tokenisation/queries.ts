import * as q from "../../gen/blockchain/tokenisation/v1/query";
import type { Asset } from "../../gen/blockchain/tokenisation/v1/tokenisation";
import { defineQuery, orNotFound, pageResponse, paginated, pageRequest, queryAddress, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { emptyVault, type TokenisationKeeper } from "./keeper";

const P = "/blockchain.tokenisation.v1.Query/";
const R = "/blockchain/tokenisation/v1";

export function tokenisationQueries(k: TokenisationKeeper): QueryDef[] {
  return [
    defineQuery({
      path: P + "Params", requestCodec: q.QueryParamsRequest, responseCodec: q.QueryParamsResponse, rest: `${R}/params`,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      path: P + "Collections", requestCodec: q.QueryCollectionsRequest, responseCodec: q.QueryCollectionsResponse, rest: `${R}/collections`,
      handle: (ctx, req) => valuesPage(ctx, k.collections, req.pagination, "collections"),
    }),
    defineQuery({
      path: P + "Assets", requestCodec: q.QueryAssetsRequest, responseCodec: q.QueryAssetsResponse, rest: `${R}/assets`,
      handle: (ctx, req) => {
        if (req.collectionId === "") return valuesPage(ctx, k.assets, req.pagination, "assets");
        const page = paginated(() => k.assetsByCollection.paginate(ctx, pageRequest(req.pagination), { prefix: k.collectionAssetKey.prefix(req.collectionId) }));
        const assets: Asset[] = page.items.map(([, id]) => k.assets.get(ctx, id)!);
        return { assets, pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "Asset", requestCodec: q.QueryAssetRequest, responseCodec: q.QueryAssetResponse, rest: `${R}/assets/{asset_id}`,
      handle: (ctx, req) => {
        const asset = orNotFound(k.assets.get(ctx, req.assetId), `asset ${req.assetId} not found`);
        return { asset, vault: k.vaults.get(ctx, req.assetId) ?? emptyVault(req.assetId), sale: k.sales.get(ctx, req.assetId) };
      },
    }),
    defineQuery({
      path: P + "Entitlement", requestCodec: q.QueryEntitlementRequest, responseCodec: q.QueryEntitlementResponse,
      rest: `${R}/assets/{asset_id}/entitlement/{holder}`,
      handle: (ctx, req) => {
        const holder = queryAddress(req.holder, "holder");
        const asset = orNotFound(k.assets.get(ctx, req.assetId), `asset ${req.assetId} not found`);
        const denom = k.vaults.get(ctx, req.assetId)?.denom ?? "";
        return { owed: { denom, amount: k.entitlement(ctx, asset, holder).toString() } };
      },
    }),
  ];
}
