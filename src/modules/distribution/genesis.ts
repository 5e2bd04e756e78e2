import { GenesisState } from "cosmjs-types/cosmos/distribution/v1beta1/genesis";
import { accAddress, bech32Prefix, fromBech32, moduleAddress, toBech32, valAddress } from "../../types/address";
import type { Coin } from "../../types/coins";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { addDecCoins, decCoinsFromProto, isAnyNegative, truncateDecimal, type DecCoin } from "./dec-coins";
import type { DistributionKeeper } from "./keeper";
import { DISTRIBUTION_MODULE, defaultDistributionParams, validateDistributionParams } from "./params";

const invalid = (detail: string) => sdkErrors.ErrInvalidRequest.wrap(`distribution genesis: ${detail}`);

function sameCoins(a: readonly Coin[], b: readonly Coin[]): boolean {
  return a.length === b.length && a.every((c, i) => c.denom === b[i].denom && c.amount === b[i].amount);
}

/** Every record of the SDK's x/distribution genesis, imported and exported as is. */
export function distributionGenesis(k: DistributionKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "cosmos.distribution.v1beta1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => GenesisState.fromPartial({ params: defaultDistributionParams(), feePool: { communityPool: [] } }),
    validate: (g) => {
      validateDistributionParams(g.params ?? defaultDistributionParams());
      if (isAnyNegative(decCoinsFromProto(g.feePool?.communityPool ?? [])))
        throw invalid("negative CommunityPool in distribution fee pool");
      for (const w of g.delegatorWithdrawInfos) {
        accAddress.validate(w.delegatorAddress);
        accAddress.validate(w.withdrawAddress);
      }
      if (g.previousProposer !== "") fromBech32(g.previousProposer, bech32Prefix.consensus);
      const operators = [
        ...g.outstandingRewards.map((r) => r.validatorAddress),
        ...g.validatorAccumulatedCommissions.map((r) => r.validatorAddress),
        ...g.validatorHistoricalRewards.map((r) => r.validatorAddress),
        ...g.validatorCurrentRewards.map((r) => r.validatorAddress),
        ...g.delegatorStartingInfos.map((r) => r.validatorAddress),
        ...g.validatorSlashEvents.map((r) => r.validatorAddress),
      ];
      for (const op of operators) valAddress.decode(op);
      for (const s of g.delegatorStartingInfos) accAddress.validate(s.delegatorAddress);
    },
    init: (ctx, g) => {
      k.params.set(ctx, validateDistributionParams(g.params ?? defaultDistributionParams()));
      k.feePool.set(ctx, { communityPool: g.feePool?.communityPool ?? [] });
      for (const w of g.delegatorWithdrawInfos) k.withdrawAddrs.set(ctx, accAddress.decode(w.delegatorAddress), w.withdrawAddress);
      k.previousProposer.set(ctx, g.previousProposer === "" ? new Uint8Array() : fromBech32(g.previousProposer, bech32Prefix.consensus));
      let holdings: DecCoin[] = k.communityPool(ctx);
      for (const r of g.outstandingRewards) {
        k.outstandingRewards.set(ctx, valAddress.decode(r.validatorAddress), { rewards: r.outstandingRewards });
        holdings = addDecCoins(holdings, decCoinsFromProto(r.outstandingRewards));
      }
      for (const r of g.validatorAccumulatedCommissions)
        k.accumulatedCommission.set(ctx, valAddress.decode(r.validatorAddress), r.accumulated);
      for (const r of g.validatorHistoricalRewards)
        k.historicalRewards.set(ctx, [valAddress.decode(r.validatorAddress), r.period], r.rewards);
      for (const r of g.validatorCurrentRewards) k.currentRewards.set(ctx, valAddress.decode(r.validatorAddress), r.rewards);
      for (const r of g.delegatorStartingInfos)
        k.startingInfos.set(ctx, [valAddress.decode(r.validatorAddress), accAddress.decode(r.delegatorAddress)], r.startingInfo);
      for (const r of g.validatorSlashEvents)
        k.slashEvents.set(
          ctx,
          [valAddress.decode(r.validatorAddress), r.height, r.validatorSlashEvent.validatorPeriod],
          r.validatorSlashEvent,
        );
      // As the SDK: the module account must hold exactly the whole coins of what it owes.
      k.auth.getModuleAccount(ctx, DISTRIBUTION_MODULE);
      const owed = truncateDecimal(holdings).coins;
      const held = k.bank.getAllBalances(ctx, moduleAddress(DISTRIBUTION_MODULE)).filter((c) => c.amount > 0n);
      if (!sameCoins(owed, held)) throw invalid("distribution module balance does not match the module holdings");
    },
    export: (ctx) =>
      GenesisState.fromPartial({
        params: k.params.get(ctx),
        feePool: k.feePool.get(ctx),
        delegatorWithdrawInfos: [...k.withdrawAddrs.iterate(ctx)].map(([del, withdrawAddress]) => ({
          delegatorAddress: accAddress.encode(del),
          withdrawAddress,
        })),
        previousProposer: k.previousProposer.get(ctx).length === 0 ? "" : toBech32(bech32Prefix.consensus, k.previousProposer.get(ctx)),
        outstandingRewards: [...k.outstandingRewards.iterate(ctx)].map(([op, r]) => ({
          validatorAddress: valAddress.encode(op),
          outstandingRewards: r.rewards,
        })),
        validatorAccumulatedCommissions: [...k.accumulatedCommission.iterate(ctx)].map(([op, accumulated]) => ({
          validatorAddress: valAddress.encode(op),
          accumulated,
        })),
        validatorHistoricalRewards: [...k.historicalRewards.iterate(ctx)].map(([[op, period], rewards]) => ({
          validatorAddress: valAddress.encode(op),
          period,
          rewards,
        })),
        validatorCurrentRewards: [...k.currentRewards.iterate(ctx)].map(([op, rewards]) => ({
          validatorAddress: valAddress.encode(op),
          rewards,
        })),
        delegatorStartingInfos: [...k.startingInfos.iterate(ctx)].map(([[op, del], startingInfo]) => ({
          delegatorAddress: accAddress.encode(del),
          validatorAddress: valAddress.encode(op),
          startingInfo,
        })),
        validatorSlashEvents: [...k.slashEvents.iterate(ctx)].map(([[op, height], validatorSlashEvent]) => ({
          validatorAddress: valAddress.encode(op),
          height,
          validatorSlashEvent,
        })),
      }),
  };
}
