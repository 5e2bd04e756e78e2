import type { MsgCreateValidator } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { ApprovedValidator } from "../../gen/blockchain/validatorgov/v1/approved_validator";
import { ConcentrationCap, Demotion, type ConcentrationGroup } from "../../gen/blockchain/validatorgov/v1/concentration";
import type { Declaration } from "../../gen/blockchain/validatorgov/v1/declaration";
import { Params } from "../../gen/blockchain/validatorgov/v1/params";
import { OperatorRotation, RotationKind, RotationStatus } from "../../gen/blockchain/validatorgov/v1/rotation";
import { ValidatorApplication } from "../../gen/blockchain/validatorgov/v1/validator_application";
import { Schema } from "../../store/collections";
import { int64Key, protoValue, uint64Key } from "../../store/codecs";
import { multiIndex, uniqueIndex } from "../../store/indexed-map";
import { accAddress, moduleAddress, valAddress } from "../../types/address";
import { accAddressKey } from "../../types/address-key";
import { ApplicationStatus as CommonStatus } from "../../types/applications";
import type { Context } from "../../types/context";
import { AppError } from "../../types/errors";
import { measureGroups, selectDemotions, type Ceilings, type PowerEntry } from "./concentration";
import { validatorgovErrors as E } from "./errors";
import { validatorgovEvents as events } from "./events";
import type {
  AliasKeeper,
  BankKeeper,
  ConcentrationInvariants,
  ConstitutionKeeper,
  SlashingKeeper,
  StakingKeeper,
} from "./expected-keepers";
import { defaultValidatorgovParams, seatBond } from "./params";
import { RecoveryWatch } from "./recovery-watch";

export const VALIDATORGOV_MODULE = "validatorgov";
export const CREATE_VALIDATOR_URL = "/cosmos.staking.v1beta1.MsgCreateValidator";
export const UNJAIL_URL = "/cosmos.slashing.v1beta1.MsgUnjail";
export const MAX_REASON_CHARS = 512;

/**
 * Application statuses: the common three (a rejected application is kept), "removed" when
 * governance withdrew an approval (MsgApproveValidator approve=false on an approved validator
 * whose application is not pending) and "rotated" for the old operator's application once its
 * key moved. A new application replaces the stored one whatever its status.
 */
export const ApplicationStatus = { ...CommonStatus, removed: "removed", rotated: "rotated" } as const;
/** ApprovedValidator.approved is a string on the wire; an approved record always carries this. */
export const APPROVED = "true";

export type DeclarationFields = Pick<Declaration, "legalEntityId" | "beneficialOwnerId" | "jurisdiction">;

/** The ymlvaloper address of an operator given in account form. */
export function valoperOf(account: string): string {
  return valAddress.encode(accAddress.decode(account));
}

export function accountOf(valoper: string): string {
  return accAddress.encode(valAddress.decode(valoper));
}

function isPending(r: OperatorRotation): boolean {
  return r.status === RotationStatus.ROTATION_STATUS_PENDING;
}

export interface ValidatorgovDeps {
  staking: StakingKeeper;
  slashing: SlashingKeeper;
  bank: BankKeeper;
  constitution: ConstitutionKeeper;
  alias: AliasKeeper;
}

/** The concentration arithmetic of one moment, shared by the epoch and the query. */
export interface ConcentrationView {
  entries: PowerEntry[];
  groups: ConcentrationGroup[];
  total: bigint;
  activeValidators: number;
  invariants: ConcentrationInvariants;
  ceilings: Ceilings;
}

