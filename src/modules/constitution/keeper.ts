import { Amendment, AmendmentStatus, Invariants, Ratification } from "../../gen/blockchain/constitution/v1/constitution";
import { Schema } from "../../store/collections";
import { bytesKey, int64Key, pairKey, protoValue, uint64Key } from "../../store/codecs";
import { accAddress, valAddress } from "../../types/address";
import type { Context } from "../../types/context";
import { constitutionErrors as E } from "./errors";
import { constitutionEvents as events } from "./events";
import type { GroupChange, GroupDecision, GroupKeeper, GroupMemberWeight, StakingKeeper } from "./expected-keepers";
import { ONE, requiredPower, validateInvariants } from "./invariants";

export const CONSTITUTION_MODULE = "constitution";

/** The most characters an amendment's reason may have (a reason is required; the bound is the chain's). */
export const MAX_REASON_CHARS = 1024;

/**
 * The foundation rule against a set of invariants: the recovery destination's group has exactly
 * foundation_custodian_count members of weight 1 each (one signature per custodian) and its policy
 * is a threshold policy of foundation_signature_threshold. Returns why it does not hold, if it does not.
 */
export function foundationBreach(
  inv: Invariants,
  members: readonly GroupMemberWeight[],
  decision: GroupDecision | undefined,
): string | undefined {
  if (members.length !== inv.foundationCustodianCount) {
    return `the foundation group must keep exactly ${inv.foundationCustodianCount} members, not ${members.length}`;
  }
  const heavy = members.find((m) => m.weight !== ONE);
  if (heavy) return `every foundation custodian must have weight 1 (one signature), ${heavy.address} would not`;
  if (decision) {
    if (decision.kind !== "threshold") return "the foundation policy must be a threshold policy";
    const want = BigInt(inv.foundationSignatureThreshold) * ONE;
    if (decision.threshold !== want) {
      return `the foundation policy threshold must be ${inv.foundationSignatureThreshold} signatures`;
    }
  }
  return undefined;
}

/**
 * The invariants in force, the amendments (pending, enacted, lapsed, withdrawn: never deleted)
 * and their ratifications, and the foundation rule guarding the recovery destination's group.
 */
export class ConstitutionKeeper {
  private readonly schema = new Schema("constitution/");
  readonly invariants = this.schema.item(1, "invariants", protoValue(Invariants, "Invariants"), undefined);
  readonly amendments = this.schema.map(2, "amendments", uint64Key, protoValue(Amendment, "Amendment"));
  /** The id the next amendment takes (ids start at 1). */
  readonly nextAmendmentId = this.schema.sequence(3, "next_amendment_id");
  /** (amendment id, validator account bytes) → ratification. */
  private readonly ratificationKey = pairKey(uint64Key, bytesKey);
  readonly ratifications = this.schema.map(4, "ratifications", this.ratificationKey, protoValue(Ratification, "Ratification"));
  /** Pending amendments by (effective_at_height, id): what the end blocker resolves. */
  readonly pendingByHeight = this.schema.keySet(5, "pending_by_height", pairKey(int64Key, uint64Key));

  constructor(
    private readonly staking: StakingKeeper,
    private readonly group: GroupKeeper,
  ) {}

  // --- interface for other modules -------------------------------------------------------

  /** The invariants in force; ErrNoInvariants when the chain has no constitution. */
  /** The invariants in force, or undefined on a chain without a constitution. */
  findInvariants(ctx: Context): Invariants | undefined {
    return this.invariants.get(ctx);
  }

  getInvariants(ctx: Context): Invariants {
    const inv = this.findInvariants(ctx);
    if (!inv) throw E.ErrNoInvariants.wrap("no invariants are set");
    return inv;
  }

  /** The foundation's account: the recovery destination the invariants pin (alias's foundation signer). */
  foundationAddress(ctx: Context): string | undefined {
    return this.invariants.get(ctx)?.enforcementRecoveryDestination || undefined;
  }

