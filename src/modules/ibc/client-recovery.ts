/**
 * MsgRecoverClient, as ibc-go v10's 02-client RecoverClient with 07-tendermint's
 * CheckSubstituteAndUpdateState: governance replaces the state of a client that can no longer
 * be updated (frozen by misbehaviour, or expired past its trusting period) with that of an
 * Active substitute client of the same chain, so the connections and channels built on the
 * subject's id keep working.
 */
import type { Height } from "../../gen/ibc/core/client/v1/client";
import { ClientState } from "../../gen/ibc/lightclients/tendermint/v1/tendermint";
import type { Context } from "../../types/context";
import { TENDERMINT_CLIENT_TYPE } from "./client-codec";
import { clientTypeOfId, type ClientKeeper, type Status } from "./clients";
import { clientErrors, wrapped } from "./errors";
import { heightString, hostErrors } from "./host";
import { compareHeight } from "./light-clients/tendermint";
import { LOCALHOST_CLIENT_TYPE } from "./light-clients/localhost";

const ZERO_HEIGHT: Height = { revisionNumber: 0n, revisionHeight: 0n };

/** Runs `f`, adding msg_server's "client recovery failed" context to a typed error (codes unchanged). */
export const recoveryFailed = <T>(f: () => T): T => wrapped("client recovery failed", f);

/**
 * 02-client's RecoverClient: the subject routes and is not Active, the substitute is Active
 * (as the subject's light-client module sees it) and strictly ahead of the subject; then the
 * light client's own checks and state copy. Emits `recover_client`.
 */
export function recoverClient(ctx: Context, clients: ClientKeeper, subjectId: string, substituteId: string): void {
  let type: string;
  try {
    type = clients.route(ctx, subjectId);
  } catch {
    throw clientErrors.ErrRouteNotFound.wrap(subjectId);
  }
  const status = moduleStatus(ctx, clients, type, subjectId);
  if (status === "Active") {
    throw clientErrors.ErrInvalidRecoveryClient.wrap(`cannot recover subject client (${subjectId}) with status ${status}`);
  }
  const substituteStatus = moduleStatus(ctx, clients, type, substituteId);
  if (substituteStatus !== "Active") {
    throw clientErrors.ErrClientNotActive.wrap(
      `cannot recover client using substitute client (${substituteId}) with status ${substituteStatus}`,
    );
  }
  const subjectLatest = clients.clientState(ctx, subjectId)?.latestHeight ?? ZERO_HEIGHT;
  const substituteLatest = clients.clientState(ctx, substituteId)?.latestHeight ?? ZERO_HEIGHT;
  if (compareHeight(subjectLatest, substituteLatest) >= 0) {
    throw clientErrors.ErrInvalidHeight.wrap(
      `subject client state latest height is greater or equal to substitute client state latest height (${heightString(subjectLatest)} >= ${heightString(substituteLatest)})`,
    );
  }
  recoverTendermint(ctx, clients, subjectId, substituteId);
  ctx.events.emit("recover_client", { subject_client_id: subjectId, client_type: type });
  ctx.events.emit("message", { module: "ibc_client" });
}

/**
 * The status the subject's light-client module reports for an id. Only 07-tendermint subjects
 * get this far (09-localhost is always Active, so never recoverable).
 */
function moduleStatus(ctx: Context, clients: ClientKeeper, type: string, clientId: string): Status {
  return type === LOCALHOST_CLIENT_TYPE ? "Active" : clients.tendermintStatus(ctx, clientId);
}

/** 07-tendermint's RecoverClient and CheckSubstituteAndUpdateState. */
function recoverTendermint(ctx: Context, clients: ClientKeeper, subjectId: string, substituteId: string): void {
  const substituteType = clientTypeOfId(substituteId);
  if (substituteType === undefined) {
    throw hostErrors.ErrInvalidID.wrap(`invalid client identifier ${substituteId} is not in format: \`{client-type}-{N}\``);
  }
  if (substituteType !== TENDERMINT_CLIENT_TYPE) {
    throw clientErrors.ErrInvalidClientType.wrap(`expected: ${TENDERMINT_CLIENT_TYPE}, got: ${substituteType}`);
  }
  const subject = clients.clientState(ctx, subjectId);
  if (!subject) throw clientErrors.ErrClientNotFound.wrap(subjectId);
  const substitute = clients.clientState(ctx, substituteId);
  if (!substitute) throw clientErrors.ErrClientNotFound.wrap(substituteId);
  if (!isMatchingClientState(subject, substitute)) {
    throw clientErrors.ErrInvalidSubstitute.wrap("subject client state does not match substitute client state");
  }

  const height = substitute.latestHeight!;
  const consensus = clients.consensusState(ctx, substituteId, height);
  if (!consensus) {
    throw clientErrors.ErrConsensusStateNotFound.wrap("unable to retrieve latest consensus state for substitute client");
  }
  const processedHeight = clients.processedHeight(ctx, substituteId, height);
  if (!processedHeight) {
    throw clientErrors.ErrUpdateClientFailed.wrap("unable to retrieve processed height for substitute client latest height");
  }
  const processedTime = clients.processedTime(ctx, substituteId, height);
  if (processedTime === undefined) {
    throw clientErrors.ErrUpdateClientFailed.wrap("unable to retrieve processed time for substitute client latest height");
  }
  clients.adoptConsensusState(ctx, subjectId, height, consensus, processedTime, processedHeight);
  // Unfrozen (a frozen subject is the only kind with a non-zero frozen height), then at the
  // substitute's height, chain id and trusting period; every other parameter already matches.
  clients.setClientState(ctx, subjectId, {
    ...subject,
    frozenHeight: ZERO_HEIGHT,
    latestHeight: substitute.latestHeight,
    chainId: substitute.chainId,
    trustingPeriod: substitute.trustingPeriod,
  });
}

/**
 * 07-tendermint's IsMatchingClientState: equal in every parameter but the latest and frozen
 * heights, the trusting period, the chain id and the deprecated allow-update flags. Compared
 * as encoded bytes, which tell apart exactly what a field-by-field comparison of the decoded
 * states does.
 */
export function isMatchingClientState(subject: ClientState, substitute: ClientState): boolean {
  const normalised = (cs: ClientState) =>
    ClientState.encode({
      ...cs,
      latestHeight: ZERO_HEIGHT,
      frozenHeight: ZERO_HEIGHT,
      trustingPeriod: undefined,
      chainId: "",
      allowUpdateAfterExpiry: true,
      allowUpdateAfterMisbehaviour: true,
    }).finish();
  return Buffer.from(normalised(subject)).equals(Buffer.from(normalised(substitute)));
}
