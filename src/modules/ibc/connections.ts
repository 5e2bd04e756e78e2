/**
 * ICS-03 connections over the `ibc` store, as ibc-go v10's 03-connection keeper: connection ends
 * at `connections/{id}`, each client's connection list at `clients/{id}/connections`, the
 * four-step handshake, and the proofs of the counterparty's state that channels and packets
 * verify through a connection (its client, its counterparty's prefix, its delay period).
 *
 * v10 no longer checks, in Try and Ack, the counterparty's client of this chain (its client and
 * consensus states): only the counterparty's connection end is proved.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { Channel } from "../../gen/ibc/core/channel/v1/channel";
import type { Height } from "../../gen/ibc/core/client/v1/client";
import {
  ClientPaths,
  ConnectionEnd,
  Params,
  State,
  type Counterparty,
  type IdentifiedConnection,
  type Version,
} from "../../gen/ibc/core/connection/v1/connection";
import type { StoreCtx } from "../../store/collections";
import type { Context } from "../../types/context";
import type { ClientKeeper } from "./clients";
import { clientErrors, commitmentErrors, connectionErrors, ibcErrors, wrapped } from "./errors";
import { connectionEvents } from "./events";
import { hostPaths, validateClientId, validateConnectionId } from "./host";
import { LOCALHOST_CLIENT_ID, LOCALHOST_CONNECTION_ID } from "./light-clients/localhost";
import { ibcStore, readUint64BigEndian, uint64BigEndian } from "./store";

/** core/errors' ErrInvalidVersion (codespace "ibc"), which connection ends and Try messages use. */

/** ibc-go's DefaultIBCVersion: identifier "1" with both channel orderings. */
export const DEFAULT_IBC_VERSION_ID = "1";
export const SUPPORTED_ORDERINGS: readonly string[] = ["ORDER_ORDERED", "ORDER_UNORDERED"];
/** ibc-go's GetCompatibleVersions (a fresh copy: callers store it). */
export const compatibleVersions = (): Version[] => [{ identifier: DEFAULT_IBC_VERSION_ID, features: [...SUPPORTED_ORDERINGS] }];

/** ibc-go's DefaultParams: 30 s expected per block (ns), from which block delays are derived. */
export const DEFAULT_CONNECTION_PARAMS: Params = { maxExpectedTimePerBlock: 30_000_000_000n };

/** The commitment prefix this chain proves its IBC state under: the `ibc` store's name. */
export const COMMITMENT_PREFIX = new TextEncoder().encode("ibc");

/** 03-connection's ParamsKey in the `ibc` store. */
const PARAMS_PATH = "connectionParams";
const CONNECTIONS_PREFIX = "connections/";
const CONNECTION_ID = /^connection-([0-9]{1,20})$/;

const text = (b: Uint8Array) => Buffer.from(b).toString("utf8");

// ---- versions (03-connection/types/version.go) ----

/** ValidateVersion: an identifier, at most 100 non-blank features. */
export function validateVersion(v: Version | undefined): void {
  if (!v) throw connectionErrors.ErrInvalidVersion.wrap("version cannot be nil");
  if (v.identifier.trim() === "") throw connectionErrors.ErrInvalidVersion.wrap("version identifier cannot be blank");
  if (v.features.length > 100) throw connectionErrors.ErrInvalidVersion.wrap("features length must not exceed 100 items");
  v.features.forEach((f, i) => {
    if (f.trim() === "") throw connectionErrors.ErrInvalidVersion.wrap(`feature cannot be blank, index ${i}`);
  });
}

const findVersion = (id: string, among: readonly Version[]) => among.find((v) => v.identifier === id);

/** IsSupportedVersion: a supported version of that identifier offers every proposed feature (and some). */
export function isSupportedVersion(supported: readonly Version[], proposed: Version): boolean {
  const s = findVersion(proposed.identifier, supported);
  if (!s) return false;
  // Version "1" allows no empty feature set.
  if (proposed.features.length === 0) return false;
  return proposed.features.every((f) => s.features.includes(f));
}

