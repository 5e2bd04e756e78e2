import * as q from "../../gen/blockchain/land/v1/query";
import type { Parcel, Transfer } from "../../gen/blockchain/land/v1/parcel";
import { defineQuery, orNotFound, pageRequest, pageResponse, paginated, queryAddress, queryErrors, valuesPage } from "../../types/define";
import type { Context } from "../../types/context";
import type { QueryDef } from "../../types/module";
import type { LandKeeper } from "./keeper";

const P = "/blockchain.land.v1.Query/";
const R = "/blockchain/land/v1";

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
      path: P + "Params", requestCodec: q.QueryParamsRequest, responseCodec: q.QueryParamsResponse, rest: `${R}/params`,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      path: P + "Parcel", requestCodec: q.QueryParcelRequest, responseCodec: q.QueryParcelResponse, rest: `${R}/parcel/{id}`,
      handle: (ctx, req) => ({ parcel: parcelById(k, ctx, req.id, String(req.id)) }),
    }),
    defineQuery({
      path: P + "ParcelByRef", requestCodec: q.QueryParcelByRefRequest, responseCodec: q.QueryParcelByRefResponse, rest: `${R}/parcel_by_ref`,
      handle: (ctx, req) => {
        const ref = nonEmpty(req.cadastralRef, "cadastral_ref");
        return { parcel: parcelById(k, ctx, k.parcels.indexes.byRef.get(ctx, ref), `with cadastral_ref ${JSON.stringify(ref.slice(0, 100))}`) };
      },
    }),
    defineQuery({
      path: P + "ParcelByGeometry", requestCodec: q.QueryParcelByGeometryRequest, responseCodec: q.QueryParcelByGeometryResponse,
      rest: `${R}/parcel_by_geometry`,
      handle: (ctx, req) => {
        const hash = nonEmpty(req.geometryHash, "geometry_hash");
        return { parcel: parcelById(k, ctx, k.parcels.indexes.byGeometry.get(ctx, hash), `with geometry_hash ${JSON.stringify(hash.slice(0, 100))}`) };
      },
    }),
    defineQuery({
      path: P + "Transfer", requestCodec: q.QueryTransferRequest, responseCodec: q.QueryTransferResponse, rest: `${R}/transfer/{id}`,
      handle: (ctx, req) => ({ transfer: orNotFound(k.transfers.get(ctx, req.id), `transfer ${req.id} not found`) }),
    }),
    defineQuery({
      path: P + "TransfersByParcel", requestCodec: q.QueryTransfersByParcelRequest, responseCodec: q.QueryTransfersByParcelResponse,
      rest: `${R}/transfers_by_parcel/{parcel_id}`,
      handle: (ctx, req) => {
        parcelById(k, ctx, req.parcelId, String(req.parcelId));
        const page = paginated(() => k.transfers.indexes.byParcel.paginate(ctx, req.parcelId, pageRequest(req.pagination)));
        return { transfers: transfersOf(k, ctx, page.items), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "PendingTransfers", requestCodec: q.QueryPendingTransfersRequest, responseCodec: q.QueryPendingTransfersResponse,
      rest: `${R}/pending_transfers`,
      handle: (ctx, req) => {
        const page = paginated(() => k.pending.paginate(ctx, pageRequest(req.pagination)));
        return { transfers: transfersOf(k, ctx, page.items), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "Authorities", requestCodec: q.QueryAuthoritiesRequest, responseCodec: q.QueryAuthoritiesResponse, rest: `${R}/authorities`,
      handle: (ctx, req) => valuesPage(ctx, k.authorities, req.pagination, "authorities"),
    }),
    defineQuery({
      path: P + "ParcelsByHolder", requestCodec: q.QueryParcelsByHolderRequest, responseCodec: q.QueryParcelsByHolderResponse,
      rest: `${R}/parcels_by_holder/{holder}`,
      handle: (ctx, req) => {
        const holder = queryAddress(req.holder, "holder");
        const page = paginated(() => k.parcels.indexes.byHolder.paginate(ctx, holder, pageRequest(req.pagination)));
        return { parcels: page.items.map((id) => k.parcels.get(ctx, id)!), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "FractionalisationAuthority", requestCodec: q.QueryFractionalisationAuthorityRequest,
      responseCodec: q.QueryFractionalisationAuthorityResponse, rest: `${R}/fractionalisation_authority/{parcel_id}`,
      handle: (ctx, req) => {
        parcelById(k, ctx, req.parcelId, String(req.parcelId));
        const view = k.fractionalisationAuthority(ctx, req.parcelId);
        return { authorisation: orNotFound(view.authorisation, `parcel ${req.parcelId} has no fractionalisation authorisation`), live: view.live };
      },
    }),
  ];
}
