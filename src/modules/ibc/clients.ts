/**
 * ICS-02 clients over the `ibc` store, as ibc-go v10's 02-client keeper with its 07-tendermint
 * light-client module: client and consensus states at their ICS-24 paths (Any-wrapped), the
 * consensus-state metadata 07-tendermint keeps next to them (processed time and height, the
 * height-ordered iteration keys), creation, updates, misbehaviour and membership proofs.
 * Verification itself is the pure light client's (light-clients/tendermint).
 */
import type { Any } from "../../gen/google/protobuf/any";
import { Params, type Height } from "../../gen/ibc/core/client/v1/client";
import type { ClientState, ConsensusState } from "../../gen/ibc/lightclients/tendermint/v1/tendermint";
import type { StoreCtx } from "../../store/collections";
import { accAddress } from "../../types/address";
import type { Context } from "../../types/context";
import { timestampNanos } from "../../types/time";
import {
  anyBytes,
  clientTypeOf,
  decodeAny,
  packClientState,
  packConsensusState,
  TENDERMINT_CLIENT_TYPE,
  TM_URLS,
  unpackClientMessage,
  unpackClientState,
  unpackConsensusState,
} from "./client-codec";
import { decodeMerkleProof, verifyMerkleMembership, verifyMerkleNonMembership } from "./commitment";
import { ALLOW_ALL_CLIENTS } from "./client-params";
import { clientErrors, commitmentErrors, ibcErrors } from "./errors";
import { ibcEvents } from "./events";
import { heightString, hostPaths, iterationHeight, iterationKey, iterationPrefix } from "./host";
import {
  applyClientMessage,
  clientStatus,
  compareHeight,
  isExpired,
  revisionOf,
  tendermintErrors,
  validateClientState,
  validateConsensusState,
  type ConsensusStates,
} from "./light-clients/tendermint";
import {
  LOCALHOST_CLIENT_ID,
  LOCALHOST_CLIENT_TYPE,
  verifyLocalhostMembership,
  verifyLocalhostNonMembership,
} from "./light-clients/localhost";
import { ibcStore, readUint64BigEndian, uint64BigEndian } from "./store";

/** ibc-go's exported.Status values, as ClientStatus answers them. */
export type Status = "Active" | "Frozen" | "Expired" | "Unknown" | "Unauthorized";

/** ibc-go's DefaultParams: every client type we implement (07-tendermint and 09-localhost) is allowed. */
export const DEFAULT_CLIENT_PARAMS: Params = { allowedClients: [ALLOW_ALL_CLIENTS] };

/** A client id `{type}-{sequence}` (ibc-go's ParseClientIdentifier), its type; undefined when malformed. */
export function clientTypeOfId(clientId: string): string | undefined {
  // The localhost sentinel id is its type, with no sequence.
  if (clientId === LOCALHOST_CLIENT_ID) return LOCALHOST_CLIENT_TYPE;
  const dash = clientId.lastIndexOf("-");
  if (dash <= 0) return undefined;
  const type = clientId.slice(0, dash);
  const seq = clientId.slice(dash + 1);
  // IsClientIDFormat: no newline, and the type does not end in a dash ("a--1" is refused).
  if (type.trim() === "" || type.includes("\n") || type.endsWith("-")) return undefined;
  if (!/^[0-9]{1,20}$/.test(seq) || BigInt(seq) >= 2n ** 64n) return undefined;
  return type;
}

const utf8 = new TextEncoder();

export class ClientKeeper {
  // ---- state at ICS-24 paths ----

  params(ctx: StoreCtx): Params {
    const raw = ibcStore.get(ctx, hostPaths.clientParams());
    return raw === undefined ? DEFAULT_CLIENT_PARAMS : Params.decode(raw);
  }

  setParams(ctx: StoreCtx, p: Params): void {
    ibcStore.set(ctx, hostPaths.clientParams(), Params.encode(p).finish());
  }