export class ValidatorgovKeeper {
  private readonly schema = new Schema("validatorgov/");
  readonly params = this.schema.item(1, "params", protoValue(Params, "Params"), defaultValidatorgovParams());
  readonly applications = this.schema.map(
    2,
    "validator_applications",
    accAddressKey,
    protoValue(ValidatorApplication, "ValidatorApplication"),
  );
  readonly approved = this.schema.map(3, "approved_validators", accAddressKey, protoValue(ApprovedValidator, "ApprovedValidator"));
  readonly rotations = this.schema.indexedMap(4, "operator_rotations", uint64Key, protoValue(OperatorRotation, "OperatorRotation"), {
    /** current operator → id of its pending rotation (at most one). */
    pendingByOperator: uniqueIndex(6, accAddressKey, (_id: bigint, r: OperatorRotation) => (isPending(r) ? r.currentOperator : undefined)),
    /** (completes_at_height, id) of pending rotations whose clock runs, in the order they fall due. */
    completionQueue: multiIndex(7, int64Key, (_id: bigint, r: OperatorRotation) =>
      isPending(r) && r.completesAtHeight > 0n ? r.completesAtHeight : undefined,
    ),
  });
  /** The id the next rotation gets (genesis rotation_count is the last one given). */
  readonly nextRotationId = this.schema.sequence(5, "next_rotation_id", 1n);
  /** Demotions in force, by operator (account form). */
  readonly demotions = this.schema.map(8, "demotions", accAddressKey, protoValue(Demotion, "Demotion"));
  readonly pendingByOperator = this.rotations.indexes.pendingByOperator;
  readonly completionQueue = this.rotations.indexes.completionQueue;
  private readonly recoveryWatch = new RecoveryWatch();

  constructor(readonly deps: ValidatorgovDeps) {}

  /** The seat reserve: the module account seats are delegated from. */
  get reserve(): string {
    return moduleAddress(VALIDATORGOV_MODULE);
  }

  getParams(ctx: Context): Params {
    return this.params.get(ctx);
  }

  isApproved(ctx: Context, operator: string): boolean {
    return this.approved.has(ctx, operator);
  }

  mustApproved(ctx: Context, operator: string): ApprovedValidator {
    const a = this.approved.get(ctx, operator);
    if (!a) throw E.ErrNotApprovedValidator.wrap(operator);
    return a;
  }

  // ---- admission ----

  /** A fresh pending application replaces whatever is stored; an approval in force is left as it is. */
  apply(ctx: Context, candidate: string, declaration: DeclarationFields): void {
    this.applications.set(ctx, candidate, {
      candidate,
      status: ApplicationStatus.pending,
      declaration: { ...declaration, attestedAtHeight: ctx.height },
    });
    events.applied(ctx, candidate);
  }

  /**
   * Governance's decision. On a pending application: approve creates (or renews) the
   * ApprovedValidator with the declaration; reject keeps the application as rejected. On an
   * approved validator with no pending application, approve=false is the explicit removal:
   * approval withdrawn, seats undelegated, the validator jailed.
   */
  decide(ctx: Context, candidate: string, approve: boolean): void {
    const app = this.applications.get(ctx, candidate);
    if (!app) throw E.ErrApplicationNotFound.wrap(`candidate ${candidate}`);
    if (!approve && app.status !== ApplicationStatus.pending && this.approved.has(ctx, candidate)) {
      this.remove(ctx, candidate, app);
      return;
    }
    if (app.status !== ApplicationStatus.pending) throw E.ErrApplicationNotPending.wrap(`candidate ${candidate} is ${app.status}`);
    const status = approve ? ApplicationStatus.approved : ApplicationStatus.rejected;
    this.applications.set(ctx, candidate, { ...app, status });
    if (approve) this.approved.set(ctx, candidate, { candidate, approved: APPROVED, declaration: app.declaration });
    events.decided(ctx, candidate, status);
  }

  private remove(ctx: Context, candidate: string, app: ValidatorApplication): void {
    this.applications.set(ctx, candidate, { ...app, status: ApplicationStatus.removed });
    this.approved.remove(ctx, candidate);
    this.demotions.remove(ctx, candidate);
    const valoper = valoperOf(candidate);
    const v = this.deps.staking.getValidator(ctx, valoper);
    if (v) {
      const seated = this.deps.staking.delegatedTokens(ctx, this.reserve, valoper);
      if (seated > 0n) this.deps.staking.undelegate(ctx, this.reserve, valoper, seated);
      if (!v.jailed) this.deps.staking.jail(ctx, valoper);
    }
    events.decided(ctx, candidate, ApplicationStatus.removed);
  }

