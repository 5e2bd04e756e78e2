import { Any } from "cosmjs-types/google/protobuf/any";
import type { Equivocation } from "cosmjs-types/cosmos/evidence/v1beta1/evidence";
import { BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { Schema } from "../../store/collections";
import { bytesKey, protoValue } from "../../store/codecs";
import { bech32Prefix, fromBech32, toBech32 } from "../../types/address";
import type { Context } from "../../types/context";
import { durationNanos, timestampNanos } from "../../types/time";
import { evidenceHash, packEquivocation } from "./equivocation";
import type { ConsensusKeeper, SlashingKeeper, StakingKeeper } from "./expected-keepers";

/** sdk.ValidatorUpdateDelay: a validator set change takes effect this many blocks later. */
const VALIDATOR_UPDATE_DELAY = 1n;

/** The SDK's x/evidence keeper (v0.50): evidence kept by hash, equivocation punished through slashing. */
export class EvidenceKeeper {
  private readonly schema = new Schema("evidence/");
  /** evidence hash → the evidence as an Any. */
  readonly evidences = this.schema.map(1, "evidences", bytesKey, protoValue(Any, "Any"));

  constructor(
    readonly staking: StakingKeeper,
    readonly slashing: SlashingKeeper,
    readonly consensus: ConsensusKeeper,
  ) {}

  /**
   * BeginBlocker: every misbehavior CometBFT committed in this block (duplicate votes and light
   * client attacks alike, as the SDK treats them) is handled as equivocation.
   */
  beginBlock(ctx: Context): void {
    for (const m of ctx.block.misbehavior ?? []) {
      this.handleEquivocation(ctx, {
        height: m.height,
        time: m.time,
        power: m.power,
        consensusAddress: toBech32(bech32Prefix.consensus, m.validatorAddress),
      });
    }
  }

  setEvidence(ctx: Context, e: Equivocation): Uint8Array {
    const hash = evidenceHash(e);
    this.evidences.set(ctx, hash, packEquivocation(e));
    return hash;
  }

  /**
   * handleEquivocationEvidence: a bonded or unbonding validator that double signed within the
   * evidence max age (both its duration and its block count exceeded is too old) and is not
   * tombstoned yet is slashed by slash_fraction_double_sign over the stake of the infraction,
   * jailed, jailed until the end of time and tombstoned; the evidence is kept.
   */
  handleEquivocation(ctx: Context, e: Equivocation): void {
    const consAddr = fromBech32(e.consensusAddress, bech32Prefix.consensus);
    const log = { validator: e.consensusAddress, infractionHeight: e.height.toString() };
    const validator = this.staking.validatorByConsAddr(ctx, consAddr);
    if (!validator || validator.status === BondStatus.BOND_STATUS_UNBONDED) return;

    const evidenceParams = this.consensus.getParams(ctx)?.evidence;
    if (evidenceParams) {
      const ageNanos = timestampNanos(ctx.time) - timestampNanos(e.time!);
      const ageBlocks = ctx.height - e.height;
      if (ageNanos > durationNanos(evidenceParams.maxAgeDuration) && ageBlocks > evidenceParams.maxAgeNumBlocks) {
        ctx.logger.info(log, "ignored equivocation; evidence too old");
        return;
      }
    }
    const info = this.slashing.getSigningInfo(ctx, consAddr);
    if (!info) {
      // The SDK panics here; a validator staking knows always has one on this chain (slashing's genesis and bonding hook).
      ctx.logger.error(log, "ignored equivocation; no signing info for the validator");
      return;
    }
    if (info.tombstoned) {
      ctx.logger.info(log, "ignored equivocation; validator already tombstoned");
      return;
    }
    ctx.logger.info(log, "confirmed equivocation");
    // The stake that signed at the infraction height was bonded ValidatorUpdateDelay blocks before.
    this.slashing.slashForDoubleSign(ctx, consAddr, e.power, e.height - VALIDATOR_UPDATE_DELAY);
    if (!validator.jailed) this.slashing.jail(ctx, consAddr);
    this.slashing.tombstone(ctx, consAddr);
    this.setEvidence(ctx, e);
  }
}
