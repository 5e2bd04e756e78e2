import {
  Case,
  CaseAction,
  CaseStatus,
  Freeze,
  LegalInstrument,
  LegalInstrumentKind,
  SeizureRecord,
  Vote,
  VoteOption,
} from "../../gen/blockchain/enforcement/v1/enforcement";
import { Params } from "../../gen/blockchain/enforcement/v1/params";
import { Schema } from "../../store/collections";
import { int64Key, pairKey, protoValue, uint64Key } from "../../store/codecs";
import { uniqueIndex } from "../../store/indexed-map";
import { accAddressKey, valAddressKey } from "../../types/address-key";
import { accAddress, valAddress } from "../../types/address";
import { govAuthority } from "../../types/authority";
import { addCoins, amountOf, coinFromProto, coinsToProto, normalizeCoins, type Coin, type ProtoCoin } from "../../types/coins";
import type { Context } from "../../types/context";
import { AppError } from "../../types/errors";
import type { FreezeGuard } from "../../types/hooks";
import { GasMeter } from "../../types/gas";
import { aliasNoJurisdiction, enforcementErrors as E } from "./errors";
import { enforcementEvents as events } from "./events";
import {
  ROLE_ENFORCEMENT_AUTHORITY,
  type AliasKeeper,
  type BankKeeper,
  type BondedValidator,
  type ConstitutionKeeper,
  type EscrowAccounts,
  type StakingKeeper,
} from "./expected-keepers";
import { BPS, defaultEnforcementParams, withInvariants } from "./params";

export const ENFORCEMENT_MODULE = "enforcement";

export interface EnforcementDeps {
  bank: BankKeeper;
  staking: StakingKeeper;
  constitution: ConstitutionKeeper;
  alias: AliasKeeper;
  escrows: EscrowAccounts;
}

/** What a new case carries, whichever message opened it. */
export interface CaseRequest {
  signer: string;
  target: string;
  action: CaseAction;
  reason: string;
  evidenceUri: string;
  evidenceHash: string;
  legalInstrument: LegalInstrument | undefined;
  /** MsgEmergencyFreeze: only the target country's enforcement authority may sign. */
  emergencyOnly: boolean;
}

/** Statuses in which a case holds its target (the address cannot open another case). */
export const HOLDING = new Set([CaseStatus.CASE_STATUS_VOTING, CaseStatus.CASE_STATUS_HELD, CaseStatus.CASE_STATUS_PASSED]);

/** Marks a closing note (release, reversal, veto) beside the accusation in the case's reason. */
const NOTE_SEPARATOR = "\n--\n";

const emptyInstrument = (): LegalInstrument => LegalInstrument.fromPartial({});

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** Power that must vote yes: ceil(total_power_at_open × threshold_bps / 10000). */
export function requiredPower(totalPowerAtOpen: bigint, thresholdBps: bigint): bigint {
  return ceilDiv(totalPowerAtOpen * thresholdBps, BPS);
}

/**
 * Cases, votes, freezes and seizures. Nothing here is ever deleted: a closed case keeps its
 * record, a lifted freeze keeps its record with expires_at_height set to the lifting height.
 * The holding index follows the case records; the queues and the open and held sets are
 * rebuilt from them at genesis.
 */
export class EnforcementKeeper {
  private readonly schema = new Schema("enforcement/");
  readonly params = this.schema.item(1, "params", protoValue(Params, "Params"), defaultEnforcementParams());
  /**
   * Cases by id. `holding`: address → the case that currently holds it (VOTING, HELD or
   * PASSED), the send check's one read; a second case cannot hold the same address.
   */
  readonly cases = this.schema.indexedMap(2, "cases", uint64Key, protoValue(Case, "Case"), {
    holding: uniqueIndex(6, accAddressKey, (_id: bigint, c: Case) => (HOLDING.has(c.status) ? c.target : undefined)),
  });
  /** The id the next case takes (ids start at 1). */
  readonly nextCaseId = this.schema.sequence(3, "next_case_id");
  /** (case id, validator operator). */
  readonly votes = this.schema.map(4, "votes", pairKey(uint64Key, valAddressKey), protoValue(Vote, "Vote"));
  /** One freeze per case, keyed by case id. */
  readonly freezes = this.schema.map(5, "freezes", uint64Key, protoValue(Freeze, "Freeze"));
  /** (voting_ends_at_height, case id) of cases being voted on. */
  readonly votingQueue = this.schema.keySet(7, "voting_queue", pairKey(int64Key, uint64Key));
  /** (expires_at_height, case id) of provisional freezes. */
  readonly expiryQueue = this.schema.keySet(8, "expiry_queue", pairKey(int64Key, uint64Key));
  readonly openCases = this.schema.keySet(9, "open_cases", uint64Key);
  readonly heldCases = this.schema.keySet(10, "held_cases", uint64Key);
  /** (height, case id) → what an executed seizure counted against the rolling cap. */
  readonly seizures = this.schema.map(11, "seizures", pairKey(int64Key, uint64Key), protoValue(SeizureRecord, "SeizureRecord"));

