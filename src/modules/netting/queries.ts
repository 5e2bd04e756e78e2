import { Cycle } from "../../gen/blockchain/netting/v1/netting";
import * as q from "../../gen/blockchain/netting/v1/query";
import { defineQuery, pageRequest, pageResponse, paginated, queryAddress } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { nettingErrors as E } from "./errors";
import type { NettingKeeper } from "./keeper";
import { tripleKey, stringKey, uint64Key } from "../../store/codecs";

const P = "/blockchain.netting.v1.Query/";
const R = "/blockchain/netting/v1";
const BY_PARTICIPANT_KEY = tripleKey(stringKey, uint64Key, uint64Key);

export function nettingQueries(k: NettingKeeper): QueryDef[] {
  return [
    defineQuery({
      path: P + "Params", requestCodec: q.QueryParamsRequest, responseCodec: q.QueryParamsResponse, rest: `${R}/params`,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    // Registered before cycle/{id}: the literal route matches first.
    defineQuery({
      path: P + "CurrentCycle", requestCodec: q.QueryCurrentCycleRequest, responseCodec: q.QueryCurrentCycleResponse, rest: `${R}/cycle/current`,
      handle: (ctx) => {
        // Before any cycle opened (netting off), an empty cycle closing at zero, not an error.
        const id = k.currentCycle.get(ctx);
        const cycle = (id === 0n ? undefined : k.cycles.get(ctx, id)) ?? Cycle.fromPartial({});
        return { cycle, closesAtHeight: k.closesAtHeight(ctx) };
      },
    }),
    defineQuery({
      path: P + "Cycle", requestCodec: q.QueryCycleRequest, responseCodec: q.QueryCycleResponse, rest: `${R}/cycle/{id}`,
      handle: (ctx, req) => {
        const cycle = k.cycles.get(ctx, req.id);
        if (cycle === undefined) throw E.ErrCycleNotFound.wrap(`cycle ${req.id}`);
        return { cycle, compression: k.compression(cycle) };
      },
    }),
    defineQuery({
      path: P + "Position", requestCodec: q.QueryPositionRequest, responseCodec: q.QueryPositionResponse, rest: `${R}/position/{participant}`,
      handle: (ctx, req) => ({ entries: k.positionEntries(ctx, queryAddress(req.participant, "participant")) }),
    }),
    defineQuery({
      path: P + "ParticipantObligations", requestCodec: q.QueryParticipantObligationsRequest, responseCodec: q.QueryParticipantObligationsResponse,
      rest: `${R}/obligations/{participant}/{cycle_id}`,
      handle: (ctx, req) => {
        const participant = queryAddress(req.participant, "participant");
        const page = paginated(() => k.byParticipant.paginate(ctx, pageRequest(req.pagination), { prefix: BY_PARTICIPANT_KEY.prefix2(participant, req.cycleId) }));
        return { obligations: page.items.map(([, , id]) => k.obligations.get(ctx, id)!), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "HeldSlices", requestCodec: q.QueryHeldSlicesRequest, responseCodec: q.QueryHeldSlicesResponse, rest: `${R}/held`,
      handle: (ctx) => ({ held: [...k.held.iterate(ctx)].map(([, v]) => v) }),
    }),
  ];
}
