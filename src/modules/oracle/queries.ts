import * as q from "../../gen/blockchain/oracle/v1/query";
import { isValidDenom } from "../../types/coins";
import { defineQuery, orNotFound, pageResponse, paginated, pageRequest, queryAddress, queryErrors, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { oracleErrors as E } from "./errors";
import { OracleKeeper } from "./keeper";
import { oracleLimits as L } from "./limits";

function queryDenom(denom: string): string {
  if (!isValidDenom(denom)) throw queryErrors.invalidArgument(`invalid denom: ${JSON.stringify(denom.slice(0, 140))}`);
  return denom;
}

function queryId(id: string, field: string): string {
  if (id === "" || id.length > L.maxIdChars) throw queryErrors.invalidArgument(`invalid ${field}: ${JSON.stringify(id.slice(0, 120))}`);
  return id;
}

function ageOf(now: bigint, then: bigint): bigint {
  return now > then ? now - then : 0n;
}

export function oracleQueries(k: OracleKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryExchangeRateRequest,
      responseCodec: q.QueryExchangeRateResponse,
      handle: (ctx, req) => {
        const rate = k.rates.get(ctx, queryDenom(req.denom));
        if (!rate) throw E.ErrRateUnavailable.wrap(`no rate for ${req.denom}`);
        const price = k.price(ctx, req.denom)!;
        return { rate, stale: price.stale, ageSeconds: price.ageSeconds };
      },
    }),
    defineQuery({
      requestCodec: q.QueryExchangeRatesRequest,
      responseCodec: q.QueryExchangeRatesResponse,
      handle: (ctx, req) => valuesPage(ctx, k.rates, req.pagination, "rates"),
    }),
    defineQuery({
      requestCodec: q.QueryAppraisalRequest,
      responseCodec: q.QueryAppraisalResponse,
      handle: (ctx, req) => {
        const appraisal = k.currentAppraisal(ctx, queryId(req.classId, "class_id"), queryId(req.nftId, "nft_id"));
        if (!appraisal) throw E.ErrAppraisalMissing.wrap(`no appraisal for ${req.classId}/${req.nftId}`);
        const ageSeconds = ageOf(ctx.unixSeconds, appraisal.valuedAt);
        return {
          appraisal,
          stale: ageSeconds > k.getParams(ctx).maxAppraisalAgeSeconds,
          ageSeconds,
          appraiserStillApproved: k.mayAppraise(ctx, appraisal.appraiser, appraisal.classId),
        };
      },
    }),
    defineQuery({
      requestCodec: q.QueryAppraisalHistoryRequest,
      responseCodec: q.QueryAppraisalHistoryResponse,
      handle: (ctx, req) => {
        const prefix = k.assetPrefix(queryId(req.classId, "class_id"), queryId(req.nftId, "nft_id"));
        const page = paginated(() => k.appraisals.paginate(ctx, pageRequest(req.pagination), { prefix }));
        return { appraisals: page.items.map(([, v]) => v), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryGetAppraiserRequest,
      responseCodec: q.QueryGetAppraiserResponse,
      handle: (ctx, req) => ({
        appraiser: orNotFound(k.appraisers.get(ctx, queryAddress(req.address)), `appraiser ${req.address} not found`),
      }),
    }),
    defineQuery({
      requestCodec: q.QueryListAppraiserRequest,
      responseCodec: q.QueryListAppraiserResponse,
      handle: (ctx, req) => valuesPage(ctx, k.appraisers, req.pagination, "appraisers"),
    }),
    defineQuery({
      requestCodec: q.QueryMissCountersRequest,
      responseCodec: q.QueryMissCountersResponse,
      handle: (ctx, req) => valuesPage(ctx, k.misses, req.pagination, "counters"),
    }),
    defineQuery({
      requestCodec: q.QueryFeederDelegationRequest,
      responseCodec: q.QueryFeederDelegationResponse,
      handle: (ctx, req) => {
        if (OracleKeeper.operatorAccount(req.validator) === undefined)
          throw queryErrors.invalidArgument(`invalid validator: ${JSON.stringify(req.validator.slice(0, 100))}`);
        return { feeder: k.feederOf(ctx, req.validator)! };
      },
    }),
  ];
}
