import type { PageRequest as ProtoPageRequest, PageResponse as ProtoPageResponse } from "cosmjs-types/cosmos/base/query/v1beta1/pagination";
import type { Page, PageRequest } from "../store/pagination";
import { PaginationError } from "../store/pagination";
import type { Codec } from "./codec";
import type { Context } from "./context";
import { AppError, GrpcCode, sdkErrors, type ErrorKind } from "./errors";
import type { MsgDef, QueryDef } from "./module";
import { accAddress } from "./address";
import { requireAuthority, type AuthorityRefusal } from "./authority";
import { grpcPath, httpGetRoute, rpcOf, typeUrlOf, type NamedCodec } from "./descriptors";

/**
 * Declares a message. Its type URL is the codec's proto name. The signer is the named string
 * field (the proto's `cosmos.msg.v1.signer`), or a function for messages with several (MultiSend
 * inputs). `validate` (the SDK's ValidateBasic) may return the message's parsed form (coins,
 * decimals, decoded addresses): `handle` receives it, so the input is parsed once, at the door;
 * without one, `handle` receives the message itself.
 */
export function defineMsg<M, R, P = M>(def: {
  codec: Codec<M> & NamedCodec;
  responseCodec: Codec<R>;
  signer: keyof M | ((msg: M) => string[]);
  aminoName?: string;
  validate?: (msg: M) => P | void;
  handle: (ctx: Context, msg: M, parsed: P) => R;
}): MsgDef<M, R, P> {
  const signer = def.signer;
  return {
    typeUrl: typeUrlOf(def.codec),
    codec: def.codec,
    responseCodec: def.responseCodec,
    aminoName: def.aminoName,
    validate: def.validate,
    handle: def.handle,
    signers: typeof signer === "function" ? signer : (msg: M) => [String(msg[signer])],
    signerField: typeof signer === "function" ? undefined : String(signer),
  };
}

/**
 * Declares a governance-only message: signed by its `authority` field, which must be the gov
 * module account (checked when it executes, so a proposal carrying it passes), refused with the
 * module's own invalid-signer error. The SDK's base modules leave `invalidSigner` out and answer
 * with x/gov's ErrInvalidSigner, as the SDK does.
 */
export function defineAuthorityMsg<M extends { authority: string }, R, P = M>(def: {
  codec: Codec<M> & NamedCodec;
  responseCodec: Codec<R>;
  aminoName?: string;
  invalidSigner?: ErrorKind | AuthorityRefusal;
  validate?: (msg: M) => P | void;
  handle: (ctx: Context, msg: M, parsed: P) => R;
}): MsgDef<M, R, P> {
  return defineMsg<M, R, P>({
    codec: def.codec,
    responseCodec: def.responseCodec,
    signer: "authority",
    aminoName: def.aminoName,
    validate: def.validate,
    handle: (ctx, m, parsed) => {
      requireAuthority(m.authority, def.invalidSigner);
      return def.handle(ctx, m, parsed);
    },
  });
}

/**
 * Declares a governance-only MsgUpdateParams: params required and validated statelessly (also
 * at gov proposal submission), authority check with the module's error kind, stored whole.
 */
export function defineUpdateParamsMsg<M extends { authority: string; params?: unknown }, R>(def: {
  codec: Codec<M> & NamedCodec;
  responseCodec: Codec<R>;
  aminoName?: string;
  invalidSigner?: ErrorKind;
  /** The error for a message without params; sdk ErrInvalidRequest when left out. */
  missingParams?: ErrorKind;
  /** Throws on invalid params; may return a canonical form, which is stored instead of the params as sent. */
  validate?: (params: NonNullable<M["params"]>) => NonNullable<M["params"]> | void;
  store: { set(ctx: Context, params: NonNullable<M["params"]>): void };
  /** Runs after the params are stored (an event). */
  onUpdated?: (ctx: Context, params: NonNullable<M["params"]>) => void;
}): MsgDef<M, R, NonNullable<M["params"]>> {
  return defineAuthorityMsg<M, R, NonNullable<M["params"]>>({
    codec: def.codec,
    responseCodec: def.responseCodec,
    aminoName: def.aminoName,
    invalidSigner: def.invalidSigner,
    // Stateless, so it also runs when a gov proposal carrying the message is submitted: invalid
    // params are refused then, not after the voting period.
    validate: (m) => {
      const sent = m.params as NonNullable<M["params"]> | undefined;
      if (!sent) throw (def.missingParams ?? sdkErrors.ErrInvalidRequest).wrap("params must be set");
      return def.validate?.(sent) ?? sent;
    },
    handle: (ctx, _m, params) => {
      def.store.set(ctx, params);
      def.onUpdated?.(ctx, params);
      return def.responseCodec.fromPartial({});
    },
  });
}