  /** The gate in front of staking: only an approved operator may create a validator. */
  checkCreateValidator(ctx: Context, msg: Pick<MsgCreateValidator, "validatorAddress">): void {
    let operator: string;
    try {
      operator = accountOf(msg.validatorAddress);
    } catch {
      return; // staking's own validation refuses a malformed operator address
    }
    if (!this.approved.has(ctx, operator))
      throw E.ErrNotApprovedValidator.wrap(`${operator} may not create a validator before governance approves it`);
  }

  /**
   * The gate in front of slashing's MsgUnjail (ante check and slashing hook, so also inside
   * authz and group execution): an operator whose approval was withdrawn stays out (1103), and
   * neither a demotion in force nor an approved recovery's challenge window may be left by
   * un-jailing (1118), whoever jailed the validator first.
   */
  checkUnjail(ctx: Context, validatorAddr: string): void {
    let operator: string;
    try {
      operator = accountOf(validatorAddr);
    } catch {
      return; // slashing's own validation refuses a malformed operator address
    }
    if (!this.approved.has(ctx, operator))
      throw E.ErrNotApprovedValidator.wrap(`${operator} may not un-jail: it is not an approved validator`);
    if (this.demotions.has(ctx, operator)) throw E.ErrValidatorHeld.wrap(`${operator} is demoted until its concentration breach clears`);
    const recovery = this.approvedRecovery(ctx, operator);
    if (recovery)
      throw E.ErrValidatorHeld.wrap(
        `${operator} is held by recovery ${recovery.id} until its challenge window closes at ${recovery.completesAtHeight}`,
      );
  }

  attest(ctx: Context, operator: string, declaration: DeclarationFields): void {
    const a = this.mustApproved(ctx, operator);
    this.approved.set(ctx, operator, { ...a, declaration: { ...declaration, attestedAtHeight: ctx.height } });
    events.attested(ctx, operator, ctx.height);
  }

  // ---- seats ----

  seatsOf(ctx: Context, operator: string): bigint {
    return this.deps.staking.delegatedTokens(ctx, this.reserve, valoperOf(operator)) / seatBond(this.getParams(ctx));
  }

  /** Delegates from (or undelegates to) the seat reserve so the validator holds `seats` seats. */
  setSeats(ctx: Context, operator: string, seats: bigint): bigint {
    this.mustApproved(ctx, operator);
    const valoper = valoperOf(operator);
    if (!this.deps.staking.getValidator(ctx, valoper)) throw E.ErrNoValidator.wrap(`${operator} has not created its validator`);
    const target = seats * seatBond(this.getParams(ctx));
    const current = this.deps.staking.delegatedTokens(ctx, this.reserve, valoper);
    if (target > current) {
      const need = target - current;
      const have = this.deps.bank.getBalance(ctx, this.reserve, this.deps.staking.bondDenom(ctx));
      if (have < need) throw E.ErrSeatReserveEmpty.wrap(`need ${need}, the reserve holds ${have}`);
      this.deps.staking.delegate(ctx, this.reserve, valoper, need);
    } else if (target < current) {
      this.deps.staking.undelegate(ctx, this.reserve, valoper, current - target);
    }
    events.seatsSet(ctx, operator, seats, target);
    return seats;
  }

  // ---- rotation and recovery ----

  /** The new key must be a different account that neither is approved nor operates a validator. */
  private checkNewOperator(ctx: Context, current: string, next: string): void {
    if (next === current) throw E.ErrOperatorUnchanged.wrap(next);
    if (this.approved.has(ctx, next)) throw E.ErrOperatorInUse.wrap(`${next} is already an approved validator`);
    if (this.deps.staking.getValidator(ctx, valoperOf(next))) throw E.ErrOperatorInUse.wrap(`${next} already operates a validator`);
  }

  /** Opens a rotation whose new operator passed its checks: the current one approved, nothing pending for it. */
  private open(ctx: Context, r: Omit<OperatorRotation, "id" | "status" | "openedAtHeight" | "resolvedAtHeight">): OperatorRotation {
    this.mustApproved(ctx, r.currentOperator);
    const pending = this.pendingByOperator.get(ctx, r.currentOperator);
    if (pending !== undefined) throw E.ErrRotationInProgress.wrap(`rotation ${pending} of ${r.currentOperator} is pending`);
    const rotation: OperatorRotation = {
      ...r,
      id: this.nextRotationId.next(ctx),
      status: RotationStatus.ROTATION_STATUS_PENDING,
      openedAtHeight: ctx.height,
      resolvedAtHeight: 0n,
    };
    this.rotations.set(ctx, rotation.id, rotation);
    events.rotationProposed(ctx, rotation);
    return rotation;
  }

