/** The FinalizeBlock / Prepare / Process fields of a bench block at `height`: one proposer, no votes, a time that moves with the height. */
export function benchBlock(height: bigint, txs: Uint8Array[]) {
  return {
    txs,
    decidedLastCommit: { round: 0, votes: [] },
    misbehavior: [],
    hash: new Uint8Array(32),
    height,
    time: { seconds: 1_767_225_600n + height, nanos: 0 },
    nextValidatorsHash: new Uint8Array(32),
    proposerAddress: new Uint8Array(20),
  };
}