  /** The number the next client id takes (ibc-go's nextClientSequence, big-endian uint64). */
  nextClientSequence(ctx: StoreCtx): bigint {
    const raw = ibcStore.get(ctx, hostPaths.nextClientSequence());
    return raw === undefined ? 0n : readUint64BigEndian(raw);
  }

  setNextClientSequence(ctx: StoreCtx, n: bigint): void {
    ibcStore.set(ctx, hostPaths.nextClientSequence(), uint64BigEndian(n));
  }

  /** The stored Any at the client's clientState path. */
  clientStateAny(ctx: StoreCtx, clientId: string): Any | undefined {
    const raw = ibcStore.get(ctx, hostPaths.clientState(clientId));
    return raw === undefined ? undefined : decodeAny(raw);
  }

  clientState(ctx: StoreCtx, clientId: string): ClientState | undefined {
    const any = this.clientStateAny(ctx, clientId);
    return any === undefined ? undefined : unpackClientState(any);
  }

  setClientState(ctx: StoreCtx, clientId: string, cs: ClientState): void {
    ibcStore.set(ctx, hostPaths.clientState(clientId), anyBytes(packClientState(cs)));
  }

  consensusStateAny(ctx: StoreCtx, clientId: string, height: Height): Any | undefined {
    const raw = ibcStore.get(ctx, hostPaths.consensusState(clientId, height));
    return raw === undefined ? undefined : decodeAny(raw);
  }

  consensusState(ctx: StoreCtx, clientId: string, height: Height): ConsensusState | undefined {
    const any = this.consensusStateAny(ctx, clientId, height);
    return any === undefined ? undefined : unpackConsensusState(any);
  }

  /** The consensus state, its metadata and its iteration key, written together as 07-tendermint does. */
  private setConsensusState(ctx: Context, clientId: string, height: Height, c: ConsensusState): void {
    this.adoptConsensusState(ctx, clientId, height, c, timestampNanos(ctx.time), selfHeight(ctx));
  }

  /**
   * A consensus state with the given metadata (07-tendermint's setConsensusMetadataWithValues):
   * recovery copies a substitute's as that client stored it.
   */
  adoptConsensusState(ctx: StoreCtx, clientId: string, height: Height, c: ConsensusState, time: bigint, at: Height): void {
    ibcStore.set(ctx, hostPaths.consensusState(clientId, height), anyBytes(packConsensusState(c)));
    ibcStore.set(ctx, hostPaths.processedTime(clientId, height), uint64BigEndian(time));
    ibcStore.set(ctx, hostPaths.processedHeight(clientId, height), utf8.encode(heightString(at)));
    // The iteration key's value is the consensus state's key inside the client's store.
    ibcStore.set(ctx, iterationKey(clientId, height), utf8.encode(`consensusStates/${heightString(height)}`));
  }

  private deleteConsensusState(ctx: StoreCtx, clientId: string, height: Height): void {
    ibcStore.delete(ctx, hostPaths.consensusState(clientId, height));
    ibcStore.delete(ctx, hostPaths.processedTime(clientId, height));
    ibcStore.delete(ctx, hostPaths.processedHeight(clientId, height));
    ibcStore.delete(ctx, iterationKey(clientId, height));
  }

  /** Processed time (ns) of the consensus state at `height`, as 07-tendermint's GetProcessedTime. */
  processedTime(ctx: StoreCtx, clientId: string, height: Height): bigint | undefined {
    const raw = ibcStore.get(ctx, hostPaths.processedTime(clientId, height));
    return raw === undefined ? undefined : readUint64BigEndian(raw);
  }

  processedHeight(ctx: StoreCtx, clientId: string, height: Height): Height | undefined {
    const raw = ibcStore.get(ctx, hostPaths.processedHeight(clientId, height));
    if (raw === undefined) return undefined;
    const [rev, h] = Buffer.from(raw).toString("utf8").split("-");
    return { revisionNumber: BigInt(rev!), revisionHeight: BigInt(h!) };
  }

