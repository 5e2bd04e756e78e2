import { GenesisState } from "../../gen/blockchain/builderfee/v1/genesis";
import { accAddress } from "../../types/address";
import { validateApplicationsGenesis, storedApplications } from "../../types/applications";
import type { GenesisDef } from "../../types/module";
import { ApplicationStatus, type BuilderfeeKeeper } from "./keeper";
import { validateMsgTypeUrl } from "./type-url";
import { defaultBuilderfeeParams, validateBuilderfeeParams } from "./params";

export function builderfeeGenesis(k: BuilderfeeKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "blockchain.builderfee.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => ({ params: defaultBuilderfeeParams(), builderApplicationMap: [], approvedBuilderMap: [] }),
    validate: (g) => {
      validateBuilderfeeParams(g.params ?? defaultBuilderfeeParams());
      validateApplicationsGenesis({
        role: "builder",
        statuses: Object.values(ApplicationStatus),
        applications: g.builderApplicationMap,
        approved: g.approvedBuilderMap,
        applicationKey: (a) => a.msgTypeUrl,
        approvedKey: (b) => b.msgTypeUrl,
        // The approved builder is paid at the application's payout address.
        matches: (a, b) => a.payoutAddress === b.payoutAddress,
        validateApplication: (a) => {
          validateMsgTypeUrl(a.msgTypeUrl);
          accAddress.validate(a.creator);
          accAddress.validate(a.payoutAddress);
        },
      });
    },
    init: (ctx, g) => {
      k.params.set(ctx, g.params ?? defaultBuilderfeeParams());
      for (const a of storedApplications(g.builderApplicationMap)) k.applications.set(ctx, a.msgTypeUrl, a);
      for (const b of g.approvedBuilderMap) k.builders.set(ctx, b.msgTypeUrl, b);
    },
    export: (ctx) => ({
      params: k.getParams(ctx),
      builderApplicationMap: [...k.applications.iterate(ctx)].map(([, v]) => v),
      approvedBuilderMap: [...k.builders.iterate(ctx)].map(([, v]) => v),
    }),
  };
}
