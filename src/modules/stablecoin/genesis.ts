import { GenesisState } from "../../gen/blockchain/stablecoin/v1/genesis";
import { accAddress } from "../../types/address";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { validateCurrency } from "./currency";
import { ApplicationStatus, denomMetadata, type StablecoinBank, type StablecoinKeeper } from "./keeper";
import { defaultStablecoinParams, validateStablecoinParams } from "./params";

const STATUSES = new Set<string>(Object.values(ApplicationStatus));

export function stablecoinGenesis(k: StablecoinKeeper, bank: Pick<StablecoinBank, "getSupply" | "getDenomMetadata" | "setDenomMetadata">): GenesisDef<GenesisState> {
  return {
    typeName: "blockchain.stablecoin.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => ({ params: defaultStablecoinParams(), issuerApplicationMap: [], approvedIssuerMap: [] }),
    // The same invariants the messages keep: one application per denom, and an approved
    // issuer exactly for the approved applications, naming their creator.
    validate: (g) => {
      validateStablecoinParams(g.params ?? defaultStablecoinParams());
      const apps = new Map<string, GenesisState["issuerApplicationMap"][number]>();
      for (const a of g.issuerApplicationMap) {
        validateCurrency(a);
        accAddress.validate(a.creator);
        if (!STATUSES.has(a.status)) throw sdkErrors.ErrInvalidRequest.wrap(`issuer application ${a.denom}: unknown status ${JSON.stringify(a.status)}`);
        if (apps.has(a.denom)) throw sdkErrors.ErrInvalidRequest.wrap(`duplicate issuer application for ${a.denom}`);
        apps.set(a.denom, a);
      }
      const issued = new Set<string>();
      for (const i of g.approvedIssuerMap) {
        accAddress.validate(i.issuer);
        if (issued.has(i.denom)) throw sdkErrors.ErrInvalidRequest.wrap(`duplicate approved issuer for ${i.denom}`);
        issued.add(i.denom);
        const app = apps.get(i.denom);
        if (app?.status !== ApplicationStatus.approved || app.creator !== i.issuer) {
          throw sdkErrors.ErrInvalidRequest.wrap(`approved issuer of ${i.denom} has no matching approved application`);
        }
      }
      for (const a of apps.values()) {
        if (a.status === ApplicationStatus.approved && !issued.has(a.denom)) throw sdkErrors.ErrInvalidRequest.wrap(`approved application ${a.denom} has no approved issuer`);
      }
    },
    // Runs after bank (init order), so supply and metadata are already in place.
    init: (ctx, g) => {
      k.params.set(ctx, validateStablecoinParams(g.params ?? defaultStablecoinParams()));
      for (const a of g.issuerApplicationMap) {
        k.applications.set(ctx, a.denom, a);
        if (a.status === ApplicationStatus.approved) {
          if (!bank.getDenomMetadata(ctx, a.denom)) bank.setDenomMetadata(ctx, denomMetadata(a));
        } else if (bank.getSupply(ctx, a.denom) > 0n) {
          k.unissued.set(ctx, a.denom);
        }
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