  rotate(ctx: Context, current: string, next: string): bigint {
    this.checkNewOperator(ctx, current, next);
    return this.open(ctx, {
      currentOperator: current,
      newOperator: next,
      kind: RotationKind.ROTATION_KIND_PLANNED,
      proposer: current,
      reason: "",
      approved: true,
      completesAtHeight: ctx.height + this.getParams(ctx).plannedRotationDelayBlocks,
      pausedValidator: false,
    }).id;
  }

  proposeRecovery(ctx: Context, proposer: string, current: string, next: string, reason: string): bigint {
    this.checkNewOperator(ctx, current, next);
    if (reason.trim() === "") throw E.ErrMissingReason.wrap("the reason is blank");
    if ([...reason].length > MAX_REASON_CHARS) throw E.ErrMissingReason.wrap(`reason is longer than ${MAX_REASON_CHARS} characters`);
    const rotation = this.open(ctx, {
      currentOperator: current,
      newOperator: next,
      kind: RotationKind.ROTATION_KIND_RECOVERY,
      proposer,
      reason,
      approved: false,
      completesAtHeight: 0n,
      pausedValidator: false,
    });
    this.recoveryWatch.opened();
    return rotation.id;
  }

  private mustExist(ctx: Context, id: bigint): OperatorRotation {
    const r = this.rotations.get(ctx, id);
    if (!r) throw E.ErrRotationNotFound.wrap(`rotation ${id}`);
    return r;
  }

  private mustPendingRotation(r: OperatorRotation): void {
    if (r.status !== RotationStatus.ROTATION_STATUS_PENDING)
      throw E.ErrRotationNotPending.wrap(`rotation ${r.id} is ${RotationStatus[r.status]}`);
  }

  private resolve(ctx: Context, r: OperatorRotation, status: RotationStatus): void {
    const resolved = { ...r, status, resolvedAtHeight: ctx.height };
    this.rotations.set(ctx, r.id, resolved);
    events.rotationResolved(ctx, resolved);
  }

  /** Un-jails what this rotation paused, unless a demotion in force keeps it out; true when it did. */
  private unpause(ctx: Context, r: OperatorRotation, operator: string): boolean {
    if (!r.pausedValidator || this.demotions.has(ctx, operator)) return false;
    const valoper = valoperOf(operator);
    if (!this.deps.staking.getValidator(ctx, valoper)?.jailed) return false;
    return this.release(ctx, valoper);
  }

  /**
   * Ends validatorgov's own hold on a jailed validator: un-jails it only when slashing holds it
   * for no reason of its own (tombstoned for a double sign, or jailed for downtime until a time
   * still ahead). Otherwise it stays jailed: a tombstoned validator for good, a downtime one
   * until its operator sends MsgUnjail once the jail time is over. True when it un-jailed.
   */
  private release(ctx: Context, valoper: string): boolean {
    const hold = this.deps.slashing.unjailHold(ctx, valoper);
    if (hold !== undefined) {
      ctx.logger.info({ validator: valoper, hold }, "validatorgov: hold ended, slashing keeps the validator jailed");
      return false;
    }
    this.deps.staking.unjail(ctx, valoper);
    return true;
  }

  decideRecovery(ctx: Context, id: bigint, approve: boolean): void {
    const r = this.mustExist(ctx, id);
    if (r.kind !== RotationKind.ROTATION_KIND_RECOVERY)
      throw E.ErrRotationNotRecovery.wrap(`rotation ${id} is a planned rotation; only a recovery is approved`);
    this.mustPendingRotation(r);
    if (r.approved) throw E.ErrRecoveryAlreadyDecided.wrap(`recovery ${id} is already approved`);
    if (!approve) {
      this.resolve(ctx, r, RotationStatus.ROTATION_STATUS_REJECTED);
      return;
    }
    const valoper = valoperOf(r.currentOperator);
    const v = this.deps.staking.getValidator(ctx, valoper);
    let paused = false;
    if (v && !v.jailed) {
      this.deps.staking.jail(ctx, valoper);
      paused = true;
    }
    const approved = {
      ...r,
      approved: true,
      pausedValidator: paused,
      completesAtHeight: ctx.height + this.getParams(ctx).recoveryChallengeWindowBlocks,
    };
    this.rotations.set(ctx, id, approved);
    events.recoveryApproved(ctx, approved);
  }