/**
 * Declares a query served at the gRPC path of the rpc whose request the codec encodes, and over
 * REST at that rpc's `google.api.http` GET route when the proto carries one. `rest: false` keeps
 * an annotated rpc off REST (a route another rpc's template already claims).
 */
export function defineQuery<Q, R>(def: {
  requestCodec: Codec<Q> & NamedCodec;
  responseCodec: Codec<R>;
  rest?: false;
  handle: (ctx: Context, req: Q) => R;
}): QueryDef<Q, R> {
  const rpc = rpcOf(def.requestCodec);
  const route = def.rest === false ? undefined : httpGetRoute(rpc);
  return {
    path: grpcPath(rpc),
    requestCodec: def.requestCodec,
    responseCodec: def.responseCodec,
    rest: route ? { path: route } : undefined,
    handle: def.handle,
  };
}

/** gRPC-style query errors, as the SDK's query servers return them with status.Error. */
export const queryErrors = {
  notFound: (message: string) => new AppError("sdk", sdkErrors.ErrKeyNotFound.code, message, GrpcCode.NotFound),
  invalidArgument: (message: string) => new AppError("sdk", sdkErrors.ErrInvalidRequest.code, message, GrpcCode.InvalidArgument),
};

/** Validates a bech32 account address in a query request (InvalidArgument, as the SDK answers). */
export function queryAddress(address: string, field = "address"): string {
  if (address === "") throw queryErrors.invalidArgument(`${field} cannot be empty`);
  if (!accAddress.isValid(address)) throw queryErrors.invalidArgument(`invalid ${field}: ${JSON.stringify(address.slice(0, 100))}`);
  return address;
}

/** cosmos.base.query PageRequest → the store's pagination request. */
export function pageRequest(p: ProtoPageRequest | undefined): PageRequest {
  if (!p) return {};
  return { key: p.key.length > 0 ? p.key : undefined, offset: p.offset, limit: p.limit, countTotal: p.countTotal, reverse: p.reverse };
}

export function pageResponse<T>(page: Page<T>): ProtoPageResponse {
  return { nextKey: page.nextKey, total: page.total };
}

/** A Get query's answer: the value, or NotFound carrying `message`. */
export function orNotFound<T>(value: T | undefined, message: string): T {
  if (value === undefined) throw queryErrors.notFound(message);
  return value;
}

/**
 * A List query's answer: one page of a collection's values under the response's repeated
 * `field`, with its pagination. Malformed page requests are InvalidArgument.
 */
export function valuesPage<F extends string, V>(
  ctx: Context,
  collection: { paginate(ctx: Context, req: PageRequest): Page<[unknown, V]> },
  pagination: ProtoPageRequest | undefined,
  field: F,
): Record<F, V[]> & { pagination: ProtoPageResponse } {
  const page = paginated(() => collection.paginate(ctx, pageRequest(pagination)));
  return { [field]: page.items.map(([, v]) => v), pagination: pageResponse(page) } as Record<F, V[]> & { pagination: ProtoPageResponse };
}

/** Runs a paginated read, turning malformed page requests into InvalidArgument. */
export function paginated<T>(fn: () => Page<T>): Page<T> {
  try {
    return fn();
  } catch (e) {
    if (e instanceof PaginationError) throw queryErrors.invalidArgument(e.message);
    throw e;
  }
}
