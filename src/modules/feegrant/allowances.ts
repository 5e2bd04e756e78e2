import { AllowedMsgAllowance, BasicAllowance, PeriodicAllowance } from "cosmjs-types/cosmos/feegrant/v1beta1/feegrant";
import type { AnyMsg, Timestamp } from "../../types/codec";
import { coinsFromProto, coinsToProto, type Coin } from "../../types/coins";
import type { Context } from "../../types/context";
import { AppError, sdkErrors } from "../../types/errors";
import { safeSubCoins } from "../../types/coins";
import { addDuration, compareTime, isNegativeDuration } from "../../types/time";
import { feegrantErrors } from "./errors";

export const BASIC_ALLOWANCE_URL = "/cosmos.feegrant.v1beta1.BasicAllowance";
export const PERIODIC_ALLOWANCE_URL = "/cosmos.feegrant.v1beta1.PeriodicAllowance";
export const ALLOWED_MSG_ALLOWANCE_URL = "/cosmos.feegrant.v1beta1.AllowedMsgAllowance";
/** The SDK charges this per allowed message type and per tx message checked. */
const GAS_PER_ITERATION = 10n;

/** Outcome of spending from an allowance: the allowance left, or `remove` when it is used up. */
export interface AcceptResult {
  remove: boolean;
  updated: AnyMsg;
}

type Decoded =
  | { kind: "basic"; value: BasicAllowance }
  | { kind: "periodic"; value: PeriodicAllowance }
  | { kind: "allowed"; value: AllowedMsgAllowance };

function decode(any: AnyMsg | undefined): Decoded {
  if (!any) throw feegrantErrors.ErrNoAllowance.wrap("failed to get allowance");
  try {
    switch (any.typeUrl) {
      case BASIC_ALLOWANCE_URL:
        return { kind: "basic", value: BasicAllowance.decode(any.value) };
      case PERIODIC_ALLOWANCE_URL:
        return { kind: "periodic", value: PeriodicAllowance.decode(any.value) };
      case ALLOWED_MSG_ALLOWANCE_URL:
        return { kind: "allowed", value: AllowedMsgAllowance.decode(any.value) };
    }
  } catch (e) {
    throw sdkErrors.ErrUnpackAny.wrap(`${any.typeUrl}: ${(e as Error).message}`);
  }
  throw sdkErrors.ErrUnpackAny.wrap(`no fee allowance type ${JSON.stringify(any.typeUrl.slice(0, 200))}`);
}

function encode(d: Decoded): AnyMsg {
  switch (d.kind) {
    case "basic":
      return { typeUrl: BASIC_ALLOWANCE_URL, value: BasicAllowance.encode(d.value).finish() };
    case "periodic":
      return { typeUrl: PERIODIC_ALLOWANCE_URL, value: PeriodicAllowance.encode(d.value).finish() };
    case "allowed":
      return { typeUrl: ALLOWED_MSG_ALLOWANCE_URL, value: AllowedMsgAllowance.encode(d.value).finish() };
  }
}

function validateBasic(a: BasicAllowance): void {
  coinsFromProto(a.spendLimit);
  if (a.expiration && a.expiration.seconds < 0n) throw feegrantErrors.ErrInvalidDuration.wrap("expiration time cannot be negative");
}

/**
 * The most allowances one grant may nest (AllowedMsgAllowance around AllowedMsgAllowance …,
 * the outermost counted). Every use of a grant walks its nesting recursively, in the ante
 * handler of each tx it pays for: unbounded, a grant of thousands of levels (it fits in one tx)
 * cost seconds of gas-free work per use, and past V8's stack the grant was accepted or refused
 * depending on the process. The SDK's Any unpacking stops at 10 levels for a whole tx.
 */
export const MAX_ALLOWANCE_DEPTH = 8;

/** Refuses an allowance nested deeper than MAX_ALLOWANCE_DEPTH, walking it without recursion. */
function assertDepth(any: AnyMsg | undefined): void {
  let depth = 1;
  for (let d = decode(any); d.kind === "allowed" && d.value.allowance; d = decode(d.value.allowance)) {
    if (++depth > MAX_ALLOWANCE_DEPTH) throw sdkErrors.ErrUnpackAny.wrap(`allowances nested deeper than ${MAX_ALLOWANCE_DEPTH} levels`);
  }
}

/** Stateless checks of a packed allowance (the SDK's FeeAllowanceI.ValidateBasic). */
export function validateAllowance(any: AnyMsg | undefined): void {
  assertDepth(any);
  validateLevels(any);
}

function validateLevels(any: AnyMsg | undefined): void {
  const d = decode(any);
  if (d.kind === "basic") return validateBasic(d.value);
  if (d.kind === "periodic") {
    const p = d.value;
    validateBasic(p.basic);
    const periodLimit = coinsFromProto(p.periodSpendLimit);
    if (periodLimit.length === 0) throw sdkErrors.ErrInvalidCoins.wrap("spend limit must be positive");
    coinsFromProto(p.periodCanSpend);
    const basicDenoms = new Set(p.basic.spendLimit.map((c) => c.denom));
    if (p.basic.spendLimit.length > 0 && !periodLimit.every((c) => basicDenoms.has(c.denom))) {
      throw sdkErrors.ErrInvalidCoins.wrap("period spend limit has different currency than basic spend limit");
    }
    if (isNegativeDuration(p.period)) throw feegrantErrors.ErrInvalidDuration.wrap("negative clock step");
    return;
  }
  if (!d.value.allowance) throw feegrantErrors.ErrNoAllowance.wrap("allowance should not be empty");
  if (d.value.allowedMessages.length === 0) throw feegrantErrors.ErrNoMessages.wrap("allowed messages shouldn't be empty");
  validateLevels(d.value.allowance);
}

