import { GenesisState } from "cosmjs-types/cosmos/feegrant/v1beta1/genesis";
import { accAddress } from "../../types/address";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { compareTime } from "../../types/time";
import { expiresAt, withChainTypeUrls } from "./allowances";
import type { FeegrantKeeper } from "./keeper";

function withChainTypeUrl(g: GenesisState): GenesisState {
  return { allowances: g.allowances.map((grant) => ({ ...grant, allowance: withChainTypeUrls(grant.allowance) })) };
}

export function feegrantGenesis(k: FeegrantKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "cosmos.feegrant.v1beta1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => GenesisState.fromPartial({ allowances: [] }),
    validate: (genesis) => {
      const seen = new Set<string>();
      for (const grant of withChainTypeUrl(genesis).allowances) {
        accAddress.validate(grant.granter);
        accAddress.validate(grant.grantee);
        if (grant.granter === grant.grantee) throw sdkErrors.ErrInvalidAddress.wrap("cannot self-grant fee authorization");
        const pair = `${grant.granter}/${grant.grantee}`;
        if (seen.has(pair)) throw sdkErrors.ErrInvalidRequest.wrap(`duplicate fee allowance ${pair}`);
        seen.add(pair);
        k.validate(grant.allowance);
      }
    },
    init: (ctx, genesis) => {
      for (const grant of withChainTypeUrl(genesis).allowances) {
        // An allowance that expired before genesis can never pay a fee; it is dropped rather than halting the chain.
        const expiration = expiresAt(grant.allowance);
        if (expiration && compareTime(expiration, ctx.time) < 0) continue;
        k.grantAllowance(ctx, grant.granter, grant.grantee, grant.allowance!);
      }
    },
    export: (ctx) => ({ allowances: [...k.allowances.iterate(ctx)].map(([, grant]) => grant) }),
  };
}
