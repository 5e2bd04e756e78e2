import type { ConsensusState } from "../../../../gen/ibc/lightclients/tendermint/v1/tendermint";
import type { Header } from "../../../../gen/tendermint/types/types";
import { goTime } from "./hashing";

/** The consensus state a verified header yields: its time, its app hash as root, its next validators. */
export function consensusStateFromHeader(h: Header): ConsensusState {
  return { timestamp: goTime(h.time), root: { hash: h.appHash }, nextValidatorsHash: h.nextValidatorsHash };
}