  constructor(readonly deps: EnforcementDeps) {}

  /**
   * The params in force: the four values the constitution pins are read from its invariants,
   * so an enacted amendment takes effect here at once and the two never disagree.
   */
  getParams(ctx: Context): Params {
    return withInvariants(this.params.get(ctx), this.deps.constitution.findInvariants(ctx));
  }

  getCase(ctx: Context, id: bigint): Case {
    const c = this.cases.get(ctx, id);
    if (!c) throw E.ErrCaseNotFound.wrap(`case ${id}`);
    return c;
  }

  // ---- the freeze ---------------------------------------------------------------------------

  /**
   * The freeze in effect on the address at this height, if any. Never on an IBC escrow account:
   * a case can name the next channel's escrow before that channel opens (ids are sequential),
   * and a frozen escrow would fail every refund and payout over the channel.
   */
  activeFreeze(ctx: Context, address: string): Freeze | undefined {
    const id = this.cases.indexes.holding.get(ctx, address);
    if (id === undefined) return undefined;
    const f = this.freezes.get(ctx, id);
    if (!f || !inEffect(f, ctx.height) || this.deps.escrows.isEscrowAccount(ctx, address)) return undefined;
    return f;
  }

  /** The freeze as other modules consult it (hooks.freezeGuard), read without gas as the send check. */
  readonly freezeGuard: FreezeGuard = {
    isFrozen: (ctx, address) => this.activeFreeze(ctx.withGasMeter(GasMeter.infinite()), address) !== undefined,
    assertNotFrozen: (ctx, address) => {
      const f = this.activeFreeze(ctx.withGasMeter(GasMeter.infinite()), address);
      if (f) throw E.ErrFrozen.wrap(`${address} is frozen by case ${f.caseId}`);
    },
  };

  /**
   * Bank's send restriction: a frozen account sends nothing, by any path (sends, module
   * deposits, fees), except to the recovery destination: the seizure's own movement, or the
   * target surrendering funds of its own accord. Read without gas so the check costs every
   * transfer the same (nothing).
   */
  readonly sendRestriction = (ctx: Context, from: string, to: string, _coins: readonly Coin[]): void => {
    const free = ctx.withGasMeter(GasMeter.infinite());
    const f = this.activeFreeze(free, from);
    if (!f) return;
    const destination = this.getParams(free).recoveryDestination;
    if (destination !== "" && to === destination) return;
    throw E.ErrFrozen.wrap(`${from} is frozen by case ${f.caseId}`);
  };

  /** Ends the case's freeze at this height; emits EventFreezeLifted when it was in effect. */
  private liftFreeze(ctx: Context, c: Case): void {
    const f = this.freezes.get(ctx, c.id);
    if (!f) return;
    const wasInEffect = inEffect(f, ctx.height);
    if (f.expiresAtHeight !== 0n) this.expiryQueue.remove(ctx, [f.expiresAtHeight, c.id]);
    if (wasInEffect) {
      this.freezes.set(ctx, c.id, { ...f, expiresAtHeight: ctx.height });
      events.freezeLifted(ctx, c.target, c.id, c.status);
    }
  }

  /** The case's freeze holds with no expiry (passed freeze, held or executed seizure). */
  private freezeIndefinitely(ctx: Context, c: Case): void {
    const f = this.freezes.get(ctx, c.id)!;
    if (f.expiresAtHeight !== 0n) this.expiryQueue.remove(ctx, [f.expiresAtHeight, c.id]);
    this.freezes.set(ctx, c.id, { ...f, expiresAtHeight: 0n });
  }

