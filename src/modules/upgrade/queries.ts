import * as q from "cosmjs-types/cosmos/upgrade/v1beta1/query";
import { govAuthority } from "../../types/authority";
import { defineQuery } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { QueryDef } from "../../types/module";
import { upgradeErrors } from "./errors";
import type { UpgradeKeeper } from "./keeper";

export function upgradeQueries(k: UpgradeKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryCurrentPlanRequest,
      responseCodec: q.QueryCurrentPlanResponse,
      handle: (ctx) => ({ plan: k.plan.get(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryAppliedPlanRequest,
      responseCodec: q.QueryAppliedPlanResponse,
      handle: (ctx, req) => ({ height: k.doneHeight(ctx, req.name) }),
    }),
    defineQuery({
      // Kept for IBC light clients; this chain has no IBC, so nothing is ever stored (the SDK's answer then).
      requestCodec: q.QueryUpgradedConsensusStateRequest,
      responseCodec: q.QueryUpgradedConsensusStateResponse,
      handle: () => {
        throw upgradeErrors.ErrNoUpgradedConsensusStateFound.wrap();
      },
    }),
    defineQuery({
      requestCodec: q.QueryModuleVersionsRequest,
      responseCodec: q.QueryModuleVersionsResponse,
      handle: (ctx, req) => {
        const vm = k.moduleVersionMap(ctx);
        if (req.moduleName.length > 0) {
          const version = vm.get(req.moduleName);
          if (version === undefined) throw sdkErrors.ErrNotFound.wrap(`x/upgrade: QueryModuleVersions module ${req.moduleName} not found`);
          return { moduleVersions: [{ name: req.moduleName, version: BigInt(version) }] };
        }
        const names = [...vm.keys()].sort();
        return { moduleVersions: names.map((name) => ({ name, version: BigInt(vm.get(name)!) })) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryAuthorityRequest,
      responseCodec: q.QueryAuthorityResponse,
      handle: () => ({ address: govAuthority() }),
    }),
  ];
}
