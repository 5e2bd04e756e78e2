import { GenesisState } from "cosmjs-types/cosmos/feegrant/v1beta1/genesis";
import { accAddress } from "../../types/address";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { compareTime } from "../authz/timestamp";
import { expiresAt } from "./allowances";
import type { FeegrantKeeper } from "./keeper";

export function feegrantGenesis(k: FeegrantKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "cosmos.feegrant.v1beta1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => GenesisState.fromPartial({ allowances: [] }),
    validate: (g) => {
      const seen = new Set<string>();
      for (const grant of g.allowances) {
        accAddress.validate(grant.granter);
        accAddress.validate(grant.grantee);
        if (grant.granter === grant.grantee) throw sdkErrors.ErrInvalidAddress.wrap("cannot self-grant fee authorization");
        const pair = `${grant.granter}/${grant.grantee}`;
        if (seen.has(pair)) throw sdkErrors.ErrInvalidRequest.wrap(`duplicate fee allowance ${pair}`);
        seen.add(pair);
        k.validate(grant.allowance);
      }
    },
    init: (ctx, g) => {
      for (const grant of g.allowances) {
        // An allowance that expired before genesis can never pay a fee; it is dropped rather than halting the chain.
        const expiration = expiresAt(grant.allowance);
        if (expiration && compareTime(expiration, ctx.time) < 0) continue;
        k.grantAllowance(ctx, grant.granter, grant.grantee, grant.allowance!);
      }
    },
    export: (ctx) => ({ allowances: [...k.allowances.iterate(ctx)].map(([, grant]) => grant) }),
  };
}