  // ---- who signs ----------------------------------------------------------------------------

  /** The bonded validator whose operator account is `account`, if any. */
  bondedValidatorOf(ctx: Context, account: string): BondedValidator | undefined {
    return this.deps.staking.bondedValidators(ctx).find((v) => v.accountAddress === account);
  }

  totalBondedPower(ctx: Context): bigint {
    return this.deps.staking.bondedValidators(ctx).reduce((sum, v) => sum + v.power, 0n);
  }

  /** True when the signer holds ROLE_ENFORCEMENT_AUTHORITY over the country the target is recorded in. */
  isAuthorityFor(ctx: Context, signer: string, target: string): boolean {
    const j = this.deps.alias.getJurisdiction(ctx, target);
    if (!j || j.country === "") return false;
    return this.deps.alias.hasRole(ctx, signer, ROLE_ENFORCEMENT_AUTHORITY, j.country);
  }

  /**
   * A signer who is not a bonded validator opens only as the enforcement authority of the
   * target's country. Holding the role nowhere: ErrUnknownValidator. Holding it, the refusal
   * is about scope and comes from alias: the target has no recorded country, or the role is
   * held only over other countries.
   */
  private requireAuthorityToOpen(ctx: Context, signer: string, target: string): void {
    if (!this.deps.alias.grantsOf(ctx, signer).some((g) => g.role === ROLE_ENFORCEMENT_AUTHORITY)) {
      throw E.ErrUnknownValidator.wrap(`${signer} is neither a bonded validator nor the enforcement authority of the target's country`);
    }
    const j = this.deps.alias.getJurisdiction(ctx, target);
    if (!j || j.country === "") throw aliasNoJurisdiction().wrap(`account ${target}`);
    this.deps.alias.requireRole(ctx, signer, ROLE_ENFORCEMENT_AUTHORITY, j.country);
  }

  /** The ombudsman may sign nothing but a veto. */
  refuseOmbudsman(ctx: Context, signer: string): void {
    const o = this.getParams(ctx).ombudsman;
    if (o !== "" && o === signer) throw E.ErrOmbudsmanCannotInitiate.wrap(`${signer} is the ombudsman`);
  }

  /**
   * Every module account (governance's among them), the recovery destination and the ombudsman
   * cannot be frozen or seized: module accounts hold what the chain owes others.
   */
  private refuseProtected(ctx: Context, target: string, p: Params): void {
    const isProtected =
      this.deps.bank.isModuleAccount(target) ||
      // A frozen escrow would fail every refund and payout over its channel.
      this.deps.escrows.isEscrowAccount(ctx, target) ||
      target === govAuthority() ||
      (p.recoveryDestination !== "" && target === p.recoveryDestination) ||
      (p.ombudsman !== "" && target === p.ombudsman);
    if (isProtected) throw E.ErrProtectedAddress.wrap(target);
  }

  // ---- opening ------------------------------------------------------------------------------

