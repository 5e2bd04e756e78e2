import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { Timestamp } from "../../../../gen/google/protobuf/timestamp";
import { BlockIDFlag } from "../../../../gen/tendermint/types/validator";
import { SignedMsgType, type BlockID, type Commit } from "../../../../gen/tendermint/types/types";
import { goTime } from "./hashing";

/**
 * What validator `index` signed for `commit`: the length-delimited CanonicalVote
 * {type PRECOMMIT, height and round as sfixed64, block id (none for a nil vote), timestamp,
 * chain id}, zero scalars omitted as proto3 writes them.
 */
export function voteSignBytes(chainId: string, commit: Commit, index: number): Uint8Array {
  const sig = commit.signatures[index];
  const w = new BinaryWriter();
  w.uint32(8).int32(SignedMsgType.SIGNED_MSG_TYPE_PRECOMMIT);
  if (commit.height !== 0n) w.uint32(17).sfixed64(commit.height);
  if (commit.round !== 0) w.uint32(25).sfixed64(BigInt(commit.round));
  if (sig.blockIdFlag === BlockIDFlag.BLOCK_ID_FLAG_COMMIT && commit.blockId)
    writeCanonicalBlockId(w.uint32(34).fork(), commit.blockId).join();
  w.uint32(42).bytes(Timestamp.encode(goTime(sig.timestamp)).finish());
  if (chainId !== "") w.uint32(50).string(chainId);
  return new BinaryWriter().bytes(w.finish()).finish();
}

function writeCanonicalBlockId(w: BinaryWriter, id: BlockID): BinaryWriter {
  if (id.hash.length > 0) w.uint32(10).bytes(id.hash);
  const psh = new BinaryWriter();
  if (id.partSetHeader && id.partSetHeader.total !== 0) psh.uint32(8).uint32(id.partSetHeader.total);
  if (id.partSetHeader && id.partSetHeader.hash.length > 0) psh.uint32(18).bytes(id.partSetHeader.hash);
  return w.uint32(18).bytes(psh.finish());
}
