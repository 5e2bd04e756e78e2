import { Grant, GrantQueueItem, type GrantAuthorization } from "cosmjs-types/cosmos/authz/v1beta1/authz";
import { Schema } from "../../store/collections";
import { bytesKey, protoValue, stringKey, timestampKey as timeKey, tripleKey } from "../../store/codecs";
import { keyIndex } from "../../store/indexed-map";
import { accAddress } from "../../types/address";
import type { AnyMsg, Timestamp } from "../../types/codec";
import { MAX_MSG_DEPTH, type Context } from "../../types/context";
import { AppError, sdkErrors } from "../../types/errors";
import { EventManager } from "../../types/events";
import type { MsgRouter } from "../../types/module";
import { genericAuthorization, sendAuthorization, type AuthorizationType } from "./authorizations";
import { authzErrors } from "./errors";
import { authzEvents } from "./events";
import { compareTime, formatTime } from "../../types/time";
import type { AccountKeeper } from "./expected-keepers";

/**
 * Deepest chain of MsgExec inside MsgExec (the outermost counts as 1); deeper is refused. The
 * app's router bounds execution for every module alike (MAX_MSG_DEPTH); this bound stops the
 * stateless validation's recursion, which runs before any execution.
 */
export const MAX_EXEC_DEPTH = MAX_MSG_DEPTH;
/** Expired grants pruned per begin block, as x/authz's BeginBlocker. */
export const PRUNE_LIMIT_PER_BLOCK = 200;

export interface StoredGrant {
  authorization: AnyMsg;
  expiration?: Timestamp;
}

/**
 * Grants (granter, grantee, message type) → Authorization, an index by grantee, and the
 * expiration queue pruned at begin block. Executes messages on a granter's behalf.
 */
export class AuthzKeeper {
  private readonly schema = new Schema("authz/");
  readonly grantKey = tripleKey(bytesKey, bytesKey, stringKey);
  /** (granter, grantee, msg type URL) → Grant, the SDK's key order; indexed by grantee for GranteeGrants. */
  readonly grants = this.schema.indexedMap(1, "grants", this.grantKey, protoValue(Grant, "Grant"), {
    byGrantee: keyIndex(2, tripleKey(bytesKey, bytesKey, stringKey), swapParties, swapParties),
  });
  readonly queueKey = tripleKey(timeKey, bytesKey, bytesKey);
  /** (expiration, granter, grantee) → the message types that expire then. */
  readonly queue = this.schema.map(3, "grant_queue", this.queueKey, protoValue(GrantQueueItem, "GrantQueueItem"));

  private router: MsgRouter | undefined;
  private readonly authorizationTypes = new Map<string, AuthorizationType>();

  constructor(private readonly accounts: AccountKeeper) {
    this.registerAuthorization(genericAuthorization);
    this.registerAuthorization(sendAuthorization);
  }

  bindRouter(router: MsgRouter): void {
    this.router = router;
  }

  /** Lets a module add its own Authorization (e.g. a staking StakeAuthorization). */
  registerAuthorization(type: AuthorizationType): void {
    if (this.authorizationTypes.has(type.typeUrl)) throw new Error(`authorization ${type.typeUrl} registered twice`);
    this.authorizationTypes.set(type.typeUrl, type);
  }

  private authorizationType(any: AnyMsg | undefined): AuthorizationType {
    const type = any ? this.authorizationTypes.get(any.typeUrl) : undefined;
    if (!any || !type) throw authzErrors.ErrUnknownAuthorizationType.wrap(`${JSON.stringify((any?.typeUrl ?? "").slice(0, 200))}`);
    return type;
  }

  /** Stateless check of a packed authorization; returns the message type URL it grants. */
  validateAuthorization(any: AnyMsg | undefined): string {
    const type = this.authorizationType(any);
    try {
      type.validate(any!.value);
      return type.msgTypeUrl(any!.value);
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw sdkErrors.ErrUnpackAny.wrap(`${type.typeUrl}: ${(e as Error).message}`);
    }
  }