  openCase(ctx: Context, r: CaseRequest): bigint {
    const p = this.getParams(ctx);
    this.refuseOmbudsman(ctx, r.signer);
    if (BigInt([...r.reason].length) > p.maxReasonLength)
      throw E.ErrLimitReached.wrap(`reason is longer than ${p.maxReasonLength} characters`);
    if (BigInt([...r.evidenceUri].length) > p.maxEvidenceUriLength)
      throw E.ErrLimitReached.wrap(`evidence_uri is longer than ${p.maxEvidenceUriLength} characters`);

    // Who opens: a bonded validator (recorded by operator), else the target country's authority.
    let opener: string;
    let emergency: boolean;
    const validator = r.emergencyOnly ? undefined : this.bondedValidatorOf(ctx, r.signer);
    if (validator) {
      opener = validator.operator;
      emergency = false;
    } else if (r.emergencyOnly) {
      if (!this.isAuthorityFor(ctx, r.signer, r.target))
        throw E.ErrInvalidSigner.wrap(`${r.signer} holds no enforcement authority over the country of ${r.target}`);
      opener = r.signer;
      emergency = true;
    } else {
      this.requireAuthorityToOpen(ctx, r.signer, r.target);
      opener = r.signer;
      emergency = true;
    }

    this.refuseProtected(ctx, r.target, p);
    if (r.target === r.signer) throw E.ErrInvalidCase.wrap("an opener cannot accuse itself");
    const holder = this.cases.indexes.holding.get(ctx, r.target);
    if (holder !== undefined) throw E.ErrAlreadyFrozen.wrap(`${r.target} is held by case ${holder}`);

    let instrument = emptyInstrument();
    if (r.action === CaseAction.CASE_ACTION_SEIZE) {
      if (p.seizeRequiresEvidence && (r.evidenceUri === "" || r.evidenceHash === ""))
        throw E.ErrEvidenceRequired.wrap("a seizure needs evidence_uri and evidence_hash");
      instrument = requireInstrument(r.legalInstrument, ctx.unixSeconds);
      if (p.recoveryDestination === "") throw E.ErrInvalidCase.wrap("no recovery destination is set; seizures cannot be opened");
    }

    const id = this.nextCaseId.next(ctx);
    const c: Case = Case.fromPartial({
      id,
      target: r.target,
      opener,
      action: r.action,
      status: CaseStatus.CASE_STATUS_VOTING,
      reason: r.reason,
      evidenceUri: r.evidenceUri,
      evidenceHash: r.evidenceHash,
      openedAtHeight: ctx.height,
      votingEndsAtHeight: ctx.height + p.votingPeriodBlocks,
      totalPowerAtOpen: this.totalBondedPower(ctx),
      emergency,
      legalInstrument: instrument,
    });
    const freeze: Freeze = {
      address: r.target,
      caseId: id,
      expiresAtHeight: ctx.height + p.provisionalFreezeBlocks,
      frozenAtHeight: ctx.height,
    };
    this.cases.set(ctx, id, c);
    this.freezes.set(ctx, id, freeze);
    this.openCases.set(ctx, id);
    this.votingQueue.set(ctx, [c.votingEndsAtHeight, id]);
    this.expiryQueue.set(ctx, [freeze.expiresAtHeight, id]);
    events.caseOpened(ctx, c);
    return id;
  }

  // ---- voting -------------------------------------------------------------------------------

  vote(ctx: Context, voter: string, caseId: bigint, option: VoteOption): void {
    this.refuseOmbudsman(ctx, voter);
    const validator = this.bondedValidatorOf(ctx, voter);
    if (!validator) throw E.ErrUnknownValidator.wrap(`${voter} is not a bonded validator's account`);
    const c = this.getCase(ctx, caseId);
    if (c.status !== CaseStatus.CASE_STATUS_VOTING || ctx.height > c.votingEndsAtHeight)
      throw E.ErrCaseClosed.wrap(`case ${caseId} is not being voted on`);
    if (this.votes.has(ctx, [caseId, validator.operator])) throw E.ErrAlreadyVoted.wrap(`${validator.operator} on case ${caseId}`);
    const power = validator.power;
    this.votes.set(ctx, [caseId, validator.operator], { caseId, validator: validator.operator, option, power });
    const next = { ...c };
    if (option === VoteOption.VOTE_OPTION_YES) next.yesPower += power;
    else if (option === VoteOption.VOTE_OPTION_NO) next.noPower += power;
    else next.abstainPower += power;
    this.cases.set(ctx, caseId, next);
    events.caseVoted(ctx, caseId, validator.operator, option, power);
  }

  votesOf(ctx: Context, caseId: bigint): Vote[] {
    return [...this.votes.iterate(ctx, { prefix: uint64Key.encodeNonTerminal(caseId) })].map(([, v]) => v);
  }

  /**
   * The chain's operator rotation moved `oldOperator`'s validator to `newOperator`: its votes on
   * cases still being voted on follow it (it may not vote again under its new address). Votes on
   * closed cases stay as they were cast, part of the case's record.
   */
  moveVoter(ctx: Context, oldOperator: string, newOperator: string): void {
    for (const id of [...this.openCases.iterate(ctx)]) {
      const vote = this.votes.get(ctx, [id, oldOperator]);
      if (!vote) continue;
      this.votes.remove(ctx, [id, oldOperator]);
      this.votes.set(ctx, [id, newOperator], { ...vote, validator: newOperator });
    }
  }

