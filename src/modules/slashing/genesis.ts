import { GenesisState } from "cosmjs-types/cosmos/slashing/v1beta1/genesis";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import type { SlashingKeeper } from "./keeper";
import { defaultSlashingParams } from "./params";

export function slashingGenesis(k: SlashingKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "cosmos.slashing.v1beta1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => GenesisState.fromPartial({ params: defaultSlashingParams() }),
    validate: (g) => {
      if (g.params && g.params.signedBlocksWindow <= 0n) throw sdkErrors.ErrInvalidRequest.wrap("signed blocks window must be positive");
    },
    init: (ctx, g) => k.params.set(ctx, g.params ?? defaultSlashingParams()),
    export: (ctx) => GenesisState.fromPartial({ params: k.params.get(ctx) }),
  };
}
