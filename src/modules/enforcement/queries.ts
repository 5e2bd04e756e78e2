import { CaseStatus, Case, Freeze } from "../../gen/blockchain/enforcement/v1/enforcement";
import * as q from "../../gen/blockchain/enforcement/v1/query";
import { addCoins, amountOf, coinFromProto, coinsToProto, type Coin } from "../../types/coins";
import type { Context } from "../../types/context";
import { defineQuery, orNotFound, queryAddress, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { requiredPower, type EnforcementKeeper } from "./keeper";

const P = "/blockchain.enforcement.v1.Query/";
const R = "/blockchain/enforcement/v1";

/** Cap minus seized, floored at zero, only for the denominations the cap names. */
export function remainingUnderCap(cap: readonly Coin[], seized: readonly Coin[]): Coin[] {
  return cap.map((c) => {
    const left = c.amount - amountOf(seized, c.denom);
    return { denom: c.denom, amount: left > 0n ? left : 0n };
  });
}

function casesOf(ctx: Context, k: EnforcementKeeper, ids: Iterable<bigint>): Case[] {
  return [...ids].map((id) => k.getCase(ctx, id));
}

export function enforcementQueries(k: EnforcementKeeper): QueryDef[] {
  return [
    defineQuery({
      path: P + "Params", requestCodec: q.QueryParamsRequest, responseCodec: q.QueryParamsResponse, rest: `${R}/params`,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      path: P + "GetCase", requestCodec: q.QueryGetCaseRequest, responseCodec: q.QueryGetCaseResponse, rest: `${R}/case/{id}`,
      handle: (ctx, req) => ({ case: orNotFound(k.cases.get(ctx, req.id), `case ${req.id} not found`), votes: k.votesOf(ctx, req.id) }),
    }),
    defineQuery({
      path: P + "ListCase", requestCodec: q.QueryListCaseRequest, responseCodec: q.QueryListCaseResponse, rest: `${R}/case`,
      handle: (ctx, req) => valuesPage(ctx, k.cases, req.pagination, "case"),
    }),
    defineQuery({
      path: P + "OpenCases", requestCodec: q.QueryOpenCasesRequest, responseCodec: q.QueryOpenCasesResponse, rest: `${R}/case/open`,
      handle: (ctx) => ({ case: casesOf(ctx, k, k.openCases.iterate(ctx)) }),
    }),
    defineQuery({
      path: P + "HeldCases", requestCodec: q.QueryHeldCasesRequest, responseCodec: q.QueryHeldCasesResponse, rest: `${R}/case/held`,
      handle: (ctx) => ({ case: casesOf(ctx, k, k.heldCases.iterate(ctx)) }),
    }),
    defineQuery({
      path: P + "CaseVotes", requestCodec: q.QueryCaseVotesRequest, responseCodec: q.QueryCaseVotesResponse, rest: `${R}/case/{case_id}/votes`,
      handle: (ctx, req) => {
        const c = orNotFound(k.cases.get(ctx, req.caseId), `case ${req.caseId} not found`);
        return {
          votes: k.votesOf(ctx, req.caseId),
          yesPower: c.yesPower,
          noPower: c.noPower,
          abstainPower: c.abstainPower,
          totalPowerAtOpen: c.totalPowerAtOpen,
          requiredPower: requiredPower(c.totalPowerAtOpen, k.getParams(ctx).thresholdBps),
        };
      },
    }),
    defineQuery({
      path: P + "FreezeStatus", requestCodec: q.QueryFreezeStatusRequest, responseCodec: q.QueryFreezeStatusResponse, rest: `${R}/freeze/{address}`,
      handle: (ctx, req) => {
        const f = k.activeFreeze(ctx, queryAddress(req.address));
        if (!f) return { frozen: false, freeze: Freeze.fromPartial({}), case: Case.fromPartial({}) };
        return { frozen: true, freeze: f, case: k.getCase(ctx, f.caseId) };
      },
    }),
    defineQuery({
      path: P + "ListFreeze", requestCodec: q.QueryListFreezeRequest, responseCodec: q.QueryListFreezeResponse, rest: `${R}/freeze`,
      handle: (ctx, req) => valuesPage(ctx, k.freezes, req.pagination, "freeze"),
    }),
    defineQuery({
      path: P + "Recovered", requestCodec: q.QueryRecoveredRequest, responseCodec: q.QueryRecoveredResponse, rest: `${R}/recovered`,
      handle: (ctx) => {
        let total: Coin[] = [];
        let passed = 0n;
        for (const [, c] of k.cases.iterate(ctx)) {
          total = addCoins(total, c.recovered.map(coinFromProto));
          if (c.status === CaseStatus.CASE_STATUS_PASSED || c.status === CaseStatus.CASE_STATUS_HELD) passed += 1n;
        }
        return { total: coinsToProto(total), casesOpened: k.caseCount.get(ctx), casesPassed: passed };
      },
    }),
    defineQuery({
      path: P + "SeizureWindow", requestCodec: q.QuerySeizureWindowRequest, responseCodec: q.QuerySeizureWindowResponse, rest: `${R}/window`,
      handle: (ctx) => {
        const p = k.getParams(ctx);
        const w = k.window(ctx);
        const cap = p.seizureWindowCap.map(coinFromProto);
        return {
          windowStartHeight: w.start,
          currentHeight: ctx.height,
          seized: coinsToProto(w.seized),
          cap: coinsToProto(cap),
          remaining: coinsToProto(remainingUnderCap(cap, w.seized)),
          seizureCount: w.count,
          maxSeizures: p.maxSeizuresPerWindow,
        };
      },
    }),
  ];
}