  /** The current operator cancels its planned rotation or vetoes a recovery. */
  cancel(ctx: Context, signer: string, id: bigint): void {
    const r = this.mustExist(ctx, id);
    this.mustPendingRotation(r);
    if (signer !== r.currentOperator) throw E.ErrNotCurrentOperator.wrap(`rotation ${id} belongs to ${r.currentOperator}`);
    this.withdraw(
      ctx,
      r,
      r.kind === RotationKind.ROTATION_KIND_PLANNED ? RotationStatus.ROTATION_STATUS_CANCELLED : RotationStatus.ROTATION_STATUS_VETOED,
    );
  }

  /** Resolves a pending rotation under its current operator and un-pauses what it paused. */
  private withdraw(ctx: Context, r: OperatorRotation, status: RotationStatus): void {
    this.resolve(ctx, r, status);
    this.unpause(ctx, this.rotations.get(ctx, r.id)!, r.currentOperator);
  }

  /**
   * After every tx of a block (whatever its messages did): a signature by a pending
   * recovery's current operator shows its key is not lost, so it vetoes the recovery. Planned
   * rotations are left alone. Reads nothing while the block has no pending recovery.
   */
  vetoRecoveriesSignedBy(ctx: Context, signers: readonly string[]): void {
    if (!this.recoveryWatch.mayBePending(ctx)) return;
    for (const signer of signers) {
      const id = this.pendingByOperator.get(ctx, signer);
      const r = id === undefined ? undefined : this.rotations.get(ctx, id);
      if (r?.kind === RotationKind.ROTATION_KIND_RECOVERY) this.withdraw(ctx, r, RotationStatus.ROTATION_STATUS_VETOED);
    }
  }

  /** Whether any recovery is pending (scans the pending rotations, one per operator at most). */
  anyPendingRecovery(ctx: Context): boolean {
    for (const [, id] of this.pendingByOperator.entries(ctx)) {
      if (this.rotations.get(ctx, id)?.kind === RotationKind.ROTATION_KIND_RECOVERY) return true;
    }
    return false;
  }

  /**
   * End blocker: rotations whose clock ran out complete (in height, then id order). Returns
   * the operators it un-paused: staking bonds them only at the next end block, so the epoch
   * of this block counts them itself.
   */
  completeDueRotations(ctx: Context): string[] {
    const returning: string[] = [];
    const due: Array<[bigint, bigint]> = [];
    for (const key of this.completionQueue.entries(ctx)) {
      if (key[0] > ctx.height) break;
      due.push(key);
    }
    for (const [, id] of due) {
      const r = this.rotations.get(ctx, id)!;
      let done = false;
      try {
        ctx.atomic((inner) => this.complete(inner, r));
        done = true;
      } catch (e) {
        // A refusal cancels the rotation; anything else is a bug, which halts (block hooks).
        if (!(e instanceof AppError)) throw e;
        ctx.logger.info({ id: id.toString(), error: e.message }, "validatorgov: rotation cannot complete");
      }
      if (done) {
        if (this.unpause(ctx, this.rotations.get(ctx, id)!, r.newOperator)) returning.push(r.newOperator);
      } else {
        // The new operator was taken meanwhile, or the current one lost its approval.
        this.resolve(ctx, r, RotationStatus.ROTATION_STATUS_CANCELLED);
        if (this.unpause(ctx, this.rotations.get(ctx, id)!, r.currentOperator)) returning.push(r.currentOperator);
      }
    }
    return returning;
  }

