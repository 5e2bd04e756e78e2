import type * as abci from "cosmjs-types/tendermint/abci/types";
import type { CommitVote, Misbehavior } from "../types/context";

const LIGHT_CLIENT_ATTACK = 2;

/** What distribution, slashing and evidence read of FinalizeBlock: who signed the last block, and who equivocated. */
export function commitInfoOf(req: abci.RequestFinalizeBlock): { lastCommitVotes: CommitVote[]; misbehavior: Misbehavior[] } {
  return {
    lastCommitVotes: (req.decidedLastCommit?.votes ?? []).map((v) => ({
      validatorAddress: v.validator?.address ?? new Uint8Array(),
      power: v.validator?.power ?? 0n,
      blockIdFlag: Number(v.blockIdFlag),
    })),
    misbehavior: (req.misbehavior ?? []).map((m) => ({
      kind: Number(m.type) === LIGHT_CLIENT_ATTACK ? "light_client_attack" : "duplicate_vote",
      validatorAddress: m.validator?.address ?? new Uint8Array(),
      power: m.validator?.power ?? 0n,
      height: m.height,
      time: m.time ?? { seconds: 0n, nanos: 0 },
      totalVotingPower: m.totalVotingPower,
    })),
  };
}
