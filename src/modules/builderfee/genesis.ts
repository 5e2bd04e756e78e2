import { GenesisState } from "../../gen/blockchain/builderfee/v1/genesis";
import { accAddress } from "../../types/address";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { ApplicationStatus, type BuilderfeeKeeper } from "./keeper";
import { validateMsgTypeUrl } from "./type-url";
import { defaultBuilderfeeParams, validateBuilderfeeParams } from "./params";

const STATUSES = new Set<string>(Object.values(ApplicationStatus));

export function builderfeeGenesis(k: BuilderfeeKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "blockchain.builderfee.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => ({ params: defaultBuilderfeeParams(), builderApplicationMap: [], approvedBuilderMap: [] }),
    // The invariants the messages keep: one application per type URL, and an approved builder
    // exactly for the approved applications, with their payout address.
    validate: (g) => {
      validateBuilderfeeParams(g.params ?? defaultBuilderfeeParams());
      const apps = new Map<string, GenesisState["builderApplicationMap"][number]>();
      for (const a of g.builderApplicationMap) {
        validateMsgTypeUrl(a.msgTypeUrl);
        accAddress.validate(a.creator);
        accAddress.validate(a.payoutAddress);
        if (!STATUSES.has(a.status)) throw sdkErrors.ErrInvalidRequest.wrap(`builder application ${a.msgTypeUrl}: unknown status ${JSON.stringify(a.status)}`);
        if (apps.has(a.msgTypeUrl)) throw sdkErrors.ErrInvalidRequest.wrap(`duplicate builder application for ${a.msgTypeUrl}`);
        apps.set(a.msgTypeUrl, a);
      }
      const approved = new Set<string>();
      for (const b of g.approvedBuilderMap) {
        if (approved.has(b.msgTypeUrl)) throw sdkErrors.ErrInvalidRequest.wrap(`duplicate approved builder for ${b.msgTypeUrl}`);
        approved.add(b.msgTypeUrl);
        const app = apps.get(b.msgTypeUrl);
        if (app?.status !== ApplicationStatus.approved || app.payoutAddress !== b.payoutAddress) {
          throw sdkErrors.ErrInvalidRequest.wrap(`approved builder of ${b.msgTypeUrl} has no matching approved application`);
        }
      }
      for (const a of apps.values()) {
        if (a.status === ApplicationStatus.approved && !approved.has(a.msgTypeUrl)) throw sdkErrors.ErrInvalidRequest.wrap(`approved application ${a.msgTypeUrl} has no approved builder`);
      }
    },
    init: (ctx, g) => {
      k.params.set(ctx, g.params ?? defaultBuilderfeeParams());
      for (const a of g.builderApplicationMap) k.applications.set(ctx, a.msgTypeUrl, a);
      for (const b of g.approvedBuilderMap) k.builders.set(ctx, b.msgTypeUrl, b);
    },
    export: (ctx) => ({
      params: k.getParams(ctx),
      builderApplicationMap: [...k.applications.iterate(ctx)].map(([, v]) => v),
      approvedBuilderMap: [...k.builders.iterate(ctx)].map(([, v]) => v),
    }),
  };
}