  /**
   * For other modules' parameter updates (enforcement): every field given must equal the
   * constitution's copy, else ErrInvariantViolation naming the field.
   */
  assertAgrees(ctx: Context, values: Partial<Invariants>): void {
    const inv = this.getInvariants(ctx);
    for (const key of Object.keys(values).sort() as Array<keyof Invariants>) {
      const v = values[key];
      if (v === undefined) continue;
      if (v !== inv[key]) {
        throw E.ErrInvariantViolation.wrap(`${key} is ${String(inv[key])} in the constitution; ${String(v)} would change it`);
      }
    }
  }

  // --- amendments ------------------------------------------------------------------------

  getAmendment(ctx: Context, id: bigint): Amendment {
    const a = this.amendments.get(ctx, id);
    if (!a) throw E.ErrAmendmentNotFound.wrap(`amendment ${id}`);
    return a;
  }

  /** Power that must ratify an amendment: its snapshot at the threshold in force. */
  requiredPowerOf(ctx: Context, a: Amendment): bigint {
    return requiredPower(a.snapshotPower, this.getInvariants(ctx).amendmentThresholdBps);
  }

  /** Total consensus power of the bonded set. */
  totalPower(ctx: Context): bigint {
    let total = 0n;
    for (const v of this.staking.bondedValidators(ctx)) total += v.power;
    return total;
  }

  propose(ctx: Context, proposed: Invariants, reason: string): bigint {
    validateInvariants(proposed);
    const current = this.getInvariants(ctx);
    this.assertFoundation(ctx, proposed);
    const id = this.nextAmendmentId.next(ctx);
    const a: Amendment = {
      id,
      proposed,
      reason,
      proposedAtHeight: ctx.height,
      // The delay in force now governs: an amendment cannot shorten its own delay.
      effectiveAtHeight: ctx.height + current.amendmentDelayBlocks,
      snapshotPower: this.totalPower(ctx),
      ratifiedPower: 0n,
      status: AmendmentStatus.AMENDMENT_STATUS_PENDING,
      resolvedAtHeight: 0n,
    };
    this.amendments.set(ctx, id, a);
    this.pendingByHeight.set(ctx, [a.effectiveAtHeight, id]);
    events.amendmentProposed(ctx, a, requiredPower(a.snapshotPower, current.amendmentThresholdBps));
    return id;
  }

  ratify(ctx: Context, validator: string, id: bigint): void {
    const a = this.getAmendment(ctx, id);
    if (a.status !== AmendmentStatus.AMENDMENT_STATUS_PENDING)
      throw E.ErrAmendmentClosed.wrap(`amendment ${id} is ${AmendmentStatus[a.status]}`);
    const bytes = accAddress.decode(validator);
    if (this.ratifications.has(ctx, [id, bytes])) throw E.ErrAlreadyRatified.wrap(`${validator} already ratified amendment ${id}`);
    const operator = valAddress.encode(bytes);
    const v = this.staking.getValidator(ctx, operator);
    const power = v && !v.jailed ? this.staking.powerOf(ctx, operator) : 0n;
    if (power <= 0n) throw E.ErrUnknownValidator.wrap(`${operator} is not a bonded validator`);
    this.ratifications.set(ctx, [id, bytes], { amendmentId: id, validator, power, height: ctx.height });
    a.ratifiedPower += power;
    this.amendments.set(ctx, id, a);
    events.amendmentRatified(ctx, a, validator, power, this.requiredPowerOf(ctx, a));
  }

  withdraw(ctx: Context, id: bigint): void {
    const a = this.getAmendment(ctx, id);
    if (a.status !== AmendmentStatus.AMENDMENT_STATUS_PENDING)
      throw E.ErrAmendmentClosed.wrap(`amendment ${id} is ${AmendmentStatus[a.status]}`);
    this.resolve(ctx, a, AmendmentStatus.AMENDMENT_STATUS_WITHDRAWN);
  }

