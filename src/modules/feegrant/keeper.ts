import { Grant } from "cosmjs-types/cosmos/feegrant/v1beta1/feegrant";
import { Schema } from "../../store/collections";
import { bytesKey, pairKey, protoValue, timestampKey as timeKey, tripleKey } from "../../store/codecs";
import { keyIndex } from "../../store/indexed-map";
import { accAddress } from "../../types/address";
import type { AnyMsg, Timestamp } from "../../types/codec";
import type { Coin } from "../../types/coins";
import type { Context } from "../../types/context";
import { sdkErrors } from "../../types/errors";
import type { DecodedTx } from "../../types/tx";
import { compareTime } from "../../types/time";
import { acceptFee, expiresAt, startPeriod, validateAllowance, wrapAppError } from "./allowances";
import { feegrantErrors } from "./errors";
import { feegrantEvents } from "./events";
import type { AccountKeeper, BankKeeper } from "./expected-keepers";

/** Expired allowances removed per MsgPruneAllowances, as the SDK's msg server. */
export const PRUNE_LIMIT_PER_MSG = 75;

/**
 * Fee allowances (grantee, granter) → Grant, an index by granter and the expiration queue.
 * The ante handler spends from them through `useGrantedFees` (AnteFeeGrantKeeper).
 */
export class FeegrantKeeper {
  private readonly schema = new Schema("feegrant/");
  readonly pairKey = pairKey(bytesKey, bytesKey);
  /** (grantee, granter) → Grant, the SDK's key order; indexed by granter for AllowancesByGranter. */
  readonly allowances = this.schema.indexedMap(1, "allowances", this.pairKey, protoValue(Grant, "Grant"), {
    byGranter: keyIndex(2, pairKey(bytesKey, bytesKey), swap, swap),
  });
  readonly queueKey = tripleKey(timeKey, bytesKey, bytesKey);
  /** (expiration, grantee, granter). */
  readonly queue = this.schema.keySet(3, "allowance_queue", this.queueKey);

  constructor(
    private readonly accounts: AccountKeeper,
    private readonly bank: BankKeeper,
  ) {}

  getAllowance(ctx: Context, granter: string, grantee: string): AnyMsg | undefined {
    return this.allowances.get(ctx, this.key(granter, grantee))?.allowance;
  }

  /** Stores a new allowance (MsgGrantAllowance, genesis); creates the grantee's account as the SDK does. */
  grantAllowance(ctx: Context, granter: string, grantee: string, allowance: AnyMsg): void {
    if (!this.accounts.hasAccount(ctx, grantee)) {
      if (this.bank.isBlocked(grantee)) throw sdkErrors.ErrUnauthorized.wrap(`${grantee} is not allowed to receive funds`);
      this.accounts.ensureAccount(ctx, grantee);
    }
    const expiration = expiresAt(allowance);
    if (expiration && compareTime(expiration, ctx.time) < 0)
      throw feegrantErrors.ErrFeeLimitExpired.wrap("expiration is before current block time");
    if (expiration) this.queue.set(ctx, [expiration, accAddress.decode(grantee), accAddress.decode(granter)]);
    const stored = ctx.mode === "genesis" ? allowance : startPeriod(allowance, ctx.time);
    this.write(ctx, granter, grantee, stored);
    feegrantEvents.feegrant(ctx, "set_feegrant", granter, grantee);
  }

  /** Deletes an allowance (MsgRevokeAllowance, or once used up); ErrNoAllowance when there is none. */
  revokeAllowance(ctx: Context, granter: string, grantee: string): void {
    const allowance = this.getAllowance(ctx, granter, grantee);
    if (!allowance) throw feegrantErrors.ErrNoAllowance.wrap("fee-grant not found");
    const expiration = expiresAt(allowance);
    if (expiration) this.queue.remove(ctx, [expiration, accAddress.decode(grantee), accAddress.decode(granter)]);
    this.remove(ctx, accAddress.decode(granter), accAddress.decode(grantee));
    feegrantEvents.feegrant(ctx, "revoke_feegrant", granter, grantee);
  }

  /** The ante hook: spends `fee` from granter's allowance to grantee, or throws why not. */
  useGrantedFees(ctx: Context, granter: string, grantee: string, fee: Coin[], tx: DecodedTx): void {
    try {
      const allowance = this.getAllowance(ctx, granter, grantee);
      if (!allowance) throw feegrantErrors.ErrNoAllowance.wrap("fee-grant not found");
      const result = acceptFee(
        ctx,
        allowance,
        fee,
        tx.msgs.map((m) => m.any.typeUrl),
      );
      if (result.remove) {
        this.revokeAllowance(ctx, granter, grantee);
        feegrantEvents.feegrant(ctx, "use_feegrant", granter, grantee);
        return;
      }
      feegrantEvents.feegrant(ctx, "use_feegrant", granter, grantee);
      this.write(ctx, granter, grantee, result.updated);
      feegrantEvents.feegrant(ctx, "update_feegrant", granter, grantee);
    } catch (e) {
      throw wrapAppError(e, `${granter} does not allow to pay fees for ${grantee}`);
    }
  }

  /** Deletes up to `limit` allowances expired before the block time (MsgPruneAllowances). */
  pruneExpired(ctx: Context, limit = PRUNE_LIMIT_PER_MSG): void {
    const due: Array<[Timestamp, Uint8Array, Uint8Array]> = [];
    for (const key of this.queue.iterate(ctx)) {
      if (due.length >= limit || compareTime(key[0], ctx.time) > 0) break;
      due.push(key);
    }
    for (const [expiration, grantee, granter] of due) {
      this.queue.remove(ctx, [expiration, grantee, granter]);
      this.remove(ctx, granter, grantee);
    }
  }

  validate(allowance: AnyMsg | undefined): void {
    validateAllowance(allowance);
  }

  private write(ctx: Context, granter: string, grantee: string, allowance: AnyMsg): void {
    this.allowances.set(ctx, this.key(granter, grantee), { granter, grantee, allowance });
  }

  private remove(ctx: Context, granter: Uint8Array, grantee: Uint8Array): void {
    this.allowances.remove(ctx, [grantee, granter]);
  }

  private key(granter: string, grantee: string): [Uint8Array, Uint8Array] {
    return [accAddress.decode(grantee), accAddress.decode(granter)];
  }
}

/** (grantee, granter) ⇄ (granter, grantee): an allowance's key and its by-granter entry. */
function swap([a, b]: [Uint8Array, Uint8Array]): [Uint8Array, Uint8Array] {
  return [b, a];
}