  /**
   * Grants `grantee` the right to run the authorization's message type for `granter`,
   * replacing any grant of that type (MsgGrant; other modules call it directly).
   */
  grant(ctx: Context, granter: string, grantee: string, authorization: AnyMsg, expiration?: Timestamp): void {
    accAddress.validate(granter);
    accAddress.validate(grantee);
    if (granter === grantee) throw authzErrors.ErrGranteeIsGranter.wrap();
    const msgTypeUrl = this.validateAuthorization(authorization);
    this.accounts.ensureAccount(ctx, grantee);
    if (this.router && !this.router.has(msgTypeUrl)) throw sdkErrors.ErrInvalidType.wrap(`${msgTypeUrl} doesn't exist.`);
    this.saveGrant(ctx, granter, grantee, msgTypeUrl, authorization, expiration);
  }

  private saveGrant(
    ctx: Context,
    granter: string,
    grantee: string,
    msgTypeUrl: string,
    authorization: AnyMsg,
    expiration?: Timestamp,
  ): void {
    if (expiration && compareTime(expiration, ctx.time) <= 0) {
      throw authzErrors.ErrInvalidExpirationTime.wrap(
        `expiration must be after the current block time (${formatTime(ctx.time)}), got ${formatTime(expiration)}`,
      );
    }
    const key = this.key(granter, grantee, msgTypeUrl);
    const oldExpiration = this.grants.get(ctx, key)?.expiration;
    const sameExpiration = oldExpiration !== undefined && expiration !== undefined && compareTime(oldExpiration, expiration) === 0;
    if (oldExpiration && !sameExpiration) this.dequeue(ctx, oldExpiration, granter, grantee, msgTypeUrl);
    if (expiration && !sameExpiration) this.enqueue(ctx, expiration, granter, grantee, msgTypeUrl);
    this.grants.set(ctx, key, { authorization, expiration });
    authzEvents.grant(ctx, msgTypeUrl, granter, grantee);
  }

  /** Removes a grant (MsgRevoke); throws ErrNoAuthorizationFound when there is none. */
  revoke(ctx: Context, granter: string, grantee: string, msgTypeUrl: string): void {
    const key = this.key(granter, grantee, msgTypeUrl);
    const grant = this.grants.get(ctx, key);
    if (!grant)
      throw authzErrors.ErrNoAuthorizationFound.wrap(
        `failed to delete grant with granter ${granter}, grantee ${grantee}, msg type ${msgTypeUrl}`,
      );
    if (grant.expiration) this.dequeue(ctx, grant.expiration, granter, grantee, msgTypeUrl);
    this.removeGrant(ctx, key);
    authzEvents.revoke(ctx, msgTypeUrl, granter, grantee);
  }

  /** The live (unexpired) grant, if any; the stored authorization as a packed Any. */
  getAuthorization(ctx: Context, granter: string, grantee: string, msgTypeUrl: string): StoredGrant | undefined {
    const grant = this.grants.get(ctx, this.key(granter, grantee, msgTypeUrl));
    if (!grant?.authorization || this.isExpired(ctx, grant)) return undefined;
    return { authorization: grant.authorization, expiration: grant.expiration };
  }

  /** Every grant `granter` gave, in key order (expired ones not yet pruned included). */
  granterGrants(ctx: Context, granter: string): GrantAuthorization[] {
    const out: GrantAuthorization[] = [];
    for (const [[, grantee], grant] of this.grants.iterate(ctx, { prefix: this.grantKey.prefix(accAddress.decode(granter)) })) {
      out.push({ granter, grantee: accAddress.encode(grantee), authorization: grant.authorization, expiration: grant.expiration });
    }
    return out;
  }

  /**
   * Runs `msgs` for their signers, the SDK's DispatchActions: a message signed by `grantee`
   * runs as is; any other needs a live grant from its signer, whose authorization decides.
   * Returns each message's response bytes.
   */
  dispatch(ctx: Context, grantee: string, msgs: AnyMsg[]): Uint8Array[] {
    const router = this.requireRouter();
    return msgs.map((msg, index) => {
      const signers = router.signersOf(msg);
      if (signers.length !== 1) throw authzErrors.ErrAuthorizationNumOfSigners.wrap();
      const granter = signers[0];
      if (granter !== grantee) this.useGrant(ctx, granter, grantee, msg);
      return this.executeIndexed(ctx, router, msg, index);
    });
  }