  private complete(ctx: Context, r: OperatorRotation): void {
    const approved = this.mustApproved(ctx, r.currentOperator);
    this.checkNewOperator(ctx, r.currentOperator, r.newOperator);
    const oldValoper = valoperOf(r.currentOperator);
    if (this.deps.staking.getValidator(ctx, oldValoper)) this.deps.staking.rotateOperator(ctx, oldValoper, valoperOf(r.newOperator));
    this.approved.remove(ctx, r.currentOperator);
    this.approved.set(ctx, r.newOperator, { ...approved, candidate: r.newOperator });
    const app = this.applications.get(ctx, r.currentOperator);
    if (app) this.applications.set(ctx, r.currentOperator, { ...app, status: ApplicationStatus.rotated });
    this.applications.set(ctx, r.newOperator, {
      candidate: r.newOperator,
      status: ApplicationStatus.approved,
      declaration: approved.declaration,
    });
    const demotion = this.demotions.get(ctx, r.currentOperator);
    if (demotion) {
      this.demotions.remove(ctx, r.currentOperator);
      this.demotions.set(ctx, r.newOperator, { ...demotion, operator: r.newOperator });
    }
    this.deps.constitution.operatorRotated(ctx, r.currentOperator, r.newOperator);
    this.resolve(ctx, r, RotationStatus.ROTATION_STATUS_COMPLETED);
  }

  // ---- concentration epochs ----

  /** The invariants in force, or undefined when the chain has no constitution (nothing is checked). */
  invariants(ctx: Context): ConcentrationInvariants | undefined {
    return this.deps.constitution.findInvariants(ctx);
  }

  /**
   * What an epoch measures: every bonded, unjailed validator at its consensus power, plus every
   * validator a demotion in force keeps out, at the power its tokens are worth (so a breach
   * clears only when the group would fit with its validators back), plus `returning`: validators
   * this end block un-paused, which join the active set at the next block.
   */
  concentration(ctx: Context, invariants: ConcentrationInvariants, returning: readonly string[] = []): ConcentrationView {
    const entries: PowerEntry[] = [];
    const bonded = this.deps.staking.bondedValidators(ctx);
    const seen = new Set<string>();
    for (const v of bonded) {
      const operator = accountOf(v.operator);
      seen.add(operator);
      entries.push({ operator, power: v.power, declaration: this.approved.get(ctx, operator)?.declaration });
    }
    let active = bonded.length;
    for (const operator of returning) {
      const v = this.deps.staking.getValidator(ctx, valoperOf(operator));
      if (seen.has(operator) || !v || v.jailed) continue;
      seen.add(operator);
      active++;
      entries.push({ operator, power: v.potentialPower, declaration: this.approved.get(ctx, operator)?.declaration });
    }
    for (const operator of this.demotions.keys(ctx)) {
      if (seen.has(operator)) continue;
      const v = this.deps.staking.getValidator(ctx, valoperOf(operator));
      const decl = this.approved.get(ctx, operator)?.declaration;
      if (!v || !decl) continue;
      entries.push({ operator, power: v.potentialPower, declaration: decl });
    }
    const ceilings: Ceilings = {
      entity: invariants.maxEntityPowerBps,
      beneficialOwner: invariants.maxBeneficialOwnerPowerBps,
      jurisdiction: invariants.maxJurisdictionPowerBps,
    };
    const { groups, total } = measureGroups(entries, ceilings);
    return { entries, groups, total, activeValidators: active, invariants, ceilings };
  }

  /**
   * End blocker: due rotations, then at every concentration epoch stale declarations and the
   * ceilings; last (no refusal can drop this block's writes any more) whether the next block
   * starts with a recovery pending.
   */
  endBlock(ctx: Context): void {
    const returning = this.completeDueRotations(ctx);
    const inv = this.invariants(ctx);
    if (inv && inv.concentrationEpochBlocks > 0n && ctx.height % inv.concentrationEpochBlocks === 0n) {
      this.reportStale(ctx);
      this.runConcentrationEpoch(ctx, inv, returning);
    }
    this.recoveryWatch.setForBlock(ctx.height + 1n, this.anyPendingRecovery(ctx));
  }

  reportStale(ctx: Context): void {
    const interval = this.getParams(ctx).attestationIntervalBlocks;
    for (const [operator, a] of this.approved.iterate(ctx)) {
      const staleSince = a.declaration!.attestedAtHeight + interval;
      if (staleSince <= ctx.height) events.declarationStale(ctx, operator, a.declaration!.attestedAtHeight, staleSince);
    }
  }

