import { MsgCancelUpgrade, MsgSoftwareUpgrade } from "cosmjs-types/cosmos/upgrade/v1beta1/tx";
import {
  QueryAppliedPlanRequest,
  QueryAppliedPlanResponse,
  QueryCurrentPlanRequest,
  QueryCurrentPlanResponse,
  QueryModuleVersionsRequest,
  QueryModuleVersionsResponse,
} from "cosmjs-types/cosmos/upgrade/v1beta1/query";
import type { BuildOptions } from "../../../src/app/modules";
import { govAuthority } from "../../../src/types/authority";
import type { AnyMsg } from "../../../src/types/codec";
import type { Context } from "../../../src/types/context";
import type { Module } from "../../../src/types/module";
import { pack, type TestChain } from "../../helpers/chain";

export const PLAN_NAME = "v2";
export const PLAN_INFO = '{"binaries":{"linux/amd64":"https://example.org/blockchaind-v2"}}';

/** Raw key the test module's migration counts its runs under. */
export const MIGRATION_RUNS_KEY = new TextEncoder().encode("testmig/migration_runs");

function runs(ctx: Context): number {
  const raw = ctx.store.get(MIGRATION_RUNS_KEY);
  return raw ? raw[0] : 0;
}

/** A module at version 1 (the old binary) or 2 with its 1 -> 2 migration (the new binary). */
export function testMigModule(version: 1 | 2): Module {
  if (version === 1) return { name: "testmig" };
  return {
    name: "testmig",
    consensusVersion: 2,
    migrations: [{ from: 1, migrate: (ctx) => ctx.store.set(MIGRATION_RUNS_KEY, Uint8Array.of(runs(ctx) + 1)) }],
  };
}

/** The binary before the upgrade: no handler for the plan. */
export const OLD_BINARY: BuildOptions = { extraModules: [testMigModule(1)], upgrades: [] };
/** The binary that answers the plan: its handler runs the registered migrations. */
export const NEW_BINARY: BuildOptions = { extraModules: [testMigModule(2)], upgrades: [{ name: PLAN_NAME }] };

export function migrationRuns(chain: TestChain): number {
  return runs(chain.app.queryContext());
}

export function softwareUpgrade(height: bigint, name = PLAN_NAME, info = PLAN_INFO, authority = govAuthority()): AnyMsg {
  return pack(
    "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade",
    MsgSoftwareUpgrade,
    MsgSoftwareUpgrade.fromPartial({ authority, plan: { name, height, info } }),
  );
}

export function cancelUpgrade(authority = govAuthority()): AnyMsg {
  return pack("/cosmos.upgrade.v1beta1.MsgCancelUpgrade", MsgCancelUpgrade, { authority });
}

export function currentPlan(chain: TestChain) {
  return chain.query("/cosmos.upgrade.v1beta1.Query/CurrentPlan", QueryCurrentPlanRequest, {}, QueryCurrentPlanResponse).plan;
}

export function appliedHeight(chain: TestChain, name = PLAN_NAME): bigint {
  return chain.query("/cosmos.upgrade.v1beta1.Query/AppliedPlan", QueryAppliedPlanRequest, { name }, QueryAppliedPlanResponse).height;
}

export function moduleVersions(chain: TestChain, moduleName = ""): Record<string, bigint> {
  const res = chain.query(
    "/cosmos.upgrade.v1beta1.Query/ModuleVersions",
    QueryModuleVersionsRequest,
    { moduleName },
    QueryModuleVersionsResponse,
  );
  return Object.fromEntries(res.moduleVersions.map((v) => [v.name, v.version]));
}

export function upgradeNeeded(height: bigint): string {
  return `UPGRADE "${PLAN_NAME}" NEEDED at height: ${height}: ${PLAN_INFO}`;
}