  // ---- closing by message -------------------------------------------------------------------

  /** Removes a case from every "still open" index and records its final status. */
  private close(ctx: Context, c: Case, status: CaseStatus, note?: string): Case {
    if (c.status === CaseStatus.CASE_STATUS_VOTING) {
      this.openCases.remove(ctx, c.id);
      this.votingQueue.remove(ctx, [c.votingEndsAtHeight, c.id]);
    }
    if (c.status === CaseStatus.CASE_STATUS_HELD) this.heldCases.remove(ctx, c.id);
    const closed: Case = {
      ...c,
      status,
      resolvedAtHeight: ctx.height,
      reason: note === undefined ? c.reason : `${c.reason}${NOTE_SEPARATOR}${note}`,
    };
    this.cases.set(ctx, c.id, closed);
    this.liftFreeze(ctx, closed);
    events.caseResolved(ctx, closed, requiredPower(closed.totalPowerAtOpen, this.getParams(ctx).thresholdBps));
    return closed;
  }

  withdraw(ctx: Context, signer: string, caseId: bigint): void {
    this.refuseOmbudsman(ctx, signer);
    const c = this.getCase(ctx, caseId);
    const asOperator = valAddress.encode(accAddress.decode(signer));
    if (c.opener !== signer && c.opener !== asOperator) throw E.ErrNotTheOpener.wrap(`case ${caseId} was opened by ${c.opener}`);
    if (c.status !== CaseStatus.CASE_STATUS_VOTING) throw E.ErrCaseClosed.wrap(`case ${caseId} is ${CaseStatus[c.status]}`);
    this.close(ctx, c, CaseStatus.CASE_STATUS_WITHDRAWN);
  }

  emergencyRelease(ctx: Context, signer: string, caseId: bigint, reason: string): void {
    this.refuseOmbudsman(ctx, signer);
    const c = this.getCase(ctx, caseId);
    if (!this.isAuthorityFor(ctx, signer, c.target))
      throw E.ErrInvalidSigner.wrap(`${signer} holds no enforcement authority over the country of ${c.target}`);
    if (c.status !== CaseStatus.CASE_STATUS_VOTING && c.status !== CaseStatus.CASE_STATUS_PASSED)
      throw E.ErrCaseClosed.wrap(`case ${caseId} is ${CaseStatus[c.status]}`);
    this.close(ctx, c, CaseStatus.CASE_STATUS_REVERSED, `released by ${signer}: ${reason}`);
  }

  veto(ctx: Context, signer: string, caseId: bigint, reason: string): void {
    const ombudsman = this.getParams(ctx).ombudsman;
    if (ombudsman === "") throw E.ErrNoOmbudsman.wrap("params name no ombudsman");
    if (signer !== ombudsman) throw E.ErrInvalidSigner.wrap(`only the ombudsman ${ombudsman} may veto`);
    const c = this.getCase(ctx, caseId);
    const takenNothing = c.recovered.length === 0;
    const wasHeld = c.status === CaseStatus.CASE_STATUS_HELD;
    if (!(c.status === CaseStatus.CASE_STATUS_VOTING || wasHeld) || !takenNothing)
      throw E.ErrCaseClosed.wrap(`case ${caseId} is ${CaseStatus[c.status]}; only a case that has taken nothing can be vetoed`);
    const closed = this.close(ctx, c, CaseStatus.CASE_STATUS_VETOED, `vetoed by the ombudsman: ${reason}`);
    events.caseVetoed(ctx, closed, signer, reason, wasHeld);
  }

  reverse(ctx: Context, caseId: bigint, reason: string): void {
    const c = this.getCase(ctx, caseId);
    if (c.status !== CaseStatus.CASE_STATUS_PASSED) throw E.ErrNotPassed.wrap(`case ${caseId} is ${CaseStatus[c.status]}`);
    this.close(ctx, c, CaseStatus.CASE_STATUS_REVERSED, `reversed by governance: ${reason}`);
  }

  // ---- the end blocker ------------------------------------------------------------------------

