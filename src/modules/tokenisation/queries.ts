import * as q from "../../gen/blockchain/tokenisation/v1/query";
import type { Asset } from "../../gen/blockchain/tokenisation/v1/tokenisation";
import { defineQuery, orNotFound, pageResponse, paginated, pageRequest, queryAddress, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { emptyVault, type TokenisationKeeper } from "./keeper";

export function tokenisationQueries(k: TokenisationKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryCollectionsRequest,
      responseCodec: q.QueryCollectionsResponse,
      handle: (ctx, req) => valuesPage(ctx, k.collections, req.pagination, "collections"),
    }),
    defineQuery({
      requestCodec: q.QueryAssetsRequest,
      responseCodec: q.QueryAssetsResponse,
      handle: (ctx, req) => {
        if (req.collectionId === "") return valuesPage(ctx, k.assets, req.pagination, "assets");
        const page = paginated(() => k.assets.indexes.byCollection.paginate(ctx, req.collectionId, pageRequest(req.pagination)));
        const assets: Asset[] = page.items.map((id) => k.assets.get(ctx, id)!);
        return { assets, pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryAssetRequest,
      responseCodec: q.QueryAssetResponse,
      handle: (ctx, req) => {
        const asset = orNotFound(k.assets.get(ctx, req.assetId), `asset ${req.assetId} not found`);
        return { asset, vault: k.vaults.get(ctx, req.assetId) ?? emptyVault(req.assetId), sale: k.sales.get(ctx, req.assetId) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryEntitlementRequest,
      responseCodec: q.QueryEntitlementResponse,
      handle: (ctx, req) => {
        const holder = queryAddress(req.holder, "holder");
        const asset = orNotFound(k.assets.get(ctx, req.assetId), `asset ${req.assetId} not found`);
        const denom = k.vaults.get(ctx, req.assetId)?.denom ?? "";
        return { owed: { denom, amount: k.entitlement(ctx, asset, holder).toString() } };
      },
    }),
  ];
}