/** PickVersion: the first of ours the counterparty also offers, with the features both have. */
export function pickVersion(supported: readonly Version[], counterparty: readonly Version[]): Version {
  for (const s of supported) {
    const c = findVersion(s.identifier, counterparty);
    if (!c) continue;
    const features = s.features.filter((f) => c.features.includes(f));
    if (features.length === 0) continue;
    return { identifier: s.identifier, features };
  }
  throw connectionErrors.ErrVersionNegotiationFailed.wrap(
    `failed to find a matching counterparty version (${fmtVersions(counterparty)}) from the supported version list (${fmtVersions(supported)})`,
  );
}

const fmtVersions = (vs: readonly Version[]) => vs.map((v) => `${v.identifier}:[${v.features.join(",")}]`).join(" ");

// ---- validation (03-connection/types/connection.go) ----

/** Counterparty.ValidateBasic. */
export function validateCounterparty(c: Counterparty | undefined): void {
  const connectionId = c?.connectionId ?? "";
  if (connectionId !== "") wrapped("invalid counterparty connection ID", () => validateConnectionId(connectionId));
  wrapped("invalid counterparty client ID", () => validateClientId(c?.clientId ?? ""));
  if ((c?.prefix?.keyPrefix.length ?? 0) === 0) throw connectionErrors.ErrInvalidCounterparty.wrap("counterparty prefix cannot be empty");
}

/** ConnectionEnd.ValidateBasic (genesis). */
export function validateConnectionEnd(c: ConnectionEnd | IdentifiedConnection): void {
  wrapped("invalid client ID", () => validateClientId(c.clientId));
  if (c.versions.length === 0) throw ibcErrors.ErrInvalidVersion.wrap("empty connection versions");
  c.versions.forEach(validateVersion);
  validateCounterparty(c.counterparty);
}

/** ParseConnectionSequence: `connection-{N}`, N a uint64. */
export function parseConnectionSequence(id: string): bigint {
  const m = CONNECTION_ID.exec(id);
  if (!m || BigInt(m[1]!) >= 2n ** 64n) {
    throw connectionErrors.ErrInvalidConnectionIdentifier.wrap("connection identifier is not in the format: `connection-{N}`");
  }
  return BigInt(m[1]!);
}

export const isValidConnectionId = (id: string): boolean => CONNECTION_ID.test(id) && BigInt(id.slice("connection-".length)) < 2n ** 64n;

/** A normalised copy: the counterparty and its prefix always present, as gogoproto marshals them (non-nullable). */
function connectionEnd(state: State, clientId: string, counterparty: Counterparty | undefined, versions: Version[], delayPeriod: bigint) {
  return {
    clientId,
    versions,
    state,
    counterparty: {
      clientId: counterparty?.clientId ?? "",
      connectionId: counterparty?.connectionId ?? "",
      prefix: { keyPrefix: counterparty?.prefix?.keyPrefix ?? new Uint8Array() },
    },
    delayPeriod,
  } satisfies ConnectionEnd;
}

/** ApplyPrefix's check, made before the client is asked (so it is not wrapped as a verification failure). */
function counterpartyPrefix(connection: ConnectionEnd): Uint8Array {
  const prefix = connection.counterparty?.prefix?.keyPrefix ?? new Uint8Array();
  if (prefix.length === 0) throw commitmentErrors.ErrInvalidPrefix.wrap("prefix can't be empty");
  return prefix;
}

const stateName = (s: State) => State[s] ?? String(s);

/** The connection is in `want` (handshake steps; OPEN for channels and packets), or ErrInvalidConnectionState. */
export function requireConnectionState(connection: ConnectionEnd, want: State): void {
  if (connection.state !== want) {
    const wanted = stateName(want).replace(/^STATE_/, "");
    throw connectionErrors.ErrInvalidConnectionState.wrap(`connection state is not ${wanted} (got ${stateName(connection.state)})`);
  }
}

export class ConnectionKeeper {
  constructor(private readonly clients: ClientKeeper) {}

  // ---- state ----

  getConnection(ctx: StoreCtx, connectionId: string): ConnectionEnd | undefined {
    const raw = ibcStore.get(ctx, hostPaths.connection(connectionId));
    return raw === undefined ? undefined : ConnectionEnd.decode(raw);
  }

