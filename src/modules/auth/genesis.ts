import { GenesisState } from "cosmjs-types/cosmos/auth/v1beta1/genesis";
import { accAddress } from "../../types/address";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { baseOf, type AuthKeeper } from "./keeper";
import { defaultAuthParams, validateAuthParams } from "./params";

export function authGenesis(k: AuthKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "cosmos.auth.v1beta1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => ({ params: defaultAuthParams(), accounts: [] }),
    validate: (g) => {
      validateAuthParams(g.params ?? defaultAuthParams());
      const seenAddr = new Set<string>();
      const seenNum = new Set<bigint>();
      for (const any of g.accounts) {
        const base = baseOf(any);
        accAddress.validate(base.address);
        if (seenAddr.has(base.address))
          throw sdkErrors.ErrInvalidRequest.wrap(`duplicate account found in genesis state; address: ${base.address}`);
        if (seenNum.has(base.accountNumber))
          throw sdkErrors.ErrInvalidRequest.wrap(`duplicate account number in genesis state: ${base.accountNumber}`);
        seenAddr.add(base.address);
        seenNum.add(base.accountNumber);
      }
    },
    init: (ctx, g) => {
      k.params.set(ctx, g.params ?? defaultAuthParams());
      let next = 0n;
      for (const any of g.accounts) {
        const base = baseOf(any);
        k.setAny(ctx, base.address, any);
        if (base.accountNumber >= next) next = base.accountNumber + 1n;
      }
      k.accountNumber.set(ctx, next);
      for (const name of k.moduleAccountNames()) k.getModuleAccount(ctx, name);
    },
    export: (ctx) => ({ params: k.getParams(ctx), accounts: [...k.accounts.iterate(ctx)].map(([, v]) => v) }),
  };
}
