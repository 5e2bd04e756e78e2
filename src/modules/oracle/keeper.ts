import { BondStatus, type Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import {
  Appraisal,
  Appraiser,
  AppraiserStatus,
  ExchangeRate,
  ExchangeRateVotes,
  type ExchangeRateVote,
  FeederDelegation,
  MissCounter,
} from "../../gen/blockchain/oracle/v1/oracle";
import { Params } from "../../gen/blockchain/oracle/v1/params";
import { bytesEqual } from "../../store/bytes";
import { Schema } from "../../store/collections";
import { protoValue, stringKey, tripleKey, uint64Key } from "../../store/codecs";
import { accAddress, valAddress } from "../../types/address";
import { accAddressKey, valAddressKey } from "../../types/address-key";
import type { Context } from "../../types/context";
import { decFromString, decToString, type Dec } from "../../types/dec";
import { oracleErrors as E } from "./errors";
import { oracleEvents as events } from "./events";
import type { NftKeeper, StakingKeeper } from "./expected-keepers";
import { defaultOracleParams } from "./params";
import { tallyDenom, type BallotVote } from "./tally";
import { limit, limitBytes, limitCount, oracleLimits, printable } from "./limits";

export const ORACLE_MODULE = "oracle";

/** Appraisal keys count down from this, so an asset's newest appraisal comes first. */
const NEWEST_FIRST = (1n << 64n) - 1n;

/** What other modules read: the agreed rate, whether it is stale, and its age. */
export interface PriceView {
  rate: Dec;
  stale: boolean;
  ageSeconds: bigint;
  votingPowerBps: bigint;
}

export interface RateVoteInput {
  denom: string;
  rate: string;
}

export type AppraisalInput = Omit<Appraisal, "submittedAt" | "submittedHeight" | "superseded">;

const byDenom = (a: { denom: string }, b: { denom: string }): number => (a.denom < b.denom ? -1 : a.denom > b.denom ? 1 : 0);

function ageOf(now: bigint, then: bigint): bigint {
  return now > then ? now - then : 0n;
}

/**
 * Exchange-rate rounds (votes, feeders, agreed rates, miss counters) and appraisers with
 * their appraisals. Message handlers only check signers and call these operations.
 */
export class OracleKeeper {
  private readonly schema = new Schema("oracle/");
  readonly params = this.schema.item(1, "params", protoValue(Params, "Params"), defaultOracleParams());
  readonly rates = this.schema.map(2, "exchange_rates", stringKey, protoValue(ExchangeRate, "ExchangeRate"));
  /** Votes of the current round, validator → its votes sorted by denom; cleared at the end of each round. */
  readonly votes = this.schema.map(3, "votes", valAddressKey, protoValue(ExchangeRateVotes, "ExchangeRateVotes"));
  readonly feeders = this.schema.map(4, "feeder_delegations", valAddressKey, protoValue(FeederDelegation, "FeederDelegation"));
  readonly misses = this.schema.map(5, "miss_counters", valAddressKey, protoValue(MissCounter, "MissCounter"));
  readonly appraisers = this.schema.map(6, "appraisers", accAddressKey, protoValue(Appraiser, "Appraiser"));
  /** Every appraisal, (class_id, nft_id, 2^64-1 - n) for the asset's n-th appraisal: newest first. */
  readonly appraisals = this.schema.map(7, "appraisals", tripleKey(stringKey, stringKey, uint64Key), protoValue(Appraisal, "Appraisal"));
  readonly appraisalKeys = tripleKey(stringKey, stringKey, uint64Key);

  constructor(
    private readonly staking: StakingKeeper,
    private readonly nft: NftKeeper,
  ) {}

  getParams(ctx: Context): Params {
    return this.params.get(ctx);
  }

  // ---- rates ----

  /** The operator account of a validator (same bytes, account prefix), or undefined when the address is not a valoper. */
  static operatorAccount(validator: string): string | undefined {
    try {
      return accAddress.encode(valAddress.decode(validator));
    } catch {
      return undefined;
    }
  }

  /** Who may vote for the validator: its delegated feeder, else its own operator account. */
  feederOf(ctx: Context, validator: string): string | undefined {
    return this.feeders.get(ctx, validator)?.feeder ?? OracleKeeper.operatorAccount(validator);
  }

  private validator(ctx: Context, validator: string): Validator | undefined {
    if (OracleKeeper.operatorAccount(validator) === undefined) return undefined;
    return this.staking.getValidator(ctx, validator) as Validator | undefined;
  }

  /**
   * The operator (the validator's own account, compared as address bytes) names who votes for
   * it; naming itself clears the delegation. Anyone else is not the validator's feeder (1102).
   */
  delegateFeeder(ctx: Context, operator: string, validator: string, feeder: string): void {
    if (!this.validator(ctx, validator))
      throw E.ErrUnknownValidator.wrap(`validator ${JSON.stringify(validator.slice(0, 100))} does not exist`);
    if (!bytesEqual(accAddress.decode(operator), valAddress.decode(validator)))
      throw E.ErrNotTheFeeder.wrap(`${operator} is not the operator of ${validator}`);
    if (feeder === operator) this.feeders.remove(ctx, validator);
    else this.feeders.set(ctx, validator, { validator, feeder });
    events.feederDelegated(ctx, validator, feeder);
  }

  /**
   * A bonded validator's rates for the current round, sent by its feeder. A denom voted
   * again in the same round replaces the earlier vote. All entries are checked, in message
   * order, before any is stored.
   */
  submitRates(ctx: Context, feeder: string, validator: string, rates: readonly RateVoteInput[]): void {
    const v = this.validator(ctx, validator);
    if (!v || v.status !== BondStatus.BOND_STATUS_BONDED || v.jailed)
      throw E.ErrUnknownValidator.wrap(`${JSON.stringify(validator.slice(0, 100))} is not a bonded validator`);
    const expected = this.feederOf(ctx, validator);
    if (feeder !== expected) throw E.ErrNotTheFeeder.wrap(`${feeder} may not vote for ${validator}`);
    const parsed = this.parseBallot(ctx, rates);
    const current = new Map((this.votes.get(ctx, validator)?.votes ?? []).map((v) => [v.denom, v]));
    for (const p of parsed) current.set(p.denom, { validator, denom: p.denom, rate: decToString(p.rate) });
    const votes = [...current.values()].sort(byDenom);
    this.votes.set(ctx, validator, { votes });
    events.ratesSubmitted(
      ctx,
      validator,
      feeder,
      parsed.map((p) => p.denom),
    );
  }

  /**
   * A vote's entries: not empty (1104), no more than the accepted denoms (1116); per entry a
   * denom accepted and not repeated (1103), rate text within its byte limit (1116), a positive
   * decimal (1104).
   */
  private parseBallot(ctx: Context, rates: readonly RateVoteInput[]): Array<{ denom: string; rate: Dec }> {
    if (rates.length === 0) throw E.ErrInvalidRate.wrap("no rates");
    const acceptedDenoms = this.params.get(ctx).acceptedDenoms;
    limitCount(rates.length, acceptedDenoms.length, "rates");
    const accepted = new Set(acceptedDenoms);
    const seen = new Set<string>();
    const parsed: Array<{ denom: string; rate: Dec }> = [];
    for (const r of rates) {
      if (!accepted.has(r.denom)) throw E.ErrDenomNotAccepted.wrap(JSON.stringify(r.denom.slice(0, 140)));
      if (seen.has(r.denom)) throw E.ErrDenomNotAccepted.wrap(`denom ${r.denom} voted twice in one message`);
      seen.add(r.denom);
      limitBytes(r.rate, oracleLimits.maxRateBytes, "rate");
      parsed.push({ denom: r.denom, rate: parsePositiveRate(r.rate) });
    }
    return parsed;
  }

  /** Genesis: the open round's votes, stored per validator sorted by denom as `submitRates` keeps them. */
  importRoundVotes(ctx: Context, votes: readonly ExchangeRateVote[]): void {
    const byValidator = new Map<string, ExchangeRateVote[]>();
    for (const v of votes) byValidator.set(v.validator, [...(byValidator.get(v.validator) ?? []), v]);
    for (const [validator, list] of byValidator) this.votes.set(ctx, validator, { votes: list.sort(byDenom) });
  }

  /** True at the last block of a round: every height that is a multiple of vote_period (height 0 is no block). */
  isRoundEnd(ctx: Context): boolean {
    const period = this.params.get(ctx).votePeriod;
    return ctx.height > 0n && ctx.height % period === 0n;
  }

  /** End of every block: at the last block of a round, agree the rates and count misses, all or nothing. */
  endBlock(ctx: Context): void {
    if (!this.isRoundEnd(ctx)) return;
    ctx.atomic((inner) => this.tallyRound(inner));
  }

  /**
   * The end of a round: per accepted denom the power-weighted median of the bonded
   * validators' votes, recorded when the threshold of bonded power voted (otherwise the old
   * rate stays and ages); each bonded validator's window counted, a miss when it did not vote
   * every accepted denom; the round's votes cleared.
   */
  tallyRound(ctx: Context): void {
    const params = this.params.get(ctx);
    const bonded = this.staking.bondedValidators(ctx);
    const power = new Map<string, bigint>();
    let totalPower = 0n;
    for (const v of bonded) {
      power.set(v.operator, v.tokens);
      totalPower += v.tokens;
    }
    const accepted = new Set(params.acceptedDenoms);
    const ballots = new Map<string, BallotVote[]>();
    const votedDenoms = new Map<string, number>();
    const keys: string[] = [];
    for (const [validator, { votes }] of this.votes.iterate(ctx)) {
      keys.push(validator);
      const p = power.get(validator);
      if (p === undefined) continue;
      let counted = 0;
      for (const vote of votes) {
        if (!accepted.has(vote.denom)) continue;
        let ballot = ballots.get(vote.denom);
        if (!ballot) ballots.set(vote.denom, (ballot = []));
        ballot.push({ validator, power: p, rate: decFromString(vote.rate) });
        counted++;
      }
      votedDenoms.set(validator, counted);
    }
    for (const denom of params.acceptedDenoms) {
      const outcome = tallyDenom(ballots.get(denom) ?? [], totalPower, params.voteThresholdBps);
      if (outcome.rate === undefined) {
        events.rateNotAgreed(ctx, denom, outcome.votingPowerBps);
        continue;
      }
      const rate = decToString(outcome.rate);
      this.rates.set(ctx, denom, {
        denom,
        rate,
        updatedAt: ctx.unixSeconds,
        updatedHeight: ctx.height,
        votingPowerBps: outcome.votingPowerBps,
      });
      events.rateAgreed(ctx, denom, rate, outcome.votingPowerBps);
    }
    const required = params.acceptedDenoms.length;
    for (const v of bonded) {
      const c = this.misses.get(ctx, v.operator) ?? { validator: v.operator, misses: 0n, windows: 0n };
      const missed = (votedDenoms.get(v.operator) ?? 0) < required;
      this.misses.set(ctx, v.operator, { validator: v.operator, misses: c.misses + (missed ? 1n : 0n), windows: c.windows + 1n });
    }
    for (const key of keys) this.votes.remove(ctx, key);
  }

  /**
   * The chain's operator rotation moved `oldOperator`'s validator to `newOperator`: its round
   * votes, feeder delegation and miss counter follow it, so the rotated validator neither loses
   * its votes nor gets a second ballot, and its record of misses stays.
   */
  moveValidator(ctx: Context, oldOperator: string, newOperator: string): void {
    const votes = this.votes.get(ctx, oldOperator);
    if (votes) {
      this.votes.remove(ctx, oldOperator);
      this.votes.set(ctx, newOperator, { votes: votes.votes.map((v) => ({ ...v, validator: newOperator })) });
    }
    const feeder = this.feeders.get(ctx, oldOperator);
    if (feeder) {
      this.feeders.remove(ctx, oldOperator);
      // A feeder that is the new operator's own account is no delegation (as delegateFeeder clears it).
      if (feeder.feeder !== OracleKeeper.operatorAccount(newOperator))
        this.feeders.set(ctx, newOperator, { validator: newOperator, feeder: feeder.feeder });
    }
    const misses = this.misses.get(ctx, oldOperator);
    if (misses) {
      this.misses.remove(ctx, oldOperator);
      this.misses.set(ctx, newOperator, { ...misses, validator: newOperator });
    }
  }

  /** The narrow price interface: the agreed rate with its age and stale flag, or undefined when never agreed. */
  price(ctx: Context, denom: string): PriceView | undefined {
    const r = this.rates.get(ctx, denom);
    if (!r) return undefined;
    const ageSeconds = ageOf(ctx.unixSeconds, r.updatedAt);
    return {
      rate: decFromString(r.rate),
      stale: ageSeconds > this.params.get(ctx).maxRateAgeSeconds,
      ageSeconds,
      votingPowerBps: r.votingPowerBps,
    };
  }

  /** A rate a module may act on: ErrRateUnavailable when none was agreed, ErrStale when too old. */
  freshRate(ctx: Context, denom: string): Dec {
    const p = this.price(ctx, denom);
    if (!p) throw E.ErrRateUnavailable.wrap(`no rate for ${denom}`);
    if (p.stale) throw E.ErrStale.wrap(`rate for ${denom} is ${p.ageSeconds}s old`);
    return p.rate;
  }

  // ---- appraisers ----

  /**
   * In order: name and credentials not blank (1105) and within their limits; the class ids
   * (`checkClassIds`); then no pending or approved application of the creator (1108).
   */
  applyAppraiser(ctx: Context, creator: string, name: string, credentials: string, classIds: string[]): void {
    checkApplicationText(name, credentials);
    this.checkClassIds(ctx, classIds);
    const existing = this.appraisers.get(ctx, creator);
    if (
      existing &&
      (existing.status === AppraiserStatus.APPRAISER_STATUS_PENDING || existing.status === AppraiserStatus.APPRAISER_STATUS_APPROVED)
    ) {
      throw E.ErrApplicationExists.wrap(`${creator} is ${AppraiserStatus[existing.status]}`);
    }
    this.appraisers.set(ctx, creator, {
      address: creator,
      name,
      credentials,
      classIds,
      status: AppraiserStatus.APPRAISER_STATUS_PENDING,
      approvedAtHeight: 0n,
    });
    events.appraiserApplied(ctx, creator);
  }

  /** Governance decides a pending application; approval may narrow the requested class scope. */
  decideAppraiser(ctx: Context, address: string, approve: boolean, classIds: string[]): void {
    const a = this.appraisers.get(ctx, address);
    if (!a) throw E.ErrApplicationMissing.wrap(address);
    if (a.status !== AppraiserStatus.APPRAISER_STATUS_PENDING) throw E.ErrNotPending.wrap(`${address} is ${AppraiserStatus[a.status]}`);
    if (!approve) {
      this.appraisers.set(ctx, address, { ...a, status: AppraiserStatus.APPRAISER_STATUS_REJECTED });
      events.appraiserDecided(ctx, address, false, a.classIds);
      return;
    }
    let scope = a.classIds;
    if (classIds.length > 0) {
      this.checkClassIds(ctx, classIds);
      if (a.classIds.length > 0) {
        const requested = new Set(a.classIds);
        for (const c of classIds) if (!requested.has(c)) throw E.ErrOutOfScope.wrap(`class ${c} was not requested by ${address}`);
      }
      scope = classIds;
    }
    this.appraisers.set(ctx, address, {
      ...a,
      classIds: scope,
      status: AppraiserStatus.APPRAISER_STATUS_APPROVED,
      approvedAtHeight: ctx.height,
    });
    events.appraiserDecided(ctx, address, true, scope);
  }

  /** Ends an approved appraiser's right to sign; the record returns to REJECTED, so it may apply again. */
  revokeAppraiser(ctx: Context, address: string, reason: string): void {
    const a = this.appraisers.get(ctx, address);
    if (!a) throw E.ErrApplicationMissing.wrap(address);
    if (a.status !== AppraiserStatus.APPRAISER_STATUS_APPROVED)
      throw E.ErrNotAnAppraiser.wrap(`${address} is ${AppraiserStatus[a.status]}`);
    this.appraisers.set(ctx, address, { ...a, status: AppraiserStatus.APPRAISER_STATUS_REJECTED });
    events.appraiserRevoked(ctx, address, reason);
  }

  /** Whether the appraiser is approved now and the class is in its scope. */
  mayAppraise(ctx: Context, appraiser: string, classId: string): boolean {
    const a = this.appraisers.get(ctx, appraiser);
    return a !== undefined && a.status === AppraiserStatus.APPRAISER_STATUS_APPROVED && inScope(a, classId);
  }

  /**
   * A class scope: no more ids than max_class_ids_per_appraiser (1116), before any single id;
   * then per id not blank (1106), within its byte limit (1116), not repeated (1106).
   */
  private checkClassIds(ctx: Context, classIds: readonly string[]): void {
    limitCount(classIds.length, Number(this.params.get(ctx).maxClassIdsPerAppraiser), "class_ids");
    const seen = new Set<string>();
    for (const c of classIds) {
      if (c.trim() === "") throw E.ErrOutOfScope.wrap("class_id must not be blank");
      limitBytes(c, oracleLimits.maxClassIdBytes, "class_id");
      if (seen.has(c)) throw E.ErrOutOfScope.wrap(`class_id ${c} listed twice`);
      seen.add(c);
    }
  }

  // ---- appraisals ----

  submitAppraisal(ctx: Context, input: AppraisalInput): void {
    const a = this.appraisers.get(ctx, input.appraiser);
    if (!a || a.status !== AppraiserStatus.APPRAISER_STATUS_APPROVED) throw E.ErrNotAnAppraiser.wrap(input.appraiser);
    if (!inScope(a, input.classId)) throw E.ErrOutOfScope.wrap(`class ${input.classId}`);
    if (input.valuedAt > ctx.unixSeconds)
      throw E.ErrValuationInFuture.wrap(`valued_at ${input.valuedAt} is after the block time ${ctx.unixSeconds}`);
    if (!this.nft.hasNft(ctx, input.classId, input.nftId)) throw E.ErrAssetNotFound.wrap(`nft ${input.classId}/${input.nftId}`);
    const current = this.currentEntry(ctx, input.classId, input.nftId);
    let n = 1n;
    if (current) {
      const [key, prev] = current;
      n = NEWEST_FIRST - key[2] + 1n;
      this.appraisals.set(ctx, key, { ...prev, superseded: true });
    }
    const appraisal: Appraisal = { ...input, submittedAt: ctx.unixSeconds, submittedHeight: ctx.height, superseded: false };
    this.appraisals.set(ctx, [input.classId, input.nftId, NEWEST_FIRST - n], appraisal);
    events.appraisalSubmitted(ctx, appraisal);
  }

  private currentEntry(ctx: Context, classId: string, nftId: string): [[string, string, bigint], Appraisal] | undefined {
    for (const entry of this.appraisals.iterate(ctx, { prefix: this.appraisalKeys.prefix2(classId, nftId) })) return entry;
    return undefined;
  }

  currentAppraisal(ctx: Context, classId: string, nftId: string): Appraisal | undefined {
    return this.currentEntry(ctx, classId, nftId)?.[1];
  }

  /** Key prefix selecting every appraisal of one asset, newest first. */
  assetPrefix(classId: string, nftId: string): Uint8Array {
    return this.appraisalKeys.prefix2(classId, nftId);
  }

  /** Stores an asset's appraisals as genesis lists them: `history` newest first, then the current one on top. */
  importAppraisals(ctx: Context, classId: string, nftId: string, current: Appraisal, history: Appraisal[]): void {
    let n = 1n;
    for (let i = history.length - 1; i >= 0; i--, n++) this.appraisals.set(ctx, [classId, nftId, NEWEST_FIRST - n], history[i]);
    this.appraisals.set(ctx, [classId, nftId, NEWEST_FIRST - n], current);
  }
}

/** An application names its appraiser (1105 when blank) in printable text within the limits. */
function checkApplicationText(name: string, credentials: string): void {
  if (name.trim() === "") throw E.ErrNotAnAppraiser.wrap("name must not be blank");
  if (credentials.trim() === "") throw E.ErrNotAnAppraiser.wrap("credentials must not be blank");
  limit(name, oracleLimits.maxNameChars, "name");
  limit(credentials, oracleLimits.maxCredentialsChars, "credentials");
  printable(name, "name");
  printable(credentials, "credentials", true);
}

function inScope(a: Appraiser, classId: string): boolean {
  return a.classIds.length === 0 || a.classIds.includes(classId);
}

/** A vote's rate: decimal text ("1.25", "3"), up to 18 decimals, strictly positive. */
export function parsePositiveRate(text: string): Dec {
  let d: Dec;
  try {
    d = decFromString(text);
  } catch {
    throw E.ErrInvalidRate.wrap(`${JSON.stringify(text.slice(0, 100))} is not a decimal`);
  }
  if (d <= 0n) throw E.ErrInvalidRate.wrap(`${JSON.stringify(text.slice(0, 100))} is not positive`);
  return d;
}
