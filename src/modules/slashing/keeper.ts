import { BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { Params, ValidatorSigningInfo } from "cosmjs-types/cosmos/slashing/v1beta1/slashing";
import type { MissedBlock } from "cosmjs-types/cosmos/slashing/v1beta1/genesis";
import { Schema } from "../../store/collections";
import { bytesKey, bytesValue, int64Key, pairKey, protoValue } from "../../store/codecs";
import { bech32Prefix, fromBech32, toBech32 } from "../../types/address";
import type { Timestamp } from "../../types/codec";
import { BlockIdFlag, type Context } from "../../types/context";
import { addDuration, compareTime } from "../../types/time";
import { isEmptyChunk, MISSED_BLOCK_BITMAP_CHUNK_SIZE, testBit, withBit } from "./bitmap";
import { slashingEvents } from "./events";
import type { SlashingHooks } from "../../types/hooks";
import type { StakingKeeper } from "./expected-keepers";
import { decOfBytes, defaultSlashingParams, minSignedPerWindowInt } from "./params";

/** The jail end of a tombstoned validator (types.DoubleSignJailEndTime): 9999-12-31T23:59:59Z. */
export const DOUBLE_SIGN_JAIL_END: Timestamp = { seconds: 253402300799n, nanos: 0 };
const EPOCH: Timestamp = { seconds: 0n, nanos: 0 };

export const consAddress = {
  encode: (bytes: Uint8Array) => toBech32(bech32Prefix.consensus, bytes),
  decode: (text: string) => fromBech32(text, bech32Prefix.consensus),
};

/**
 * Validator liveness as the SDK's x/slashing keeper (v0.50): a signing info per consensus
 * address and the missed-blocks bitmap over the signed_blocks_window, in 1024-bit chunks.
 */
export class SlashingKeeper {
  private readonly schema = new Schema("slashing/");
  readonly params = this.schema.item(1, "params", protoValue(Params, "Params"), defaultSlashingParams());
  /** consensus address → signing info. */
  readonly signingInfos = this.schema.map(2, "validator_signing_info", bytesKey, protoValue(ValidatorSigningInfo, "ValidatorSigningInfo"));
  /** (consensus address, chunk index) → one bitmap chunk (bitmap.ts). */
  readonly missedBlocks = this.schema.map(3, "validator_missed_block_bitmap", pairKey(bytesKey, int64Key), bytesValue);

  /** Installed by other modules (validatorgov's unjail holds). */
  readonly hooks: SlashingHooks[] = [];

  constructor(readonly staking: StakingKeeper) {}

  /** BeginBlocker: every validator of the decided last commit signed or missed the previous block. */
  beginBlock(ctx: Context): void {
    const votes = ctx.block.lastCommitVotes ?? [];
    if (votes.length === 0) return;
    const params = this.params.get(ctx);
    const minSigned = minSignedPerWindowInt(params);
    for (const vote of votes) {
      this.handleValidatorSignature(ctx, vote.validatorAddress, vote.power, vote.blockIdFlag === BlockIdFlag.absent, params, minSigned);
    }
  }

  addHooks(h: SlashingHooks): void {
    this.hooks.push(h);
  }

  getSigningInfo(ctx: Context, consAddr: Uint8Array): ValidatorSigningInfo | undefined {
    return this.signingInfos.get(ctx, consAddr);
  }

  setSigningInfo(ctx: Context, consAddr: Uint8Array, info: ValidatorSigningInfo): void {
    this.signingInfos.set(ctx, consAddr, { ...info, address: consAddress.encode(consAddr) });
  }

  /** A fresh record (NewValidatorSigningInfo): never jailed, nothing missed. */
  newSigningInfo(consAddr: Uint8Array, startHeight: bigint): ValidatorSigningInfo {
    return {
      address: consAddress.encode(consAddr),
      startHeight,
      indexOffset: 0n,
      jailedUntil: EPOCH,
      tombstoned: false,
      missedBlocksCounter: 0n,
    };
  }

  /** AfterValidatorBonded: the signing window starts (again) at this height. */
  afterValidatorBonded(ctx: Context, consAddr: Uint8Array): void {
    const info = this.getSigningInfo(ctx, consAddr);
    this.setSigningInfo(ctx, consAddr, info ? { ...info, startHeight: ctx.height } : this.newSigningInfo(consAddr, ctx.height));
  }

  missedBlockBit(ctx: Context, consAddr: Uint8Array, index: bigint): boolean {
    const chunk = this.missedBlocks.get(ctx, [consAddr, index / MISSED_BLOCK_BITMAP_CHUNK_SIZE]);
    return chunk ? testBit(chunk, Number(index % MISSED_BLOCK_BITMAP_CHUNK_SIZE)) : false;
  }

  /**
   * A chunk whose last set bit is cleared is deleted, not kept as zeros: genesis carries only
   * the missed bits, so a zero chunk would be state an export cannot reproduce (an imported
   * chain's app hash would differ; found by the simulation).
   */
  setMissedBlockBit(ctx: Context, consAddr: Uint8Array, index: bigint, missed: boolean): void {
    const key: [Uint8Array, bigint] = [consAddr, index / MISSED_BLOCK_BITMAP_CHUNK_SIZE];
    const chunk = withBit(this.missedBlocks.get(ctx, key), Number(index % MISSED_BLOCK_BITMAP_CHUNK_SIZE), missed);
    if (isEmptyChunk(chunk)) this.missedBlocks.remove(ctx, key);
    else this.missedBlocks.set(ctx, key, chunk);
  }

  clearMissedBlocks(ctx: Context, consAddr: Uint8Array): void {
    for (const key of [...this.missedBlocks.keys(ctx, { prefix: bytesKey.encodeNonTerminal(consAddr) })])
      this.missedBlocks.remove(ctx, key);
  }

  /** The missed indexes of the bitmap (GetValidatorMissedBlocks: only the set bits). */
  missedBlocksOf(ctx: Context, consAddr: Uint8Array): MissedBlock[] {
    const out: MissedBlock[] = [];
    for (const [[, chunkIndex], chunk] of this.missedBlocks.iterate(ctx, { prefix: bytesKey.encodeNonTerminal(consAddr) })) {
      for (let bit = 0; bit < Number(MISSED_BLOCK_BITMAP_CHUNK_SIZE); bit++) {
        if (testBit(chunk, bit)) out.push({ index: chunkIndex * MISSED_BLOCK_BITMAP_CHUNK_SIZE + BigInt(bit), missed: true });
      }
    }
    return out;
  }

  isTombstoned(ctx: Context, consAddr: Uint8Array): boolean {
    return this.getSigningInfo(ctx, consAddr)?.tombstoned ?? false;
  }

  /**
   * Why slashing keeps the validator jailed now, or undefined when it holds nothing: tombstoned
   * (never to return) or jailed for downtime until a time still ahead of the block's. Without a
   * signing info the validator was never bonded, so slashing never jailed it. MsgUnjail's own
   * check, and the one other modules meet before they release a validator they jailed.
   */
  unjailHold(ctx: Context, operator: string): string | undefined {
    const validator = this.staking.getValidator(ctx, operator);
    const info = validator && this.getSigningInfo(ctx, this.staking.consAddrOf(validator));
    if (!info) return undefined;
    if (info.tombstoned) return "validator is tombstoned";
    if (compareTime(ctx.time, info.jailedUntil) < 0) return "validator still jailed";
    return undefined;
  }

  /**
   * HandleValidatorSignature: records whether the validator signed the previous block and,
   * once past its first window, jails and slashes it for downtime when it missed more than
   * window − min_signed blocks of the window.
   */
  handleValidatorSignature(ctx: Context, consAddr: Uint8Array, power: bigint, missed: boolean, params: Params, minSigned: bigint): void {
    const validator = this.staking.validatorByConsAddr(ctx, consAddr);
    // A jailed validator's missed blocks are not counted.
    if (validator?.jailed) return;
    const cons = consAddress.encode(consAddr);
    const info = this.getSigningInfo(ctx, consAddr);
    if (!info) {
      // The SDK halts here; a vote from an address never bonded through staking is logged instead.
      ctx.logger.error({ validator: cons }, "no signing info for a validator of the last commit");
      return;
    }
    const window = params.signedBlocksWindow;
    const index = info.indexOffset % window;
    let { missedBlocksCounter, indexOffset } = info;
    indexOffset += 1n;
    const previous = this.missedBlockBit(ctx, consAddr, index);
    if (!previous && missed) {
      this.setMissedBlockBit(ctx, consAddr, index, true);
      missedBlocksCounter += 1n;
    } else if (previous && !missed) {
      this.setMissedBlockBit(ctx, consAddr, index, false);
      missedBlocksCounter -= 1n;
    }
    if (missed) slashingEvents.liveness(ctx, cons, missedBlocksCounter);

    let jailedUntil = info.jailedUntil;
    const minHeight = info.startHeight + window;
    const maxMissed = window - minSigned;
    if (ctx.height > minHeight && missedBlocksCounter > maxMissed) {
      if (validator && !validator.jailed) {
        // The stake that signed the missed block: ValidatorUpdateDelay (1) before the last commit's height.
        const distributionHeight = ctx.height - 2n;
        const burned = this.staking.slash(
          ctx,
          consAddr,
          distributionHeight,
          power,
          decOfBytes(params.slashFractionDowntime, "slash fraction downtime"),
        );
        slashingEvents.downtimeSlash(ctx, cons, power, burned.toString());
        this.staking.jail(ctx, validator.operatorAddress);
        jailedUntil = addDuration(ctx.time, params.downtimeJailDuration ?? { seconds: 0n, nanos: 0 });
        // A clean slate so the validator is not jailed again as soon as it re-bonds.
        missedBlocksCounter = 0n;
        indexOffset = 0n;
        this.clearMissedBlocks(ctx, consAddr);
        ctx.logger.info(
          { validator: cons, minHeight: minHeight.toString(), threshold: minSigned.toString() },
          "slashing and jailing validator due to liveness fault",
        );
      } else {
        ctx.logger.info(
          { validator: cons },
          "validator would have been slashed for downtime, but was either not found in store or already jailed",
        );
      }
    }
    this.setSigningInfo(ctx, consAddr, { ...info, indexOffset, missedBlocksCounter, jailedUntil });
  }

  /** SlashWithInfractionReason for double signing (evidence): burns and emits the slash event. */
  slashForDoubleSign(ctx: Context, consAddr: Uint8Array, power: bigint, distributionHeight: bigint): bigint {
    const fraction = decOfBytes(this.params.get(ctx).slashFractionDoubleSign, "slash fraction double sign");
    const burned = this.staking.slash(ctx, consAddr, distributionHeight, power, fraction);
    slashingEvents.slash(ctx, consAddress.encode(consAddr), power, "double_sign", burned.toString());
    return burned;
  }

  /** Jail (slashing keeper): jails through staking and emits the slash event naming it. */
  jail(ctx: Context, consAddr: Uint8Array): void {
    const validator = this.staking.validatorByConsAddr(ctx, consAddr);
    if (!validator) return;
    this.staking.jail(ctx, validator.operatorAddress);
    slashingEvents.jailed(ctx, consAddress.encode(consAddr));
  }

  /** JailUntil + Tombstone of an equivocating validator: jailed forever, never to unjail. */
  tombstone(ctx: Context, consAddr: Uint8Array): void {
    const info = this.getSigningInfo(ctx, consAddr) ?? this.newSigningInfo(consAddr, ctx.height);
    this.setSigningInfo(ctx, consAddr, { ...info, jailedUntil: DOUBLE_SIGN_JAIL_END, tombstoned: true });
  }

  /** Bonded validators bonded without the staking hook (a staking genesis listing them as bonded) start their window here. */
  ensureSigningInfos(ctx: Context): void {
    for (const consAddr of this.staking.consensusAddresses(ctx)) {
      const v = this.staking.validatorByConsAddr(ctx, consAddr);
      if (v?.status === BondStatus.BOND_STATUS_BONDED && !this.signingInfos.has(ctx, consAddr))
        this.setSigningInfo(ctx, consAddr, this.newSigningInfo(consAddr, ctx.height));
    }
  }
}
