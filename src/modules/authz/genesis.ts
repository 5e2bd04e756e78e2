import { GenesisState } from "cosmjs-types/cosmos/authz/v1beta1/genesis";
import type { GrantAuthorization } from "cosmjs-types/cosmos/authz/v1beta1/authz";
import { accAddress } from "../../types/address";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { authzErrors } from "./errors";
import type { AuthzKeeper } from "./keeper";
import { compareTime } from "../../types/time";

/** Proto JSON readers may spell an Any's type URL with the type.googleapis.com host; the chain uses "/". */
function withChainTypeUrl(g: GenesisState): GenesisState {
  return {
    authorization: g.authorization.map((entry) =>
      entry.authorization
        ? {
            ...entry,
            authorization: { ...entry.authorization, typeUrl: entry.authorization.typeUrl.replace(/^type\.googleapis\.com\//, "/") },
          }
        : entry,
    ),
  };
}

export function authzGenesis(k: AuthzKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "cosmos.authz.v1beta1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => GenesisState.fromPartial({ authorization: [] }),
    validate: (genesis) => {
      for (const entry of withChainTypeUrl(genesis).authorization) {
        accAddress.validate(entry.granter);
        accAddress.validate(entry.grantee);
        if (entry.granter === entry.grantee) throw authzErrors.ErrGranteeIsGranter.wrap(entry.granter);
        if (!entry.authorization) throw sdkErrors.ErrInvalidType.wrap("genesis grant has no authorization");
        k.validateAuthorization(entry.authorization);
      }
    },
    init: (ctx, genesis) => {
      for (const entry of withChainTypeUrl(genesis).authorization) {
        // As the SDK's InitGenesis: a grant that expired before genesis is dropped, not an error.
        if (entry.expiration && compareTime(entry.expiration, ctx.time) <= 0) continue;
        k.grant(ctx, entry.granter, entry.grantee, entry.authorization!, entry.expiration);
      }
    },
    export: (ctx) => {
      const authorization: GrantAuthorization[] = [];
      for (const [[granter, grantee], grant] of k.grants.iterate(ctx)) {
        authorization.push({
          granter: accAddress.encode(granter),
          grantee: accAddress.encode(grantee),
          authorization: grant.authorization,
          expiration: grant.expiration,
        });
      }
      return { authorization };
    },
  };
}