  /** End block: every pending amendment whose delay has run out is enacted or lapses. */
  endBlock(ctx: Context): void {
    const due = [...this.pendingByHeight.iterate(ctx, { end: [ctx.height + 1n, 0n] })];
    for (const [, id] of due) {
      const a = this.getAmendment(ctx, id);
      const inv = this.getInvariants(ctx);
      const required = requiredPower(a.snapshotPower, inv.amendmentThresholdBps);
      const ratified = a.ratifiedPower > 0n && a.ratifiedPower >= required;
      // An amendment whose recovery destination no longer fits the foundation rule lapses
      // rather than leaving the constitution in breach of it.
      const fits = ratified && this.foundationProblem(ctx, a.proposed!) === undefined;
      if (fits) this.invariants.set(ctx, a.proposed!);
      this.resolve(ctx, a, fits ? AmendmentStatus.AMENDMENT_STATUS_ENACTED : AmendmentStatus.AMENDMENT_STATUS_LAPSED, required);
    }
  }

  private resolve(ctx: Context, a: Amendment, status: AmendmentStatus, required?: bigint): void {
    const req = required ?? this.requiredPowerOf(ctx, a);
    this.pendingByHeight.remove(ctx, [a.effectiveAtHeight, a.id]);
    a.status = status;
    a.resolvedAtHeight = ctx.height;
    this.amendments.set(ctx, a.id, a);
    events.amendmentResolved(ctx, a, req);
  }

  /**
   * validatorgov moved a validator to a new operator key: its ratifications of pending
   * amendments move with it, so the new key cannot ratify a second time. Resolved amendments
   * keep the record under the key that signed.
   */
  operatorRotated(ctx: Context, oldOperator: string, newOperator: string): void {
    const oldBytes = accAddress.decode(oldOperator);
    const newBytes = accAddress.decode(newOperator);
    for (const [, id] of [...this.pendingByHeight.iterate(ctx)]) {
      const r = this.ratifications.get(ctx, [id, oldBytes]);
      if (!r) continue;
      this.ratifications.remove(ctx, [id, oldBytes]);
      this.ratifications.set(ctx, [id, newBytes], { ...r, validator: newOperator });
    }
  }

  ratificationsOf(ctx: Context, id: bigint): Ratification[] {
    return [...this.ratifications.iterate(ctx, { prefix: this.ratificationKey.prefix(id) })].map(([, r]) => r);
  }

  // --- the foundation rule ---------------------------------------------------------------

  /**
   * Why `inv`'s recovery destination does not fit the foundation rule: it must be a group
   * policy account whose group and decision policy match the custodian count and threshold.
   * Undefined when it fits.
   */
  foundationProblem(ctx: Context, inv: Invariants): string | undefined {
    const dest = inv.enforcementRecoveryDestination;
    const policy = this.group.policyInfo(ctx, dest);
    if (!policy) return `enforcement_recovery_destination ${dest} is not a group policy account`;
    return foundationBreach(inv, policy.members, policy.decision);
  }

  /** Refuses (1107) a set whose recovery destination does not fit the foundation rule. */
  assertFoundation(ctx: Context, inv: Invariants): void {
    const breach = this.foundationProblem(ctx, inv);
    if (breach) throw E.ErrConstitutionalInvariant.wrap(breach);
  }

  /** The group guard: refuses a change to the recovery destination's group or policy that breaks the rule. */
  readonly foundationGuard = (ctx: Context, change: GroupChange): void => {
    const inv = this.invariants.get(ctx);
    if (!inv) return;
    const policy = this.group.policyInfo(ctx, inv.enforcementRecoveryDestination);
    if (!policy || policy.groupId !== change.groupId) return;
    let breach: string | undefined;
    if (change.kind === "members") {
      breach = foundationBreach(inv, change.newMembers ?? [], undefined);
    } else if (change.policyAddress === inv.enforcementRecoveryDestination) {
      breach = foundationBreach(inv, policy.members, change.newDecision);
    }
    if (breach) throw E.ErrConstitutionalInvariant.wrap(breach);
  };
}
