import { GenesisState } from "cosmjs-types/cosmos/bank/v1beta1/genesis";
import { accAddress } from "../../types/address";
import { addCoins, coinsFromProto, type Coin } from "../../types/coins";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import type { BankKeeper } from "./keeper";

function totalOf(g: GenesisState): Coin[] {
  let total: Coin[] = [];
  for (const b of g.balances) total = addCoins(total, coinsFromProto(b.coins));
  return total;
}

export function bankGenesis(k: BankKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "cosmos.bank.v1beta1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => GenesisState.fromPartial({ params: { sendEnabled: [], defaultSendEnabled: true } }),
    validate: (g) => {
      const seen = new Set<string>();
      for (const b of g.balances) {
        accAddress.validate(b.address);
        if (seen.has(b.address)) throw sdkErrors.ErrInvalidRequest.wrap(`duplicate balance for address ${b.address}`);
        seen.add(b.address);
        coinsFromProto(b.coins);
      }
      if (g.supply.length > 0) {
        const declared = coinsFromProto(g.supply);
        const total = totalOf(g);
        const equal =
          declared.length === total.length && declared.every((c, i) => c.denom === total[i].denom && c.amount === total[i].amount);
        if (!equal) throw sdkErrors.ErrInvalidRequest.wrap("genesis supply is incorrect: it must equal the sum of balances");
      }
    },
    init: (ctx, g) => {
      k.params.set(ctx, g.params ?? { sendEnabled: [], defaultSendEnabled: true });
      for (const e of g.sendEnabled) k.sendEnabled.set(ctx, e.denom, e.enabled);
      const supply = new Map<string, bigint>();
      for (const b of g.balances) {
        for (const c of coinsFromProto(b.coins)) {
          k.balances.set(ctx, [accAddress.decode(b.address), c.denom], c.amount);
          k.owners.set(ctx, [c.denom, accAddress.decode(b.address)], true);
          supply.set(c.denom, (supply.get(c.denom) ?? 0n) + c.amount);
        }
      }
      for (const denom of [...supply.keys()].sort()) k.supply.set(ctx, denom, supply.get(denom)!);
      for (const m of g.denomMetadata) k.setDenomMetadata(ctx, m);
    },
    export: (ctx) => {
      const byAddress = new Map<string, Coin[]>();
      for (const [[addr, denom], amount] of k.balances.iterate(ctx)) {
        const address = accAddress.encode(addr);
        byAddress.set(address, [...(byAddress.get(address) ?? []), { denom, amount }]);
      }
      return GenesisState.fromPartial({
        params: k.params.get(ctx),
        balances: [...byAddress.entries()].map(([address, coins]) => ({
          address,
          coins: coins.map((c) => ({ denom: c.denom, amount: c.amount.toString() })),
        })),
        supply: [...k.supply.iterate(ctx)].map(([denom, amount]) => ({ denom, amount: amount.toString() })),
        denomMetadata: [...k.metadata.iterate(ctx)].map(([, m]) => m),
        sendEnabled: [...k.sendEnabled.iterate(ctx)].map(([denom, enabled]) => ({ denom, enabled })),
      });
    },
  };
}