  endBlock(ctx: Context): void {
    const h = ctx.height;
    // Provisional freezes that stop holding from the next block on.
    for (const [expires, id] of [...this.expiryQueue.iterate(ctx, { end: [h + 2n, 0n] })]) {
      this.expiryQueue.remove(ctx, [expires, id]);
      const c = this.cases.get(ctx, id);
      const f = this.freezes.get(ctx, id);
      if (c && f && f.expiresAtHeight === expires && this.cases.indexes.holding.get(ctx, c.target) === id)
        events.freezeLifted(ctx, c.target, id, c.status);
    }
    for (const [, id] of [...this.votingQueue.iterate(ctx, { end: [h + 1n, 0n] })]) {
      ctx.atomic((inner) => this.closeVoting(inner, this.getCase(inner, id)));
    }
    // A deferred seizure's execute_at_height is its retry height, so each is tried once when due.
    for (const id of [...this.heldCases.iterate(ctx)]) {
      const c = this.getCase(ctx, id);
      if (c.executeAtHeight <= h) this.tryExecute(ctx, c);
    }
  }

  /** Voting ends: passed (freeze), held (seizure), rejected (more power said no) or expired. */
  private closeVoting(ctx: Context, c: Case): void {
    const p = this.getParams(ctx);
    const required = requiredPower(c.totalPowerAtOpen, p.thresholdBps);
    this.openCases.remove(ctx, c.id);
    this.votingQueue.remove(ctx, [c.votingEndsAtHeight, c.id]);
    if (required > 0n && c.yesPower >= required) {
      if (c.action === CaseAction.CASE_ACTION_FREEZE) {
        const passed = { ...c, status: CaseStatus.CASE_STATUS_PASSED, resolvedAtHeight: ctx.height };
        this.cases.set(ctx, c.id, passed);
        this.freezeIndefinitely(ctx, passed);
        events.caseResolved(ctx, passed, required);
        return;
      }
      const assessed = this.assess(ctx, c.target);
      const delay = seizureDelay(p, assessed);
      const held: Case = {
        ...c,
        status: CaseStatus.CASE_STATUS_HELD,
        resolvedAtHeight: ctx.height,
        executeAtHeight: ctx.height + delay,
        assessedValue: coinsToProto(assessed),
      };
      this.cases.set(ctx, c.id, held);
      this.heldCases.set(ctx, c.id);
      this.freezeIndefinitely(ctx, held);
      events.caseHeld(ctx, held, delay);
      return;
    }
    const status = c.noPower > c.yesPower ? CaseStatus.CASE_STATUS_REJECTED : CaseStatus.CASE_STATUS_EXPIRED;
    const closed: Case = { ...c, status, resolvedAtHeight: ctx.height };
    this.cases.set(ctx, c.id, closed);
    this.liftFreeze(ctx, closed);
    events.caseResolved(ctx, closed, required);
  }

  /** Balance, stake and unbonding of the address together. */
  assess(ctx: Context, address: string): Coin[] {
    const stake = this.deps.staking.stakeOf(ctx, address);
    const denom = this.deps.staking.bondDenom(ctx);
    return addCoins(this.deps.bank.getAllBalances(ctx, address), [{ denom, amount: stake.bonded + stake.unbonding }]);
  }

  // ---- seizure ------------------------------------------------------------------------------

  /**
   * The rolling window ending at this height (its last seizure_window_blocks heights), what
   * the seizures executed in it counted, and the height of the oldest of them.
   */
  window(ctx: Context): { start: bigint; seized: Coin[]; count: bigint; oldest: bigint | undefined } {
    const size = this.getParams(ctx).seizureWindowBlocks;
    const start = size > 0n ? bigMax(ctx.height - size + 1n, 0n) : 0n;
    let seized: Coin[] = [];
    let count = 0n;
    let oldest: bigint | undefined;
    if (size > 0n) {
      for (const [[height], rec] of this.seizures.iterate(ctx, { start: [start, 0n] })) {
        seized = addCoins(seized, rec.amount.map(coinFromProto));
        count += 1n;
        oldest ??= height;
      }
    }
    return { start, seized, count, oldest };
  }

