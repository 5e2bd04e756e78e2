import * as q from "../../gen/blockchain/land/v1/query";
import type { Parcel, Transfer } from "../../gen/blockchain/land/v1/parcel";
import { defineQuery, orNotFound, pageRequest, pageResponse, paginated, queryAddress, queryErrors, valuesPage } from "../../types/define";
import type { Context } from "../../types/context";
import type { QueryDef } from "../../types/module";
import type { LandKeeper } from "./keeper";

function parcelById(k: LandKeeper, ctx: Context, id: bigint | undefined, what: string): Parcel {
  return orNotFound(id === undefined ? undefined : k.parcels.get(ctx, id), `parcel ${what} not found`);
}

function nonEmpty(value: string, field: string): string {
  if (value === "") throw queryErrors.invalidArgument(`${field} cannot be empty`);
  return value;
}

function transfersOf(k: LandKeeper, ctx: Context, ids: bigint[]): Transfer[] {
  return ids.map((id) => k.transfers.get(ctx, id)!);
}

/** Land reads are public by design: a buyer verifies a parcel and its permission before paying. */
export function landQueries(k: LandKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryParcelRequest,
      responseCodec: q.QueryParcelResponse,
      handle: (ctx, req) => ({ parcel: parcelById(k, ctx, req.id, String(req.id)) }),
    }),
    defineQuery({
      requestCodec: q.QueryParcelByRefRequest,
      responseCodec: q.QueryParcelByRefResponse,
      handle: (ctx, req) => {
        const ref = nonEmpty(req.cadastralRef, "cadastral_ref");
        return {
          parcel: parcelById(k, ctx, k.parcels.indexes.byRef.get(ctx, ref), `with cadastral_ref ${JSON.stringify(ref.slice(0, 100))}`),
        };
      },
    }),
    defineQuery({
      requestCodec: q.QueryParcelByGeometryRequest,
      responseCodec: q.QueryParcelByGeometryResponse,
      handle: (ctx, req) => {
        const hash = nonEmpty(req.geometryHash, "geometry_hash");
        return {
          parcel: parcelById(
            k,
            ctx,
            k.parcels.indexes.byGeometry.get(ctx, hash),
            `with geometry_hash ${JSON.stringify(hash.slice(0, 100))}`,
          ),
        };
      },
    }),
    defineQuery({
      requestCodec: q.QueryTransferRequest,
      responseCodec: q.QueryTransferResponse,
      handle: (ctx, req) => ({ transfer: orNotFound(k.transfers.get(ctx, req.id), `transfer ${req.id} not found`) }),
    }),
    defineQuery({
      requestCodec: q.QueryTransfersByParcelRequest,
      responseCodec: q.QueryTransfersByParcelResponse,
      handle: (ctx, req) => {
        parcelById(k, ctx, req.parcelId, String(req.parcelId));
        const page = paginated(() => k.transfers.indexes.byParcel.paginate(ctx, req.parcelId, pageRequest(req.pagination)));
        return { transfers: transfersOf(k, ctx, page.items), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryPendingTransfersRequest,
      responseCodec: q.QueryPendingTransfersResponse,
      handle: (ctx, req) => {
        const page = paginated(() => k.pending.paginate(ctx, pageRequest(req.pagination)));
        return { transfers: transfersOf(k, ctx, page.items), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryAuthoritiesRequest,
      responseCodec: q.QueryAuthoritiesResponse,
      handle: (ctx, req) => valuesPage(ctx, k.authorities, req.pagination, "authorities"),
    }),
    defineQuery({
      requestCodec: q.QueryParcelsByHolderRequest,
      responseCodec: q.QueryParcelsByHolderResponse,
      handle: (ctx, req) => {
        const holder = queryAddress(req.holder, "holder");
        const page = paginated(() => k.parcels.indexes.byHolder.paginate(ctx, holder, pageRequest(req.pagination)));
        return { parcels: page.items.map((id) => k.parcels.get(ctx, id)!), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryFractionalisationAuthorityRequest,
      responseCodec: q.QueryFractionalisationAuthorityResponse,
      handle: (ctx, req) => {
        parcelById(k, ctx, req.parcelId, String(req.parcelId));
        const view = k.fractionalisationAuthority(ctx, req.parcelId);
        return {
          authorisation: orNotFound(view.authorisation, `parcel ${req.parcelId} has no fractionalisation authorisation`),
          live: view.live,
        };
      },
    }),
  ];
}
