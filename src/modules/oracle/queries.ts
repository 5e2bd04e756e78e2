import * as q from "../../gen/blockchain/oracle/v1/query";
import { isValidDenom } from "../../types/coins";
import { defineQuery, orNotFound, pageResponse, paginated, pageRequest, queryAddress, queryErrors, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { oracleErrors as E } from "./errors";
import { OracleKeeper } from "./keeper";
import { oracleLimits as L } from "./limits";

const P = "/blockchain.oracle.v1.Query/";
const R = "/blockchain/oracle/v1";

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
      path: P + "Params", requestCodec: q.QueryParamsRequest, responseCodec: q.QueryParamsResponse, rest: `${R}/params`,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      path: P + "ExchangeRate", requestCodec: q.QueryExchangeRateRequest, responseCodec: q.QueryExchangeRateResponse, rest: `${R}/rate_by_denom`,
      handle: (ctx, req) => {
        const rate = k.rates.get(ctx, queryDenom(req.denom));
        if (!rate) throw E.ErrRateUnavailable.wrap(`no rate for ${req.denom}`);
        const price = k.price(ctx, req.denom)!;
        return { rate, stale: price.stale, ageSeconds: price.ageSeconds };
      },
    }),
    defineQuery({
      path: P + "ExchangeRates", requestCodec: q.QueryExchangeRatesRequest, responseCodec: q.QueryExchangeRatesResponse, rest: `${R}/rate`,
      handle: (ctx, req) => valuesPage(ctx, k.rates, req.pagination, "rates"),
    }),
    defineQuery({
      path: P + "Appraisal", requestCodec: q.QueryAppraisalRequest, responseCodec: q.QueryAppraisalResponse, rest: `${R}/appraisal`,
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
      path: P + "AppraisalHistory", requestCodec: q.QueryAppraisalHistoryRequest, responseCodec: q.QueryAppraisalHistoryResponse, rest: `${R}/appraisal_history`,
      handle: (ctx, req) => {
        const prefix = k.assetPrefix(queryId(req.classId, "class_id"), queryId(req.nftId, "nft_id"));
        const page = paginated(() => k.appraisals.paginate(ctx, pageRequest(req.pagination), { prefix }));
        return { appraisals: page.items.map(([, v]) => v), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "GetAppraiser", requestCodec: q.QueryGetAppraiserRequest, responseCodec: q.QueryGetAppraiserResponse, rest: `${R}/appraiser/{address}`,
      handle: (ctx, req) => ({ appraiser: orNotFound(k.appraisers.get(ctx, queryAddress(req.address)), `appraiser ${req.address} not found`) }),
    }),
    defineQuery({
      path: P + "ListAppraiser", requestCodec: q.QueryListAppraiserRequest, responseCodec: q.QueryListAppraiserResponse, rest: `${R}/appraiser`,
      handle: (ctx, req) => valuesPage(ctx, k.appraisers, req.pagination, "appraisers"),
    }),
    defineQuery({
      path: P + "MissCounters", requestCodec: q.QueryMissCountersRequest, responseCodec: q.QueryMissCountersResponse, rest: `${R}/miss`,
      handle: (ctx, req) => valuesPage(ctx, k.misses, req.pagination, "counters"),
    }),
    defineQuery({
      path: P + "FeederDelegation", requestCodec: q.QueryFeederDelegationRequest, responseCodec: q.QueryFeederDelegationResponse, rest: `${R}/feeder/{validator}`,
      handle: (ctx, req) => {
        if (OracleKeeper.operatorAccount(req.validator) === undefined) throw queryErrors.invalidArgument(`invalid validator: ${JSON.stringify(req.validator.slice(0, 100))}`);
        return { feeder: k.feederOf(ctx, req.validator)! };
      },
    }),
  ];
}
