import { Cycle } from "../../gen/blockchain/netting/v1/netting";
import * as q from "../../gen/blockchain/netting/v1/query";
import { defineQuery, pageRequest, pageResponse, paginated, queryAddress } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { nettingErrors as E } from "./errors";
import type { NettingKeeper } from "./keeper";

export function nettingQueries(k: NettingKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    // Registered before cycle/{id}: the literal route matches first.
    defineQuery({
      requestCodec: q.QueryCurrentCycleRequest,
      responseCodec: q.QueryCurrentCycleResponse,
      handle: (ctx) => {
        // Before any cycle opened (netting off), an empty cycle closing at zero, not an error.
        const id = k.currentCycle.get(ctx);
        const cycle = (id === 0n ? undefined : k.cycles.get(ctx, id)) ?? Cycle.fromPartial({});
        return { cycle, closesAtHeight: k.closesAtHeight(ctx) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryCycleRequest,
      responseCodec: q.QueryCycleResponse,
      handle: (ctx, req) => {
        const cycle = k.cycles.get(ctx, req.id);
        if (cycle === undefined) throw E.ErrCycleNotFound.wrap(`cycle ${req.id}`);
        return { cycle, compression: k.compression(cycle) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryPositionRequest,
      responseCodec: q.QueryPositionResponse,
      handle: (ctx, req) => ({ entries: k.positionEntries(ctx, queryAddress(req.participant, "participant")) }),
    }),
    defineQuery({
      requestCodec: q.QueryParticipantObligationsRequest,
      responseCodec: q.QueryParticipantObligationsResponse,
      handle: (ctx, req) => {
        const participant = queryAddress(req.participant, "participant");
        const page = paginated(() =>
          k.obligations.indexes.byParticipant.paginate(ctx, participant, req.cycleId, pageRequest(req.pagination)),
        );
        return { obligations: page.items.map((id) => k.obligations.get(ctx, id)!), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryHeldSlicesRequest,
      responseCodec: q.QueryHeldSlicesResponse,
      handle: (ctx) => ({ held: [...k.held.iterate(ctx)].map(([, v]) => v) }),
    }),
  ];
}
