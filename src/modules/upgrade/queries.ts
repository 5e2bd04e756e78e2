import * as q from "cosmjs-types/cosmos/upgrade/v1beta1/query";
import { govAuthority } from "../../types/authority";
import { defineQuery } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { QueryDef } from "../../types/module";
import { upgradeErrors } from "./errors";
import type { UpgradeKeeper } from "./keeper";

const P = "/cosmos.upgrade.v1beta1.Query/";
const R = "/cosmos/upgrade/v1beta1";

export function upgradeQueries(k: UpgradeKeeper): QueryDef[] {
  return [
    defineQuery({
      path: P + "CurrentPlan", requestCodec: q.QueryCurrentPlanRequest, responseCodec: q.QueryCurrentPlanResponse, rest: `${R}/current_plan`,
      handle: (ctx) => ({ plan: k.plan.get(ctx) }),
    }),
    defineQuery({
      path: P + "AppliedPlan", requestCodec: q.QueryAppliedPlanRequest, responseCodec: q.QueryAppliedPlanResponse, rest: `${R}/applied_plan/{name}`,
      handle: (ctx, req) => ({ height: k.doneHeight(ctx, req.name) }),
    }),
    defineQuery({
      // Kept for IBC light clients; this chain has no IBC, so nothing is ever stored (the SDK's answer then).
      path: P + "UpgradedConsensusState", requestCodec: q.QueryUpgradedConsensusStateRequest, responseCodec: q.QueryUpgradedConsensusStateResponse,
      rest: `${R}/upgraded_consensus_state/{last_height}`,
      handle: () => {
        throw upgradeErrors.ErrNoUpgradedConsensusStateFound.wrap();
      },
    }),
    defineQuery({
      path: P + "ModuleVersions", requestCodec: q.QueryModuleVersionsRequest, responseCodec: q.QueryModuleVersionsResponse, rest: `${R}/module_versions`,
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
      path: P + "Authority", requestCodec: q.QueryAuthorityRequest, responseCodec: q.QueryAuthorityResponse, rest: `${R}/authority`,
      handle: () => ({ address: govAuthority() }),
    }),
  ];
}