  private useGrant(ctx: Context, granter: string, grantee: string, msg: AnyMsg): void {
    const key = this.key(granter, grantee, msg.typeUrl);
    const grant = this.grants.get(ctx, key);
    if (!grant?.authorization) {
      throw authzErrors.ErrNoAuthorizationFound.wrap(
        `failed to get grant with given granter: ${granter}, grantee: ${grantee} & msgType: ${msg.typeUrl}`,
      );
    }
    if (this.isExpired(ctx, grant)) throw authzErrors.ErrAuthorizationExpired.wrap();
    const response = this.authorizationType(grant.authorization).accept(ctx, grant.authorization.value, msg);
    if (response.delete) this.revoke(ctx, granter, grantee, msg.typeUrl);
    else if (response.updated) this.grants.set(ctx, key, { ...grant, authorization: response.updated });
    if (!response.accept) throw sdkErrors.ErrUnauthorized.wrap();
  }

  /** Runs one message in its own branch; its events carry `authz_msg_index` as in the SDK. */
  private executeIndexed(ctx: Context, router: MsgRouter, msg: AnyMsg, index: number): Uint8Array {
    const events = new EventManager();
    let response: AnyMsg;
    try {
      response = router.execute(ctx.withEvents(events), msg);
    } catch (e) {
      if (e instanceof AppError)
        throw new AppError(e.codespace, e.code, `failed to execute message; message ${index}: ${e.message}`, e.grpcCode);
      throw e;
    }
    ctx.events.append(
      events.events.map((event) => ({
        ...event,
        attributes: [...event.attributes, { key: "authz_msg_index", value: String(index), index: true }],
      })),
    );
    return response.value;
  }

  /** Deletes up to `limit` grants whose expiration is at or before the block time. */
  /** BeginBlocker: expired grants leave state at the first block past their expiration. */
  beginBlock(ctx: Context): void {
    this.pruneExpired(ctx);
  }

  pruneExpired(ctx: Context, limit = PRUNE_LIMIT_PER_BLOCK): void {
    const due: Array<[[Timestamp, Uint8Array, Uint8Array], GrantQueueItem]> = [];
    for (const entry of this.queue.iterate(ctx)) {
      if (due.length >= limit || compareTime(entry[0][0], ctx.time) > 0) break;
      due.push(entry);
    }
    for (const [[expiration, granter, grantee], item] of due) {
      this.queue.remove(ctx, [expiration, granter, grantee]);
      for (const msgTypeUrl of item.msgTypeUrls) this.removeGrant(ctx, [granter, grantee, msgTypeUrl]);
    }
  }

  isExpired(ctx: Context, grant: Grant): boolean {
    return grant.expiration !== undefined && compareTime(grant.expiration, ctx.time) < 0;
  }

  private removeGrant(ctx: Context, [granter, grantee, msgTypeUrl]: [Uint8Array, Uint8Array, string]): void {
    this.grants.remove(ctx, [granter, grantee, msgTypeUrl]);
  }

  private enqueue(ctx: Context, expiration: Timestamp, granter: string, grantee: string, msgTypeUrl: string): void {
    const key: [Timestamp, Uint8Array, Uint8Array] = [expiration, accAddress.decode(granter), accAddress.decode(grantee)];
    const item = this.queue.get(ctx, key) ?? { msgTypeUrls: [] };
    if (!item.msgTypeUrls.includes(msgTypeUrl)) item.msgTypeUrls.push(msgTypeUrl);
    this.queue.set(ctx, key, item);
  }

  private dequeue(ctx: Context, expiration: Timestamp, granter: string, grantee: string, msgTypeUrl: string): void {
    const key: [Timestamp, Uint8Array, Uint8Array] = [expiration, accAddress.decode(granter), accAddress.decode(grantee)];
    const item = this.queue.get(ctx, key);
    if (!item) return;
    const rest = item.msgTypeUrls.filter((url) => url !== msgTypeUrl);
    if (rest.length === 0) this.queue.remove(ctx, key);
    else this.queue.set(ctx, key, { msgTypeUrls: rest });
  }

  private key(granter: string, grantee: string, msgTypeUrl: string): [Uint8Array, Uint8Array, string] {
    return [accAddress.decode(granter), accAddress.decode(grantee), msgTypeUrl];
  }

  private requireRouter(): MsgRouter {
    if (!this.router) throw sdkErrors.ErrLogic.wrap("authz keeper has no message router");
    return this.router;
  }
}

/** (granter, grantee, msg type) ⇄ (grantee, granter, msg type): a grant's key and its by-grantee entry. */
function swapParties([a, b, msgTypeUrl]: [Uint8Array, Uint8Array, string]): [Uint8Array, Uint8Array, string] {
  return [b, a, msgTypeUrl];
}
