import { GenesisState } from "../../gen/blockchain/oracle/v1/genesis";
import { AppraiserStatus, type Appraisal } from "../../gen/blockchain/oracle/v1/oracle";
import { accAddress } from "../../types/address";
import { isValidDenom } from "../../types/coins";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { OracleKeeper, parsePositiveRate } from "./keeper";
import { defaultOracleParams, validateOracleParams } from "./params";
import { BPS } from "./tally";

function invalid(detail: string): never {
  throw sdkErrors.ErrInvalidRequest.wrap(`invalid oracle genesis: ${detail}`);
}

function assetKey(a: Appraisal): string {
  return `${a.classId}\u0000${a.nftId}`;
}

function unique<T>(items: T[], key: (t: T) => string, what: string): void {
  const seen = new Set<string>();
  for (const i of items) {
    const k = key(i);
    if (seen.has(k)) invalid(`${what} ${JSON.stringify(k)} listed twice`);
    seen.add(k);
  }
}

/**
 * Genesis lists the current appraisal of each asset in `appraisals` and the superseded ones in
 * `appraisal_history`, newest first per asset (export order); import keeps that order.
 * `votes` are the open round's votes (validator, then denom order), so a chain exported
 * mid-round tallies the same round as the chain it was exported from.
 */
export function oracleGenesis(k: OracleKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "blockchain.oracle.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => ({
      params: defaultOracleParams(),
      exchangeRates: [],
      appraisers: [],
      appraisals: [],
      feederDelegations: [],
      missCounters: [],
      appraisalHistory: [],
      votes: [],
    }),
    validate: (g) => {
      validateOracleParams(g.params ?? defaultOracleParams());
      unique(g.exchangeRates, (r) => r.denom, "exchange rate");
      for (const r of g.exchangeRates) {
        if (!isValidDenom(r.denom)) invalid(`exchange rate denom ${JSON.stringify(r.denom.slice(0, 140))}`);
        parsePositiveRate(r.rate);
        if (r.votingPowerBps > BPS) invalid(`voting_power_bps of ${r.denom} above 10000`);
      }
      unique(g.appraisers, (a) => a.address, "appraiser");
      for (const a of g.appraisers) {
        accAddress.validate(a.address);
        if (!(a.status in AppraiserStatus) || a.status === AppraiserStatus.APPRAISER_STATUS_UNSPECIFIED)
          invalid(`appraiser ${a.address} has status ${a.status}`);
      }
      unique(g.feederDelegations, (f) => f.validator, "feeder delegation");
      for (const f of g.feederDelegations) {
        if (OracleKeeper.operatorAccount(f.validator) === undefined)
          invalid(`feeder delegation validator ${JSON.stringify(f.validator.slice(0, 100))}`);
        accAddress.validate(f.feeder);
      }
      unique(g.missCounters, (m) => m.validator, "miss counter");
      for (const m of g.missCounters) {
        if (OracleKeeper.operatorAccount(m.validator) === undefined)
          invalid(`miss counter validator ${JSON.stringify(m.validator.slice(0, 100))}`);
        if (m.misses > m.windows) invalid(`miss counter of ${m.validator}: more misses than windows`);
      }
      unique(g.votes, (v) => `${v.validator}\u0000${v.denom}`, "round vote");
      for (const v of g.votes) {
        if (OracleKeeper.operatorAccount(v.validator) === undefined)
          invalid(`round vote validator ${JSON.stringify(v.validator.slice(0, 100))}`);
        if (!isValidDenom(v.denom)) invalid(`round vote denom ${JSON.stringify(v.denom.slice(0, 140))}`);
        parsePositiveRate(v.rate);
      }
      unique(g.appraisals, assetKey, "current appraisal of asset");
      const current = new Set(g.appraisals.map(assetKey));
      for (const a of g.appraisals) if (a.superseded) invalid(`current appraisal of ${a.classId}/${a.nftId} is marked superseded`);
      for (const a of g.appraisalHistory) {
        if (!a.superseded) invalid(`history appraisal of ${a.classId}/${a.nftId} is not marked superseded`);
        if (!current.has(assetKey(a))) invalid(`history of ${a.classId}/${a.nftId} without a current appraisal`);
      }
    },
    init: (ctx, g) => {
      k.params.set(ctx, validateOracleParams(g.params ?? defaultOracleParams()));
      for (const r of g.exchangeRates) k.rates.set(ctx, r.denom, r);
      for (const a of g.appraisers) k.appraisers.set(ctx, a.address, a);
      for (const f of g.feederDelegations) k.feeders.set(ctx, f.validator, f);
      for (const m of g.missCounters) k.misses.set(ctx, m.validator, m);
      const history = new Map<string, Appraisal[]>();
      for (const a of g.appraisalHistory) {
        const list = history.get(assetKey(a)) ?? [];
        list.push(a);
        history.set(assetKey(a), list);
      }
      for (const a of g.appraisals) k.importAppraisals(ctx, a.classId, a.nftId, a, history.get(assetKey(a)) ?? []);
      k.importRoundVotes(ctx, g.votes);
    },
    export: (ctx) => {
      const appraisals: Appraisal[] = [];
      const appraisalHistory: Appraisal[] = [];
      for (const [, a] of k.appraisals.iterate(ctx)) (a.superseded ? appraisalHistory : appraisals).push(a);
      return {
        params: k.getParams(ctx),
        exchangeRates: [...k.rates.iterate(ctx)].map(([, v]) => v),
        appraisers: [...k.appraisers.iterate(ctx)].map(([, v]) => v),
        appraisals,
        feederDelegations: [...k.feeders.iterate(ctx)].map(([, v]) => v),
        missCounters: [...k.misses.iterate(ctx)].map(([, v]) => v),
        appraisalHistory,
        votes: [...k.votes.iterate(ctx)].flatMap(([, v]) => v.votes),
      };
    },
  };
}