  setConnection(ctx: StoreCtx, connectionId: string, c: ConnectionEnd): void {
    ibcStore.set(ctx, hostPaths.connection(connectionId), ConnectionEnd.encode(c).finish());
  }

  /** Every connection end, in id (byte) order, as ibc-go's IterateConnections. */
  *connections(ctx: StoreCtx): IterableIterator<IdentifiedConnection> {
    for (const [path, value] of ibcStore.prefixed(ctx, CONNECTIONS_PREFIX)) {
      const id = text(path).slice(CONNECTIONS_PREFIX.length);
      yield { id, ...ConnectionEnd.decode(value) };
    }
  }

  clientConnectionPaths(ctx: StoreCtx, clientId: string): string[] | undefined {
    const raw = ibcStore.get(ctx, hostPaths.clientConnections(clientId));
    return raw === undefined ? undefined : ClientPaths.decode(raw).paths;
  }

  setClientConnectionPaths(ctx: StoreCtx, clientId: string, paths: string[]): void {
    ibcStore.set(ctx, hostPaths.clientConnections(clientId), ClientPaths.encode({ paths }).finish());
  }

  nextConnectionSequence(ctx: StoreCtx): bigint {
    const raw = ibcStore.get(ctx, hostPaths.nextConnectionSequence());
    return raw === undefined ? 0n : readUint64BigEndian(raw);
  }

  setNextConnectionSequence(ctx: StoreCtx, n: bigint): void {
    ibcStore.set(ctx, hostPaths.nextConnectionSequence(), uint64BigEndian(n));
  }

  params(ctx: StoreCtx): Params {
    const raw = ibcStore.get(ctx, PARAMS_PATH);
    return raw === undefined ? DEFAULT_CONNECTION_PARAMS : Params.decode(raw);
  }

  setParams(ctx: StoreCtx, p: Params): void {
    ibcStore.set(ctx, PARAMS_PATH, Params.encode(p).finish());
  }

  /** ibc-go's CreateSentinelLocalhostConnection, written at every genesis: OPEN, 09-localhost on both ends. */
  createSentinelLocalhostConnection(ctx: StoreCtx): void {
    const counterparty = { clientId: LOCALHOST_CLIENT_ID, connectionId: LOCALHOST_CONNECTION_ID, prefix: { keyPrefix: COMMITMENT_PREFIX } };
    this.setConnection(
      ctx,
      LOCALHOST_CONNECTION_ID,
      connectionEnd(State.STATE_OPEN, LOCALHOST_CLIENT_ID, counterparty, compatibleVersions(), 0n),
    );
  }

  private generateConnectionId(ctx: StoreCtx): string {
    const seq = this.nextConnectionSequence(ctx);
    this.setNextConnectionSequence(ctx, seq + 1n);
    return `connection-${seq}`;
  }

  /** addConnectionToClient: the client must exist; the id is appended to its list. */
  private addConnectionToClient(ctx: StoreCtx, clientId: string, connectionId: string): void {
    if (!this.clients.clientStateAny(ctx, clientId)) throw clientErrors.ErrClientNotFound.wrap(clientId);
    this.setClientConnectionPaths(ctx, clientId, [...(this.clientConnectionPaths(ctx, clientId) ?? []), connectionId]);
  }

  // ---- handshake ----

  /** ConnOpenInit (chain A): a new INIT end proposing `version` (or every compatible one). */
  openInit(
    ctx: Context,
    clientId: string,
    counterparty: Counterparty | undefined,
    version: Version | undefined,
    delayPeriod: bigint,
  ): string {
    let versions = compatibleVersions();
    if (version) {
      if (!isSupportedVersion(versions, version)) throw connectionErrors.ErrInvalidVersion.wrap("version is not supported");
      versions = [version];
    }
    const status = this.clients.status(ctx, clientId);
    if (status !== "Active") throw clientErrors.ErrClientNotActive.wrap(`client (${clientId}) status is ${status}`);
    const connectionId = this.generateConnectionId(ctx);
    this.addConnectionToClient(ctx, clientId, connectionId);
    const end = connectionEnd(State.STATE_INIT, clientId, counterparty, versions, delayPeriod);
    this.setConnection(ctx, connectionId, end);
    connectionEvents.openInit(ctx, connectionId, clientId, end.counterparty);
    return connectionId;
  }