/**
 * The allowance with every type URL in the chain's "/" form: proto JSON readers (genesis) may
 * spell an Any's type URL with the type.googleapis.com host, nested ones included.
 */
export function withChainTypeUrls(any: AnyMsg | undefined): AnyMsg | undefined {
  if (!any) return any;
  const typeUrl = any.typeUrl.replace(/^type\.googleapis\.com\//, "/");
  if (typeUrl !== ALLOWED_MSG_ALLOWANCE_URL) return { typeUrl, value: any.value };
  const d = decode({ typeUrl, value: any.value });
  return d.kind === "allowed" ? encode({ kind: "allowed", value: { ...d.value, allowance: withChainTypeUrls(d.value.allowance) } }) : any;
}

export function expiresAt(any: AnyMsg | undefined): Timestamp | undefined {
  const d = decode(any);
  if (d.kind === "basic") return d.value.expiration;
  if (d.kind === "periodic") return d.value.basic.expiration;
  return expiresAt(d.value.allowance);
}

/** A fresh periodic grant's first period starts at the block that grants it (SDK UpdatePeriodReset). */
export function startPeriod(any: AnyMsg, now: Timestamp): AnyMsg {
  const d = decode(any);
  if (d.kind === "basic") return any;
  if (d.kind === "periodic") return encode({ kind: "periodic", value: { ...d.value, periodReset: addDuration(now, d.value.period) } });
  return encode({ kind: "allowed", value: { ...d.value, allowance: startPeriod(d.value.allowance!, now) } });
}

function isExpired(expiration: Timestamp | undefined, now: Timestamp): boolean {
  return expiration !== undefined && compareTime(expiration, now) < 0;
}

function spendBasic(a: BasicAllowance, fee: Coin[], now: Timestamp): { remove: boolean; value: BasicAllowance } {
  if (isExpired(a.expiration, now)) throw feegrantErrors.ErrFeeLimitExpired.wrap("basic allowance");
  if (a.spendLimit.length === 0) return { remove: false, value: a };
  const left = safeSubCoins(coinsFromProto(a.spendLimit), fee);
  if (!left) throw feegrantErrors.ErrFeeLimitExceeded.wrap("basic allowance");
  return { remove: left.length === 0, value: { ...a, spendLimit: coinsToProto(left) } };
}

/** Starts a new period when the last one is over: can-spend refills to the lesser limit. */
function resetPeriod(p: PeriodicAllowance, now: Timestamp): PeriodicAllowance {
  if (compareTime(now, p.periodReset) < 0) return p;
  const total = coinsFromProto(p.basic.spendLimit);
  const periodLimit = coinsFromProto(p.periodSpendLimit);
  const canSpend = total.length > 0 && !safeSubCoins(total, periodLimit) ? total : periodLimit;
  let periodReset = addDuration(p.periodReset, p.period);
  if (compareTime(now, periodReset) > 0) periodReset = addDuration(now, p.period);
  return { ...p, periodCanSpend: coinsToProto(canSpend), periodReset };
}

function spendPeriodic(p: PeriodicAllowance, fee: Coin[], now: Timestamp): { remove: boolean; value: PeriodicAllowance } {
  if (isExpired(p.basic.expiration, now)) throw feegrantErrors.ErrFeeLimitExpired.wrap("absolute limit");
  const current = resetPeriod(p, now);
  const canSpend = safeSubCoins(coinsFromProto(current.periodCanSpend, true), fee);
  if (!canSpend) throw feegrantErrors.ErrFeeLimitExceeded.wrap("period limit");
  const next = { ...current, periodCanSpend: coinsToProto(canSpend) };
  if (current.basic.spendLimit.length === 0) return { remove: false, value: next };
  const left = safeSubCoins(coinsFromProto(current.basic.spendLimit), fee);
  if (!left) throw feegrantErrors.ErrFeeLimitExceeded.wrap("absolute limit");
  return { remove: left.length === 0, value: { ...next, basic: { ...next.basic, spendLimit: coinsToProto(left) } } };
}

/**
 * Spends `fee` from a packed allowance for a tx with the given message type URLs (the SDK's
 * FeeAllowanceI.Accept); throws the feegrant error that refuses it.
 */
export function acceptFee(ctx: Context, any: AnyMsg, fee: Coin[], msgTypeUrls: string[]): AcceptResult {
  const d = decode(any);
  const now = ctx.time;
  if (d.kind === "basic") {
    const r = spendBasic(d.value, fee, now);
    return { remove: r.remove, updated: encode({ kind: "basic", value: r.value }) };
  }
  if (d.kind === "periodic") {
    const r = spendPeriodic(d.value, fee, now);
    return { remove: r.remove, updated: encode({ kind: "periodic", value: r.value }) };
  }
  const allowed = new Set<string>();
  for (const url of d.value.allowedMessages) {
    ctx.gasMeter.consume(GAS_PER_ITERATION, "check msg");
    allowed.add(url);
  }
  for (const url of msgTypeUrls) {
    ctx.gasMeter.consume(GAS_PER_ITERATION, "check msg");
    if (!allowed.has(url)) throw feegrantErrors.ErrMessageNotAllowed.wrap("message does not exist in allowed messages");
  }
  const inner = acceptFee(ctx, d.value.allowance!, fee, msgTypeUrls);
  return { remove: inner.remove, updated: encode({ kind: "allowed", value: { ...d.value, allowance: inner.updated } }) };
}

/** Prefixes an AppError's message with context, keeping its code (errorsmod.Wrapf). */
export function wrapAppError(e: unknown, context: string): unknown {
  return e instanceof AppError ? new AppError(e.codespace, e.code, `${context}: ${e.message}`, e.grpcCode) : e;
}