  /** The client's consensus-state heights in ascending order (through the iteration keys). */
  *consensusHeights(ctx: StoreCtx, clientId: string, reverse = false): IterableIterator<Height> {
    for (const [k] of ibcStore.prefixed(ctx, iterationPrefix(clientId), reverse)) yield iterationHeight(k);
  }

  /** The light client's view of this client's consensus states. */
  consensusStates(ctx: StoreCtx, clientId: string): ConsensusStates {
    const at = (h: Height | undefined) => (h === undefined ? undefined : this.consensusState(ctx, clientId, h));
    const prefix = iterationPrefix(clientId);
    return {
      get: (height) => this.consensusState(ctx, clientId, height),
      previous: (height) => {
        for (const [k] of ibcStore.range(ctx, prefix, iterationKey(clientId, height), true)) return at(iterationHeight(k));
        return undefined;
      },
      next: (height) => {
        for (const [k] of ibcStore.range(ctx, iterationKey(clientId, height), undefined)) {
          if (!startsWithText(k, prefix)) return undefined;
          const h = iterationHeight(k);
          if (compareHeight(h, height) > 0) return at(h);
        }
        return undefined;
      },
    };
  }

  /** The address bytes that created the client (ibc-go keeps them for IBC v2's counterparty registration). */
  creator(ctx: StoreCtx, clientId: string): Uint8Array | undefined {
    return ibcStore.get(ctx, hostPaths.clientCreator(clientId));
  }

  /** MsgDeleteClientCreator: forgets the creator (nothing is left to restrict to it). */
  deleteCreator(ctx: StoreCtx, clientId: string): void {
    ibcStore.delete(ctx, hostPaths.clientCreator(clientId));
  }

  // ---- status ----

  /**
   * The 07-tendermint module's Status of any client id, with no allow-list check: what ibc-go
   * asks of a recovery's substitute through the subject's module (Unknown when no 07-tendermint
   * client state is stored under that id).
   */
  tendermintStatus(ctx: Context, clientId: string): Status {
    const any = this.clientStateAny(ctx, clientId);
    if (any?.typeUrl !== TM_URLS.clientState) return "Unknown";
    return clientStatus(unpackClientState(any), this.consensusStates(ctx, clientId), ctx.time);
  }

  /** ibc-go's GetClientStatus: Unauthorized for a type not allowed, Unknown for no client, else the light client's. */
  status(ctx: Context, clientId: string): Status {
    const type = clientTypeOfId(clientId);
    if (type === undefined || !this.isAllowed(ctx, type)) return "Unauthorized";
    if (type === LOCALHOST_CLIENT_TYPE) return "Active";
    const cs = this.clientState(ctx, clientId);
    if (!cs) return "Unknown";
    return clientStatus(cs, this.consensusStates(ctx, clientId), ctx.time);
  }

  /** Params.IsAllowedClient: never a blank type; the wildcard counts only as the sole entry. */
  private isAllowed(ctx: StoreCtx, clientType: string): boolean {
    if (clientType.trim() === "") return false;
    const allowed = this.params(ctx).allowedClients;
    return (allowed.length === 1 && allowed[0] === ALLOW_ALL_CLIENTS) || allowed.includes(clientType);
  }

  /** ibc-go's Route: the client's type must parse and be allowed (and be one we implement). */
  route(ctx: StoreCtx, clientId: string): string {
    const type = clientTypeOfId(clientId);
    if (type === undefined) throw clientErrors.ErrInvalidClientType.wrap(`unable to parse client identifier ${clientId}`);
    if (!this.isAllowed(ctx, type)) {
      throw clientErrors.ErrInvalidClientType.wrap(`client (${clientId}) type ${type} is not in the allowed client list`);
    }
    if (type !== TENDERMINT_CLIENT_TYPE && type !== LOCALHOST_CLIENT_TYPE) throw clientErrors.ErrRouteNotFound.wrap(clientId);
    return type;
  }