  /** ConnOpenTry (chain B): proves A's INIT end naming our client and prefix, stores a TRYOPEN end. */
  openTry(
    ctx: Context,
    counterparty: Counterparty | undefined,
    delayPeriod: bigint,
    clientId: string,
    counterpartyVersions: Version[],
    proofInit: Uint8Array,
    proofHeight: Height | undefined,
  ): string {
    const connectionId = this.generateConnectionId(ctx);
    const expected = connectionEnd(
      State.STATE_INIT,
      counterparty?.clientId ?? "",
      { clientId, connectionId: "", prefix: { keyPrefix: COMMITMENT_PREFIX } },
      counterpartyVersions,
      delayPeriod,
    );
    const version = pickVersion(compatibleVersions(), counterpartyVersions);
    const end = connectionEnd(State.STATE_TRYOPEN, clientId, counterparty, [version], delayPeriod);
    this.verifyConnectionState(ctx, end, proofHeight, proofInit, end.counterparty.connectionId, expected);
    wrapped(`failed to add connection with ID ${connectionId} to client with ID ${clientId}`, () =>
      this.addConnectionToClient(ctx, clientId, connectionId),
    );
    this.setConnection(ctx, connectionId, end);
    connectionEvents.openTry(ctx, connectionId, clientId, end.counterparty);
    return connectionId;
  }

  /** ConnOpenAck (chain A): proves B's TRYOPEN end, opens ours with B's chosen version. */
  openAck(
    ctx: Context,
    connectionId: string,
    version: Version | undefined,
    counterpartyConnectionId: string,
    proofTry: Uint8Array,
    proofHeight: Height | undefined,
  ): void {
    const end = this.getConnection(ctx, connectionId);
    if (!end) throw connectionErrors.ErrConnectionNotFound.wrap(connectionId);
    requireConnectionState(end, State.STATE_INIT);
    const chosen = version ?? { identifier: "", features: [] };
    if (!isSupportedVersion(end.versions, chosen)) {
      throw connectionErrors.ErrInvalidConnectionState.wrap(
        `the counterparty selected version ${fmtVersions([chosen])} is not supported by versions selected on INIT`,
      );
    }
    const expected = connectionEnd(
      State.STATE_TRYOPEN,
      end.counterparty?.clientId ?? "",
      { clientId: end.clientId, connectionId, prefix: { keyPrefix: COMMITMENT_PREFIX } },
      [chosen],
      end.delayPeriod,
    );
    this.verifyConnectionState(ctx, end, proofHeight, proofTry, counterpartyConnectionId, expected);
    const open = connectionEnd(
      State.STATE_OPEN,
      end.clientId,
      { ...end.counterparty!, connectionId: counterpartyConnectionId },
      [chosen],
      end.delayPeriod,
    );
    this.setConnection(ctx, connectionId, open);
    connectionEvents.openAck(ctx, connectionId, open);
  }

  /** ConnOpenConfirm (chain B): proves A's end is OPEN, opens ours. */
  openConfirm(ctx: Context, connectionId: string, proofAck: Uint8Array, proofHeight: Height | undefined): void {
    const end = this.getConnection(ctx, connectionId);
    if (!end) throw connectionErrors.ErrConnectionNotFound.wrap(connectionId);
    requireConnectionState(end, State.STATE_TRYOPEN);
    const expected = connectionEnd(
      State.STATE_OPEN,
      end.counterparty?.clientId ?? "",
      { clientId: end.clientId, connectionId, prefix: { keyPrefix: COMMITMENT_PREFIX } },
      end.versions,
      end.delayPeriod,
    );
    this.verifyConnectionState(ctx, end, proofHeight, proofAck, end.counterparty?.connectionId ?? "", expected);
    const open = connectionEnd(State.STATE_OPEN, end.clientId, end.counterparty, end.versions, end.delayPeriod);
    this.setConnection(ctx, connectionId, open);
    connectionEvents.openConfirm(ctx, connectionId, open);
  }

  // ---- proofs of the counterparty's state (verify.go) ----

