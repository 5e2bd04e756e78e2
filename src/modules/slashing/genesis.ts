import { GenesisState } from "cosmjs-types/cosmos/slashing/v1beta1/genesis";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { consAddress, type SlashingKeeper } from "./keeper";
import { defaultSlashingParams, validateSlashingParams } from "./params";

function consAddrOf(text: string, what: string): Uint8Array {
  try {
    return consAddress.decode(text);
  } catch {
    throw sdkErrors.ErrInvalidAddress.wrap(`slashing genesis: invalid ${what} address ${JSON.stringify(text.slice(0, 100))}`);
  }
}

/** The SDK's x/slashing genesis: params, every signing info and the missed bits of each validator's window. */
export function slashingGenesis(k: SlashingKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "cosmos.slashing.v1beta1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => GenesisState.fromPartial({ params: defaultSlashingParams() }),
    validate: (g) => {
      const params = validateSlashingParams(g.params ?? defaultSlashingParams());
      for (const s of g.signingInfos) consAddrOf(s.address, "signing info");
      for (const m of g.missedBlocks) {
        consAddrOf(m.address, "missed blocks");
        for (const b of m.missedBlocks) {
          if (b.index < 0n || b.index >= params.signedBlocksWindow)
            throw sdkErrors.ErrInvalidRequest.wrap(`slashing genesis: missed block index ${b.index} outside the signed blocks window`);
        }
      }
    },
    init: (ctx, g) => {
      k.params.set(ctx, g.params ?? defaultSlashingParams());
      for (const s of g.signingInfos) {
        const info = s.validatorSigningInfo;
        const addr = consAddrOf(s.address, "signing info");
        k.setSigningInfo(ctx, addr, info ?? k.newSigningInfo(addr, 0n));
      }
      for (const m of g.missedBlocks) {
        const addr = consAddrOf(m.address, "missed blocks");
        for (const b of m.missedBlocks) k.setMissedBlockBit(ctx, addr, b.index, b.missed);
      }
      k.ensureSigningInfos(ctx);
    },
    export: (ctx) => {
      const infos = [...k.signingInfos.iterate(ctx)];
      return GenesisState.fromPartial({
        params: k.params.get(ctx),
        signingInfos: infos.map(([addr, info]) => ({ address: consAddress.encode(addr), validatorSigningInfo: info })),
        missedBlocks: infos.map(([addr]) => ({ address: consAddress.encode(addr), missedBlocks: k.missedBlocksOf(ctx, addr) })),
      });
    },
  };
}