  // ---- messages ----

  /** MsgCreateClient: a new `07-tendermint-{n}` client from its initial client and consensus states. */
  createClient(ctx: Context, clientStateAny: Any | undefined, consensusStateAny: Any | undefined, signer: string): string {
    const clientType = clientTypeOf(clientStateAny);
    const seq = this.nextClientSequence(ctx);
    const clientId = `${clientType}-${seq}`;
    this.setNextClientSequence(ctx, seq + 1n);
    this.route(ctx, clientId);
    const cs = unpackClientState(clientStateAny);
    validateClientState(cs);
    const consensus = unpackConsensusState(consensusStateAny);
    validateConsensusState(consensus);
    if (ibcStore.has(ctx, hostPaths.clientState(clientId))) throw clientErrors.ErrClientExists.wrap(clientId);
    this.setClientState(ctx, clientId, cs);
    this.setConsensusState(ctx, clientId, cs.latestHeight!, consensus);
    const status = this.status(ctx, clientId);
    if (status !== "Active") throw clientErrors.ErrClientNotActive.wrap(`cannot create client (${clientId}) with status ${status}`);
    // ibc-go records the creator (IBC v2 counterparty registration is restricted to it).
    ibcStore.set(ctx, hostPaths.clientCreator(clientId), accAddress.decode(signer));
    ibcEvents.clientCreated(ctx, clientId, clientType, cs.latestHeight!);
    return clientId;
  }

  /**
   * MsgUpdateClient and MsgSubmitMisbehaviour: verify the Any header or misbehaviour against the
   * stored states at the block time; misbehaviour freezes the client, a header adds its
   * consensus state (after pruning the oldest one when it has expired).
   */
  updateClient(ctx: Context, clientId: string, message: Any | undefined): void {
    const clientType = this.route(ctx, clientId);
    const status = this.status(ctx, clientId);
    if (status !== "Active") throw clientErrors.ErrClientNotActive.wrap(`cannot update client (${clientId}) with status ${status}`);
    if (clientType === LOCALHOST_CLIENT_TYPE) {
      throw clientErrors.ErrUpdateClientFailed.wrap("client message verification is unsupported by the localhost client");
    }
    const cs = this.clientState(ctx, clientId)!;
    const msg = unpackClientMessage(message);
    const result = applyClientMessage(cs, this.consensusStates(ctx, clientId), msg, ctx.time);
    if (result.kind === "frozen") {
      this.setClientState(ctx, clientId, result.clientState);
      ibcEvents.clientMisbehaviour(ctx, clientId, clientType);
      return;
    }
    if (result.kind === "unchanged") {
      ibcEvents.clientUpdated(ctx, clientId, clientType, []);
      return;
    }
    this.pruneOldestConsensusState(ctx, clientId, cs);
    if (!result.duplicate && !this.consensusStateAny(ctx, clientId, result.height)) {
      this.setClientState(ctx, clientId, result.clientState);
      this.setConsensusState(ctx, clientId, result.height, result.consensusState);
    }
    ibcEvents.clientUpdated(ctx, clientId, clientType, [result.height]);
  }

  /** 07-tendermint's pruneOldestConsensusState: only the oldest consensus state is looked at. */
  private pruneOldestConsensusState(ctx: Context, clientId: string, cs: ClientState): void {
    for (const height of this.consensusHeights(ctx, clientId)) {
      const c = this.consensusState(ctx, clientId, height);
      if (!c) throw clientErrors.ErrConsensusStateNotFound.wrap(`failed to retrieve consensus state at height: ${heightString(height)}`);
      if (isExpired(cs, c.timestamp, ctx.time)) this.deleteConsensusState(ctx, clientId, height);
      return;
    }
  }

  // ---- proofs (connection and channel handshakes, packets) ----

