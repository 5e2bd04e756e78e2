import { CaseStatus, Case, Freeze } from "../../gen/blockchain/enforcement/v1/enforcement";
import * as q from "../../gen/blockchain/enforcement/v1/query";
import { addCoins, amountOf, coinFromProto, coinsToProto, type Coin } from "../../types/coins";
import type { Context } from "../../types/context";
import { defineQuery, orNotFound, queryAddress, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { requiredPower, type EnforcementKeeper } from "./keeper";

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
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryGetCaseRequest,
      responseCodec: q.QueryGetCaseResponse,
      handle: (ctx, req) => ({ case: orNotFound(k.cases.get(ctx, req.id), `case ${req.id} not found`), votes: k.votesOf(ctx, req.id) }),
    }),
    defineQuery({
      requestCodec: q.QueryListCaseRequest,
      responseCodec: q.QueryListCaseResponse,
      handle: (ctx, req) => valuesPage(ctx, k.cases, req.pagination, "case"),
    }),
    defineQuery({
      requestCodec: q.QueryOpenCasesRequest,
      responseCodec: q.QueryOpenCasesResponse,
      handle: (ctx) => ({ case: casesOf(ctx, k, k.openCases.iterate(ctx)) }),
    }),
    defineQuery({
      requestCodec: q.QueryHeldCasesRequest,
      responseCodec: q.QueryHeldCasesResponse,
      handle: (ctx) => ({ case: casesOf(ctx, k, k.heldCases.iterate(ctx)) }),
    }),
    defineQuery({
      requestCodec: q.QueryCaseVotesRequest,
      responseCodec: q.QueryCaseVotesResponse,
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
      requestCodec: q.QueryFreezeStatusRequest,
      responseCodec: q.QueryFreezeStatusResponse,
      handle: (ctx, req) => {
        const f = k.activeFreeze(ctx, queryAddress(req.address));
        if (!f) return { frozen: false, freeze: Freeze.fromPartial({}), case: Case.fromPartial({}) };
        return { frozen: true, freeze: f, case: k.getCase(ctx, f.caseId) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryListFreezeRequest,
      responseCodec: q.QueryListFreezeResponse,
      handle: (ctx, req) => valuesPage(ctx, k.freezes, req.pagination, "freeze"),
    }),
    defineQuery({
      requestCodec: q.QueryRecoveredRequest,
      responseCodec: q.QueryRecoveredResponse,
      handle: (ctx) => {
        let total: Coin[] = [];
        let passed = 0n;
        for (const [, c] of k.cases.iterate(ctx)) {
          total = addCoins(total, c.recovered.map(coinFromProto));
          if (c.status === CaseStatus.CASE_STATUS_PASSED || c.status === CaseStatus.CASE_STATUS_HELD) passed += 1n;
        }
        return { total: coinsToProto(total), casesOpened: k.nextCaseId.peek(ctx) - 1n, casesPassed: passed };
      },
    }),
    defineQuery({
      requestCodec: q.QuerySeizureWindowRequest,
      responseCodec: q.QuerySeizureWindowResponse,
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
