import { GenesisState } from "../../gen/blockchain/tokenisation/v1/genesis";
import { Status, VerificationMode } from "../../gen/blockchain/tokenisation/v1/tokenisation";
import { accAddress } from "../../types/address";
import { isValidDenom } from "../../types/coins";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { decFromWire } from "../../types/dec";
import { positionOf, tradingHalted, validateAttestorRegister, type TokenisationKeeper } from "./keeper";
import { defaultTokenisationParams, validateTokenisationParams } from "./params";

function invalid(detail: string): never {
  throw sdkErrors.ErrInvalidRequest.wrap(`tokenisation genesis: ${detail}`);
}

export function tokenisationGenesis(k: TokenisationKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "blockchain.tokenisation.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => ({
      params: defaultTokenisationParams(),
      collections: [],
      assets: [],
      vaults: [],
      positions: [],
      saleReports: [],
      nextAssetId: 1n,
    }),
    validate: (g) => {
      validateTokenisationParams(g.params ?? defaultTokenisationParams());
      const collections = new Set<string>();
      for (const c of g.collections) {
        if (collections.has(c.id)) invalid(`collection ${c.id} listed twice`);
        collections.add(c.id);
        if (c.authority !== "") accAddress.validate(c.authority);
        if (c.verification === VerificationMode.VERIFY_ATTESTORS) validateAttestorRegister(c.attestationThreshold, c.attestors);
      }
      const denoms = new Set<string>();
      const assets = new Map<bigint, GenesisState["assets"][number]>();
      for (const a of g.assets) {
        if (a.id === 0n || a.id >= g.nextAssetId) invalid(`asset id ${a.id} must be within 1..next_asset_id-1`);
        if (assets.has(a.id)) invalid(`asset ${a.id} listed twice`);
        if (!collections.has(a.collectionId)) invalid(`asset ${a.id} names unknown collection ${a.collectionId}`);
        if (a.status === Status.STATUS_UNSPECIFIED || !(a.status in Status)) invalid(`asset ${a.id} has no status`);
        if (a.owner !== "") accAddress.validate(a.owner);
        if (a.fractionDenom !== "") {
          // Assets fractionalised before version 2 keep their `tokenisation/<id>` denom: any valid, unique denom is accepted.
          if (!isValidDenom(a.fractionDenom) || denoms.has(a.fractionDenom)) invalid(`asset ${a.id} fraction denom ${a.fractionDenom}`);
          denoms.add(a.fractionDenom);
        }
        assets.set(a.id, a);
      }
      const vaults = new Set<bigint>();
      for (const v of g.vaults) {
        const a = assets.get(v.assetId);
        if (!a || a.fractionDenom === "") invalid(`vault of asset ${v.assetId} without a fractionalised asset`);
        if (vaults.has(v.assetId)) invalid(`vault ${v.assetId} listed twice`);
        vaults.add(v.assetId);
        decFromWire(v.cumulativePerToken);
      }
      for (const a of assets.values()) if (a.fractionDenom !== "" && !vaults.has(a.id)) invalid(`asset ${a.id} has no vault`);
      const positions = new Set<string>();
      for (const p of g.positions) {
        if (!vaults.has(p.assetId)) invalid(`position on asset ${p.assetId} without a vault`);
        accAddress.validate(p.holder);
        const key = `${p.assetId}/${p.holder}`;
        if (positions.has(key)) invalid(`position ${key} listed twice`);
        positions.add(key);
        decFromWire(p.lastIndex);
        if (!/^[0-9]+$/.test(p.accrued)) invalid(`position ${key} accrued ${p.accrued}`);
      }
      for (const s of g.saleReports) {
        if (!vaults.has(s.assetId)) invalid(`sale report on asset ${s.assetId} without a vault`);
      }
    },
    init: (ctx, g) => {
      k.params.set(ctx, validateTokenisationParams(g.params ?? defaultTokenisationParams()));
      for (const c of g.collections) k.collections.set(ctx, c.id, c);
      for (const a of g.assets) k.assets.set(ctx, a.id, a);
      const byId = new Map(g.assets.map((a) => [a.id, a]));
      for (const v of g.vaults) {
        k.vaults.set(ctx, v.assetId, v);
        const a = byId.get(v.assetId)!;
        k.setShareState(ctx, a.fractionDenom, { assetId: a.id, index: decFromWire(v.cumulativePerToken), halted: tradingHalted(a.status) });
      }
      for (const p of g.positions) k.setSlot(ctx, p.assetId, p.holder, { lastIndex: decFromWire(p.lastIndex), accrued: BigInt(p.accrued) });
      for (const s of g.saleReports) k.sales.set(ctx, s.assetId, s);
      k.rebuildParcelShareIssued(ctx);
      k.nextAssetId.set(ctx, g.nextAssetId === 0n ? 1n : g.nextAssetId);
    },
    export: (ctx) => ({
      params: k.getParams(ctx),
      collections: [...k.collections.iterate(ctx)].map(([, v]) => v),
      assets: [...k.assets.iterate(ctx)].map(([, v]) => v),
      vaults: [...k.vaults.iterate(ctx)].map(([, v]) => v),
      positions: [...k.positions.iterate(ctx)].map(([key, v]) => positionOf(key, v)),
      saleReports: [...k.sales.iterate(ctx)].map(([, v]) => v),
      nextAssetId: k.nextAssetId.peek(ctx),
    }),
  };
}