  /**
   * Whether the rolling cap refuses a seizure of `value` now: why, and the height at which
   * the oldest seizure counted leaves the window (the earliest the answer can change).
   */
  private capRefusal(ctx: Context, value: readonly Coin[]): { reason: string; retryAt: bigint } | undefined {
    const p = this.getParams(ctx);
    if (p.seizureWindowBlocks === 0n) return undefined;
    const w = this.window(ctx);
    // A seizure larger than the whole cap may run alone in an empty window, else it never could.
    if (w.oldest === undefined) return undefined;
    const retryAt = w.oldest + p.seizureWindowBlocks;
    // The count binds whatever the denominations; the value cap only those it names.
    if (p.maxSeizuresPerWindow > 0n && w.count >= p.maxSeizuresPerWindow) {
      return { reason: `${E.ErrSeizureCapReached.description}: ${w.count} of ${p.maxSeizuresPerWindow} seizures in the window`, retryAt };
    }
    for (const cap of p.seizureWindowCap.map(coinFromProto)) {
      const after = amountOf(w.seized, cap.denom) + amountOf(value, cap.denom);
      if (after > cap.amount)
        return {
          reason: `${E.ErrSeizureCapReached.description}: ${after}${cap.denom} would exceed the window cap ${cap.amount}${cap.denom}`,
          retryAt,
        };
    }
    return undefined;
  }

  /** A due held seizure runs, or stays held with execute_at_height moved to when it is tried again. */
  private tryExecute(ctx: Context, c: Case): void {
    const refusal = this.capRefusal(ctx, c.assessedValue.map(coinFromProto));
    if (refusal !== undefined) {
      this.defer(ctx, c, refusal.retryAt, refusal.reason);
      return;
    }
    try {
      ctx.atomic((inner) => this.execute(inner, c));
    } catch (e) {
      // A refusal (a module's or bank's) defers the seizure by a window (a block without
      // one); anything else is a bug and halts.
      if (!(e instanceof AppError)) throw e;
      this.defer(ctx, c, ctx.height + bigMax(this.getParams(ctx).seizureWindowBlocks, 1n), e.message);
    }
  }

  private defer(ctx: Context, c: Case, retryAt: bigint, reason: string): void {
    const deferred: Case = { ...c, executeAtHeight: retryAt };
    this.cases.set(ctx, c.id, deferred);
    events.seizureDeferred(ctx, deferred, retryAt, reason);
  }

  /** A held seizure runs: the balance moves now, the stake starts unbonding; status PASSED. */
  private execute(ctx: Context, c: Case): void {
    const destination = this.getParams(ctx).recoveryDestination;
    const moved = this.collect(ctx, c.target, destination);
    const assessed = c.assessedValue.map(coinFromProto);
    const denoms = [...new Set([...assessed, ...moved].map((x) => x.denom))].sort();
    const counted = denoms.map((denom) => ({ denom, amount: bigMax(amountOf(assessed, denom), amountOf(moved, denom)) }));
    this.seizures.set(ctx, [ctx.height, c.id], { caseId: c.id, height: ctx.height, amount: coinsToProto(normalizeCoins(counted)) });
    this.heldCases.remove(ctx, c.id);
    const complete = this.nothingLeft(ctx, c.target);
    const passed: Case = {
      ...c,
      status: CaseStatus.CASE_STATUS_PASSED,
      recovered: coinsToProto(addCoins(c.recovered.map(coinFromProto), moved)),
      sweepComplete: complete,
    };
    this.cases.set(ctx, c.id, passed);
    if (moved.length > 0) events.seized(ctx, passed, destination, coinsToProto(moved), complete);
    events.caseResolved(ctx, passed, requiredPower(c.totalPowerAtOpen, this.getParams(ctx).thresholdBps));
  }

  /**
   * Starts unbonding what the target still has staked, then moves its balance to the
   * destination: unbonding pays out the delegations' staking rewards first (distribution), so
   * they are seized with the balance.
   */
  private collect(ctx: Context, target: string, destination: string): Coin[] {
    if (this.deps.staking.stakeOf(ctx, target).bonded > 0n) this.deps.staking.undelegateAll(ctx, target);
    const balance = normalizeCoins(this.deps.bank.getAllBalances(ctx, target));
    if (balance.length > 0) this.deps.bank.sendCoins(ctx, target, destination, balance);
    return balance;
  }

  private nothingLeft(ctx: Context, target: string): boolean {
    const stake = this.deps.staking.stakeOf(ctx, target);
    return stake.bonded === 0n && stake.unbonding === 0n && this.deps.bank.getAllBalances(ctx, target).length === 0;
  }

