import type { Timestamp } from "../../../../gen/google/protobuf/timestamp";
import type { Height } from "../../../../gen/ibc/core/client/v1/client";
import type {
  ClientState,
  ConsensusState,
  Header as TmClientHeader,
  Misbehaviour,
} from "../../../../gen/ibc/lightclients/tendermint/v1/tendermint";
import { clientStatus, FROZEN_HEIGHT, type ConsensusStates } from "./client-state";
import { consensusStateFromHeader } from "./consensus-state";
import { clientErrors } from "./errors";
import { compareHeight } from "./height";
import { headerIsMisbehaviour, misbehaviourIsEvidence, verifyMisbehaviour } from "./misbehaviour";
import { verifyHeader } from "./verify";

/** A 07-tendermint client message, as MsgUpdateClient / MsgSubmitMisbehaviour carry it. */
export type ClientMessage = { header: TmClientHeader } | { misbehaviour: Misbehaviour };

/** What the client keeper must store after a client message. */
export type ClientUpdate =
  /** A new (or, when `duplicate`, an already stored identical) consensus state at `height`. */
  | { kind: "updated"; clientState: ClientState; consensusState: ConsensusState; height: Height; duplicate: boolean }
  /** Misbehaviour found: store the frozen client state; nothing else changes. */
  | { kind: "frozen"; clientState: ClientState }
  /** A valid Misbehaviour message that is not evidence of misbehaviour: nothing changes. */
  | { kind: "unchanged" };

/**
 * ibc-go's 02-client UpdateClient for a 07-tendermint client, without the store: the client
 * must be active at `now` (the block time), the message verifies, then either misbehaviour
 * freezes the client or the header's consensus state is added (latest height raised when
 * higher). Pruning expired consensus states and emitting events are the keeper's.
 */
export function applyClientMessage(cs: ClientState, states: ConsensusStates, msg: ClientMessage, now: Timestamp): ClientUpdate {
  const status = clientStatus(cs, states, now);
  if (status !== "Active") throw clientErrors.ErrClientNotActive.wrap(`cannot update client with status ${status}`);
  if ("misbehaviour" in msg) {
    const m = verifyMisbehaviour(cs, states, msg.misbehaviour, now);
    return misbehaviourIsEvidence(m) ? { kind: "frozen", clientState: { ...cs, frozenHeight: FROZEN_HEIGHT } } : { kind: "unchanged" };
  }
  const h = verifyHeader(cs, states, msg.header, now);
  if (headerIsMisbehaviour(states, h)) return { kind: "frozen", clientState: { ...cs, frozenHeight: FROZEN_HEIGHT } };
  const existing = states.get(h.height);
  if (existing) return { kind: "updated", clientState: cs, consensusState: existing, height: h.height, duplicate: true };
  const higher = compareHeight(h.height, cs.latestHeight) > 0;
  return {
    kind: "updated",
    clientState: higher ? { ...cs, latestHeight: h.height } : cs,
    consensusState: consensusStateFromHeader(h.header),
    height: h.height,
    duplicate: false,
  };
}