  /** The counterparty stores `expected` at `connections/{connectionId}` (no delay: handshakes skip it). */
  verifyConnectionState(
    ctx: Context,
    connection: ConnectionEnd,
    height: Height | undefined,
    proof: Uint8Array,
    connectionId: string,
    expected: ConnectionEnd,
  ): void {
    const value = ConnectionEnd.encode(expected).finish();
    this.verify(ctx, connection, height, proof, hostPaths.connection(connectionId), value, false, "connection state");
  }

  verifyChannelState(
    ctx: Context,
    connection: ConnectionEnd,
    height: Height,
    proof: Uint8Array,
    portId: string,
    channelId: string,
    channel: Channel,
  ): void {
    const value = Channel.encode(channel).finish();
    this.verify(ctx, connection, height, proof, hostPaths.channel(portId, channelId), value, false, "channel state");
  }

  verifyPacketCommitment(
    ctx: Context,
    connection: ConnectionEnd,
    height: Height,
    proof: Uint8Array,
    portId: string,
    channelId: string,
    sequence: bigint,
    commitment: Uint8Array,
  ): void {
    const path = hostPaths.packetCommitment(portId, channelId, sequence);
    this.verify(ctx, connection, height, proof, path, commitment, true, "packet commitment");
  }

  /** `acknowledgement` is the raw ack: the counterparty stores its sha256 (CommitAcknowledgement). */
  verifyPacketAcknowledgement(
    ctx: Context,
    connection: ConnectionEnd,
    height: Height,
    proof: Uint8Array,
    portId: string,
    channelId: string,
    sequence: bigint,
    acknowledgement: Uint8Array,
  ): void {
    const path = hostPaths.packetAcknowledgement(portId, channelId, sequence);
    this.verify(ctx, connection, height, proof, path, sha256(acknowledgement), true, "packet acknowledgement");
  }

  verifyPacketReceiptAbsence(
    ctx: Context,
    connection: ConnectionEnd,
    height: Height,
    proof: Uint8Array,
    portId: string,
    channelId: string,
    sequence: bigint,
  ): void {
    const path = hostPaths.packetReceipt(portId, channelId, sequence);
    this.verify(ctx, connection, height, proof, path, undefined, true, "packet receipt absence");
  }

  verifyNextSequenceRecv(
    ctx: Context,
    connection: ConnectionEnd,
    height: Height,
    proof: Uint8Array,
    portId: string,
    channelId: string,
    nextSequenceRecv: bigint,
  ): void {
    const path = hostPaths.nextSequenceRecv(portId, channelId);
    this.verify(ctx, connection, height, proof, path, uint64BigEndian(nextSequenceRecv), true, "next sequence receive");
  }

  /**
   * getBlockDelay: the connection's time delay in blocks, rounded up, at the expected time per
   * block (0 when that param is 0). ibc-go divides in float64; integers give the same result
   * for any delay below 2^53 ns (104 days).
   */
  blockDelay(ctx: StoreCtx, connection: ConnectionEnd): bigint {
    const perBlock = this.params(ctx).maxExpectedTimePerBlock;
    if (perBlock === 0n) return 0n;
    return (connection.delayPeriod + perBlock - 1n) / perBlock;
  }

  /**
   * Asks the connection's client for a proof, under the counterparty's prefix, of `value` at
   * `path` (of its absence when `value` is undefined), failures wrapped as ibc-go's verify.go
   * wraps them. Packet proofs wait out the connection's delay; handshake proofs do not.
   */
  private verify(
    ctx: Context,
    connection: ConnectionEnd,
    height: Height | undefined,
    proof: Uint8Array,
    path: string,
    value: Uint8Array | undefined,
    withDelay: boolean,
    what: string,
  ): void {
    const clientId = connection.clientId;
    const prefix = counterpartyPrefix(connection);
    wrapped(`failed ${what} verification for client (${clientId})`, () => {
      const args = {
        clientId,
        height: height ?? { revisionNumber: 0n, revisionHeight: 0n },
        proof,
        prefix,
        path,
        delayTimePeriod: withDelay ? connection.delayPeriod : 0n,
        delayBlockPeriod: withDelay ? this.blockDelay(ctx, connection) : 0n,
      };
      if (value === undefined) this.clients.verifyNonMembership(ctx, args);
      else this.clients.verifyMembership(ctx, { ...args, value });
    });
  }
}