  sweep(ctx: Context, sender: string, caseId: bigint): { collected: ProtoCoin[]; complete: boolean } {
    this.refuseOmbudsman(ctx, sender);
    const c = this.getCase(ctx, caseId);
    if (c.action !== CaseAction.CASE_ACTION_SEIZE) throw E.ErrNotSeizure.wrap(`case ${caseId} is a freeze`);
    if (c.status !== CaseStatus.CASE_STATUS_PASSED) throw E.ErrNotPassed.wrap(`case ${caseId} is ${CaseStatus[c.status]}`);
    const destination = this.getParams(ctx).recoveryDestination;
    const moved = this.collect(ctx, c.target, destination);
    const complete = this.nothingLeft(ctx, c.target);
    const next: Case = { ...c, recovered: coinsToProto(addCoins(c.recovered.map(coinFromProto), moved)), sweepComplete: complete };
    this.cases.set(ctx, caseId, next);
    const collected = coinsToProto(moved);
    if (moved.length > 0) events.seized(ctx, next, destination, collected, complete);
    return { collected, complete };
  }

  // ---- genesis indexes ----------------------------------------------------------------------

  /** Rebuilds the queues and the open and held sets from the case and freeze records. */
  rebuildIndexes(ctx: Context): void {
    for (const [id, c] of this.cases.iterate(ctx)) {
      const f = this.freezes.get(ctx, id);
      if (c.status === CaseStatus.CASE_STATUS_VOTING) {
        this.openCases.set(ctx, id);
        this.votingQueue.set(ctx, [c.votingEndsAtHeight, id]);
        // The exporting chain already reported expiries up to the first height of this one.
        if (f && f.expiresAtHeight > ctx.height + 1n) this.expiryQueue.set(ctx, [f.expiresAtHeight, id]);
      }
      if (c.status === CaseStatus.CASE_STATUS_HELD) this.heldCases.set(ctx, id);
    }
  }
}

function inEffect(f: Freeze, height: bigint): boolean {
  return f.expiresAtHeight === 0n || height < f.expiresAtHeight;
}

function bigMax(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

const HEX64 = /^[0-9a-f]{64}$/;

const INSTRUMENT_KINDS = new Set([
  LegalInstrumentKind.LEGAL_INSTRUMENT_KIND_COURT_ORDER,
  LegalInstrumentKind.LEGAL_INSTRUMENT_KIND_REGULATORY_DIRECTION,
  LegalInstrumentKind.LEGAL_INSTRUMENT_KIND_WARRANT,
]);

/** What is wrong with a seizure's instrument, if anything. */
function instrumentDefect(li: LegalInstrument | undefined, nowSeconds: bigint): string | undefined {
  if (!li) return "it is missing";
  if (li.issuingAuthority.trim() === "") return "issuing_authority is blank";
  if (li.reference.trim() === "") return "reference is empty";
  if (!INSTRUMENT_KINDS.has(li.kind)) return "kind is unspecified";
  if (!HEX64.test(li.hash)) return "hash must be SHA-256 in lowercase hex";
  if (li.issuedAt <= 0n) return "issued_at is not set";
  if (li.issuedAt > nowSeconds) return `issued_at ${li.issuedAt} is in the future`;
  return undefined;
}

/** A seizure's instrument: any defect is ErrLegalInstrumentRequired. */
export function requireInstrument(li: LegalInstrument | undefined, nowSeconds: bigint): LegalInstrument {
  const defect = instrumentDefect(li, nowSeconds);
  if (defect !== undefined) throw E.ErrLegalInstrumentRequired.wrap(`legal_instrument: ${defect}`);
  return li!;
}

/** The longest delay among the tiers the assessed value matches, at least seizure_delay_blocks. */
export function seizureDelay(p: Params, assessed: readonly Coin[]): bigint {
  let delay = p.seizureDelayBlocks;
  for (const t of p.seizureDelayTiers) {
    if (!t.threshold) continue;
    if (amountOf(assessed, t.threshold.denom) >= BigInt(t.threshold.amount) && t.delayBlocks > delay) delay = t.delayBlocks;
  }
  return delay;
}