  runConcentrationEpoch(ctx: Context, inv: ConcentrationInvariants, returning: readonly string[] = []): void {
    const view = this.concentration(ctx, inv, returning);
    const wanted = new Map(selectDemotions(view.entries, view.ceilings).map((c) => [c.operator, c]));
    const inForce = new Map([...this.demotions.iterate(ctx)]);
    const toDemote = [...wanted.values()].filter((c) => !inForce.has(c.operator));
    const toRestore = [...inForce.values()].filter((d) => !wanted.has(d.operator));
    const activeAfter = view.activeValidators - toDemote.length + toRestore.length;
    const act = toDemote.length === 0 || activeAfter >= inv.minActiveValidators;
    if (!act) {
      for (const g of view.groups) {
        if (g.over)
          events.concentrationUncorrected(ctx, g.cap, g.group, g.powerBps, g.capBps, view.activeValidators, inv.minActiveValidators);
      }
    }
    for (const d of toRestore) this.restore(ctx, d);
    // A demotion that stays in force keeps its validator jailed, whatever un-jailed it.
    for (const d of inForce.values()) {
      if (!wanted.has(d.operator)) continue;
      const valoper = valoperOf(d.operator);
      const v = this.deps.staking.getValidator(ctx, valoper);
      if (v && !v.jailed) {
        this.deps.staking.jail(ctx, valoper);
        this.demotions.set(ctx, d.operator, { ...d, jailedValidator: true });
      }
    }
    if (!act) return;
    for (const c of toDemote) {
      const valoper = valoperOf(c.operator);
      const v = this.deps.staking.getValidator(ctx, valoper);
      let jailed = false;
      if (v && !v.jailed) {
        this.deps.staking.jail(ctx, valoper);
        jailed = true;
      }
      this.demotions.set(ctx, c.operator, {
        operator: c.operator,
        cap: c.cap,
        group: c.group,
        groupPowerBps: c.groupPowerBps,
        capBps: c.capBps,
        demotedAtHeight: ctx.height,
        jailedValidator: jailed,
      });
      events.validatorDemoted(ctx, c.operator, c.cap, c.group, c.groupPowerBps, c.capBps, jailed);
    }
  }

  /**
   * Ends a demotion. What it jailed is released (un-jailed unless slashing holds it too),
   * except during an approved recovery's challenge window: the recovery then holds the
   * validator (its paused_validator becomes true) and releases it when it resolves.
   */
  private restore(ctx: Context, d: Demotion): void {
    this.demotions.remove(ctx, d.operator);
    let unjailed = false;
    const valoper = valoperOf(d.operator);
    const jailed = d.jailedValidator && this.deps.staking.getValidator(ctx, valoper)?.jailed === true;
    const recovery = this.approvedRecovery(ctx, d.operator);
    if (jailed && recovery) {
      if (!recovery.pausedValidator) this.rotations.set(ctx, recovery.id, { ...recovery, pausedValidator: true });
    } else if (jailed) {
      unjailed = this.release(ctx, valoper);
    }
    events.validatorRestored(ctx, d.operator, d.cap, d.group, unjailed);
  }

  /** The operator's approved recovery whose challenge window runs, if any. */
  private approvedRecovery(ctx: Context, operator: string): OperatorRotation | undefined {
    const id = this.pendingByOperator.get(ctx, operator);
    const r = id === undefined ? undefined : this.rotations.get(ctx, id);
    return r && r.kind === RotationKind.ROTATION_KIND_RECOVERY && r.approved ? r : undefined;
  }

  // ---- reconciliation ----

  reconcile(
    ctx: Context,
  ): { candidate: string; declared: string; recorded?: { country: string; recordedBy: string; recordedAtHeight: bigint } }[] {
    const out = [];
    for (const [candidate, a] of this.approved.iterate(ctx)) {
      out.push({ candidate, declared: a.declaration!.jurisdiction, recorded: this.deps.alias.getJurisdiction(ctx, candidate) });
    }
    return out;
  }
}

export { ConcentrationCap };