  /**
   * ibc-go's 02-client VerifyMembership with 07-tendermint's: the client is active, knows
   * `height`, the delay periods have passed since that consensus state was stored, and `proof`
   * (a MerkleProof) shows `value` at [prefix, path] under that consensus state's root, checked
   * level by level against the client's proof specs.
   */
  verifyMembership(ctx: Context, p: MembershipArgs & { value: Uint8Array }): void {
    if (this.routeActive(ctx, p.clientId, "verify membership") === LOCALHOST_CLIENT_TYPE) {
      verifyLocalhostMembership(ctx, p.proof, keyPath(p.prefix, p.path), p.value);
      return;
    }
    const { cs, root } = this.proofContext(ctx, p);
    verifyMerkleMembership(decodeMerkleProof(p.proof), cs.proofSpecs, root, keyPath(p.prefix, p.path), p.value);
  }

  /** The same for absence: nothing is stored at [prefix, path]. */
  verifyNonMembership(ctx: Context, p: MembershipArgs): void {
    if (this.routeActive(ctx, p.clientId, "verify non membership") === LOCALHOST_CLIENT_TYPE) {
      verifyLocalhostNonMembership(ctx, p.proof, keyPath(p.prefix, p.path));
      return;
    }
    const { cs, root } = this.proofContext(ctx, p);
    verifyMerkleNonMembership(decodeMerkleProof(p.proof), cs.proofSpecs, root, keyPath(p.prefix, p.path));
  }

  /**
   * Query/VerifyMembership's call into 07-tendermint: `value` at a full key path (the
   * counterparty's store prefix included, as the caller's MerklePath gives it). The caller has
   * already checked that the client routes and is Active.
   */
  verifyMembershipAtPath(ctx: Context, p: ProofArgs & { keyPath: Uint8Array[]; value: Uint8Array }): void {
    const { cs, root } = this.proofContext(ctx, p);
    verifyMerkleMembership(decodeMerkleProof(p.proof), cs.proofSpecs, root, p.keyPath, p.value);
  }

  /** 02-client's VerifyMembership preamble: the client routes and is Active. Answers its type. */
  private routeActive(ctx: Context, clientId: string, what: string): string {
    const type = this.route(ctx, clientId);
    const status = this.status(ctx, clientId);
    if (status !== "Active")
      throw clientErrors.ErrClientNotActive.wrap(`cannot call ${what} on client (${clientId}) with status ${status}`);
    return type;
  }

  /**
   * ibc-go's GetClientLatestHeight: our own height for 09-localhost, the client state's latest
   * height otherwise; zero when the client does not route or does not exist.
   */
  latestHeight(ctx: Context, clientId: string): Height {
    const zero = { revisionNumber: 0n, revisionHeight: 0n };
    try {
      if (this.route(ctx, clientId) === LOCALHOST_CLIENT_TYPE) return selfHeight(ctx);
    } catch {
      return zero;
    }
    return this.clientState(ctx, clientId)?.latestHeight ?? zero;
  }

  /**
   * ibc-go's GetClientTimestampAtHeight (ns): our block time for 09-localhost (it keeps no
   * consensus states), the consensus state's timestamp otherwise.
   */
  timestampAtHeight(ctx: Context, clientId: string, height: Height): bigint {
    if (this.route(ctx, clientId) === LOCALHOST_CLIENT_TYPE) return timestampNanos(ctx.time);
    if (!this.clientStateAny(ctx, clientId)) throw clientErrors.ErrClientNotFound.wrap(clientId);
    const consensus = this.consensusState(ctx, clientId, height);
    if (!consensus) throw clientErrors.ErrConsensusStateNotFound.wrap(`height (${heightString(height)})`);
    return consensus.timestamp === undefined ? 0n : timestampNanos(consensus.timestamp);
  }

