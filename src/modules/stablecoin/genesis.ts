import { GenesisState } from "../../gen/blockchain/stablecoin/v1/genesis";
import { accAddress } from "../../types/address";
import { validateApplicationsGenesis, storedApplications } from "../../types/applications";
import type { GenesisDef } from "../../types/module";
import { validateCurrency } from "./currency";
import { ApplicationStatus, denomMetadata, type StablecoinKeeper } from "./keeper";
import { defaultStablecoinParams, validateStablecoinParams } from "./params";
import type { BankKeeper } from "./expected-keepers";

export function stablecoinGenesis(
  k: StablecoinKeeper,
  bank: Pick<BankKeeper, "getDenomMetadata" | "setDenomMetadata">,
): GenesisDef<GenesisState> {
  return {
    typeName: "blockchain.stablecoin.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => ({ params: defaultStablecoinParams(), issuerApplicationMap: [], approvedIssuerMap: [] }),
    validate: (g) => {
      validateStablecoinParams(g.params ?? defaultStablecoinParams());
      validateApplicationsGenesis({
        role: "issuer",
        statuses: Object.values(ApplicationStatus),
        applications: g.issuerApplicationMap,
        approved: g.approvedIssuerMap,
        applicationKey: (a) => a.denom,
        approvedKey: (i) => i.denom,
        // The approved issuer is the application's creator.
        matches: (a, i) => a.creator === i.issuer,
        validateApplication: (a) => {
          validateCurrency(a);
          accAddress.validate(a.creator);
        },
        validateApproved: (i) => accAddress.validate(i.issuer),
      });
    },
    // Runs after bank (init order), so metadata is already in place.
    init: (ctx, g) => {
      k.params.set(ctx, validateStablecoinParams(g.params ?? defaultStablecoinParams()));
      for (const a of storedApplications(g.issuerApplicationMap)) {
        k.applications.set(ctx, a.denom, a);
        if (a.status === ApplicationStatus.approved && !bank.getDenomMetadata(ctx, a.denom)) bank.setDenomMetadata(ctx, denomMetadata(a));
      }
      for (const i of g.approvedIssuerMap) k.issuers.set(ctx, i.denom, i);
    },
    export: (ctx) => ({
      params: k.getParams(ctx),
      issuerApplicationMap: [...k.applications.iterate(ctx)].map(([, v]) => v),
      approvedIssuerMap: [...k.issuers.iterate(ctx)].map(([, v]) => v),
    }),
  };
}