  private proofContext(ctx: Context, p: ProofArgs): { cs: ClientState; root: Uint8Array } {
    const cs = this.clientState(ctx, p.clientId)!;
    if (compareHeight(cs.latestHeight, p.height) < 0) {
      throw ibcErrors.ErrInvalidHeight.wrap(
        `client state height < proof height (${heightString(cs.latestHeight)} < ${heightString(p.height)}), please ensure the client has been updated`,
      );
    }
    this.checkDelayPassed(ctx, p);
    const consensus = this.consensusState(ctx, p.clientId, p.height);
    if (!consensus) {
      throw clientErrors.ErrConsensusStateNotFound.wrap(
        "please ensure the proof was constructed against a height that exists on the client",
      );
    }
    return { cs, root: consensus.root?.hash ?? new Uint8Array() };
  }

  /** 07-tendermint's verifyDelayPeriodPassed (a connection's delay period, in ns and in blocks). */
  private checkDelayPassed(ctx: Context, p: ProofArgs): void {
    const delayTime = p.delayTimePeriod ?? 0n;
    const delayBlocks = p.delayBlockPeriod ?? 0n;
    if (delayTime !== 0n) {
      const processed = this.processedTime(ctx, p.clientId, p.height);
      if (processed === undefined)
        throw tendermintErrors.ErrProcessedTimeNotFound.wrap(`processed time not found for height: ${heightString(p.height)}`);
      const now = timestampNanos(ctx.time);
      if (now < processed + delayTime) {
        throw tendermintErrors.ErrDelayPeriodNotPassed.wrap(
          `cannot verify packet until time: ${processed + delayTime}, current time: ${now}`,
        );
      }
    }
    if (delayBlocks !== 0n) {
      const processed = this.processedHeight(ctx, p.clientId, p.height);
      if (processed === undefined) {
        throw tendermintErrors.ErrProcessedHeightNotFound.wrap(`processed height not found for height: ${heightString(p.height)}`);
      }
      const valid = { revisionNumber: processed.revisionNumber, revisionHeight: processed.revisionHeight + delayBlocks };
      const current = selfHeight(ctx);
      if (compareHeight(current, valid) < 0) {
        throw tendermintErrors.ErrDelayPeriodNotPassed.wrap(
          `cannot verify packet until height: ${heightString(valid)}, current height: ${heightString(current)}`,
        );
      }
    }
  }
}

export interface MembershipArgs {
  clientId: string;
  /** The counterparty height the proof was made at (a consensus state of the client). */
  height: Height;
  /** MerkleProof (ibc.core.commitment.v1) bytes. */
  proof: Uint8Array;
  /** The counterparty's commitment prefix (its connection's MerklePrefix key_prefix, `ibc` on ibc-go). */
  prefix: Uint8Array;
  /** The ICS-24 path inside that store. */
  path: string | Uint8Array;
  delayTimePeriod?: bigint;
  delayBlockPeriod?: bigint;
}

/** What a proof is checked against, whatever the path: the client, its consensus height and the delays. */
type ProofArgs = Pick<MembershipArgs, "clientId" | "height" | "proof" | "delayTimePeriod" | "delayBlockPeriod">;

/** ibc-go's ApplyPrefix: [prefix, path]; an empty prefix is refused. */
function keyPath(prefix: Uint8Array, path: string | Uint8Array): Uint8Array[] {
  if (prefix.length === 0) throw commitmentErrors.ErrInvalidPrefix.wrap("prefix can't be empty");
  return [prefix, typeof path === "string" ? utf8.encode(path) : path];
}

/** ibc-go's GetSelfHeight: this chain's revision (from its chain id) and block height. */
export function selfHeight(ctx: Context): Height {
  return { revisionNumber: revisionOf(ctx.chainId), revisionHeight: ctx.height };
}

function startsWithText(bytes: Uint8Array, prefix: string): boolean {
  const p = utf8.encode(prefix);
  return bytes.length >= p.length && p.every((b, i) => bytes[i] === b);
}
