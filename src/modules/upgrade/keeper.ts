import { Plan } from "cosmjs-types/cosmos/upgrade/v1beta1/upgrade";
import { Schema } from "../../store/collections";
import { protoValue, stringKey, uint64Value } from "../../store/codecs";
import type { Context } from "../../types/context";
import { sdkErrors } from "../../types/errors";
import type { VersionMap } from "../../types/module";
import { upgradeErrors } from "./errors";
import { upgradeEvents } from "./events";
import type { ModuleManager } from "./expected-keepers";

export const UPGRADE_MODULE = "upgrade";

/**
 * What a binary runs for a plan it knows (the SDK's UpgradeHandler): gets the stored version
 * map, returns the new one; usually just the module manager's migrations.
 */
export type UpgradeHandler = (ctx: Context, plan: Plan, fromVM: VersionMap, mm: ModuleManager) => VersionMap;

/** One upgrade a binary can apply; without a handler it runs the registered migrations. */
export interface UpgradeDef {
  name: string;
  handler?: UpgradeHandler;
}

/** Go's zero time.Time as a Timestamp (gogoproto stdtime, non-nullable): the SDK's "no time". */
export const GO_ZERO_TIME = { seconds: -62135596800n, nanos: 0 };

function isZeroTime(t: Plan["time"] | undefined): boolean {
  if (!t) return true;
  // ts-proto's default (1970) and Go's zero time both mean "unset": cosmjs sends the former.
  return (t.seconds === 0n && t.nanos === 0) || (t.seconds === GO_ZERO_TIME.seconds && t.nanos === 0);
}

/** The SDK's Plan.ValidateBasic, wrapped with "plan" as its msg server does. */
export function validatePlan(p: Plan): void {
  const bad = (why: string) => sdkErrors.ErrInvalidRequest.wrap(`plan: ${why}`);
  if (!isZeroTime(p.time)) throw bad("time-based upgrades have been deprecated in the SDK");
  if (p.upgradedClientState) throw bad("upgrade logic for IBC has been moved to the IBC module");
  if (p.name.length === 0) throw bad("name cannot be empty");
  if (p.height <= 0n) throw bad("height must be greater than 0");
}

/** The SDK's upgrade-needed message, as operators and cosmovisor read it in the log. */
export function upgradeNeededMessage(plan: Plan): string {
  return `UPGRADE "${plan.name}" NEEDED at height: ${plan.height}: ${plan.info}`;
}

/**
 * The scheduled plan, the heights at which plans were applied and the module version map.
 * Nothing is written until governance schedules a plan (or a module starts above version 1),
 * so chains from before this module keep their app hashes.
 */
export class UpgradeKeeper {
  private readonly schema = new Schema("upgrade/");
  readonly plan = this.schema.item(1, "plan", protoValue(Plan, "Plan"));
  /** Plan name -> height at which it was applied. */
  readonly done = this.schema.map(2, "done", stringKey, uint64Value);
  /** Module name -> consensus version (the SDK's VersionMap); empty until a module is above 1 or an upgrade ran. */
  readonly versions = this.schema.map(3, "module_versions", stringKey, uint64Value);
  private readonly handlers = new Map<string, UpgradeHandler>();
  /** Whether this process has checked, once, that it is not older than the last applied upgrade. */
  private downgradeVerified = false;

  constructor(
    readonly modules: ModuleManager,
    upgrades: readonly UpgradeDef[],
    /** Told before the halt (the node writes cosmovisor's upgrade-info.json); outside state. */
    private readonly onUpgradeNeeded?: (plan: Plan) => void,
  ) {
    for (const u of upgrades) {
      if (this.handlers.has(u.name)) throw new Error(`upgrade handler ${u.name} registered twice`);
      this.handlers.set(u.name, u.handler ?? ((ctx, _plan, fromVM, mm) => mm.runMigrations(ctx, fromVM)));
    }
  }

  hasHandler(name: string): boolean {
    return this.handlers.has(name);
  }

  /** The SDK's ScheduleUpgrade: replaces any scheduled plan. */
  scheduleUpgrade(ctx: Context, plan: Plan): void {
    validatePlan(plan);
    if (plan.height < ctx.height) throw sdkErrors.ErrInvalidRequest.wrap("upgrade cannot be scheduled in the past");
    if (this.done.has(ctx, plan.name))
      throw upgradeErrors.ErrUpgradeCompleted.wrap(`upgrade with name ${plan.name} has already been completed`);
    const stored: Plan = { name: plan.name, time: GO_ZERO_TIME, height: plan.height, info: plan.info, upgradedClientState: undefined };
    this.plan.set(ctx, stored);
    upgradeEvents.scheduled(ctx, stored);
  }

  cancelUpgrade(ctx: Context): void {
    const plan = this.plan.get(ctx);
    this.plan.remove(ctx);
    upgradeEvents.cancelled(ctx, plan);
  }

  /** Height at which the named plan was applied; 0 when it never was. */
  doneHeight(ctx: Context, name: string): bigint {
    return this.done.get(ctx, name) ?? 0n;
  }

  /** The plan applied last (highest height), or undefined. */
  lastCompletedUpgrade(ctx: Context): { name: string; height: bigint } | undefined {
    let last: { name: string; height: bigint } | undefined;
    for (const [name, height] of this.done.iterate(ctx)) {
      if (!last || height > last.height) last = { name, height };
    }
    return last;
  }

  /**
   * The stored version map; on a chain that never stored one (every module was at version 1
   * at genesis and no upgrade has run yet), every module of this binary at version 1.
   */
  moduleVersionMap(ctx: Context): Map<string, number> {
    const stored = new Map<string, number>();
    for (const [name, v] of this.versions.iterate(ctx)) stored.set(name, Number(v));
    if (stored.size > 0) return stored;
    return new Map([...this.modules.versionMap().keys()].map((name) => [name, 1]));
  }

  setModuleVersionMap(ctx: Context, vm: VersionMap): void {
    for (const name of [...this.versions.keys(ctx)]) if (!vm.has(name)) this.versions.remove(ctx, name);
    for (const name of [...vm.keys()].sort()) this.versions.set(ctx, name, BigInt(vm.get(name)!));
  }

  /**
   * The SDK's InitChainer step SetModuleVersionMap(GetVersionMap()), except that a map where
   * every module is at version 1 is left implicit: genesis app hashes of chains started
   * before consensus versions existed stay what they were.
   */
  initVersionMap(ctx: Context): void {
    const vm = this.modules.versionMap();
    if ([...vm.values()].some((v) => v !== 1)) this.setModuleVersionMap(ctx, vm);
  }

  /** The SDK's ApplyUpgrade: handler, new version map, plan cleared, plan marked done at this height. */
  applyUpgrade(ctx: Context, plan: Plan): void {
    const handler = this.handlers.get(plan.name);
    if (!handler) throw new Error("applyUpgrade should never be called without first checking hasHandler");
    const updated = handler(ctx, plan, this.moduleVersionMap(ctx), this.modules);
    this.setModuleVersionMap(ctx, updated);
    this.plan.remove(ctx);
    this.done.set(ctx, plan.name, ctx.height);
    upgradeEvents.applied(ctx, plan);
  }

  /**
   * The SDK's x/upgrade PreBlocker. At the plan's height: without a handler, throw the
   * upgrade-needed message (FinalizeBlock fails and the node halts before any state
   * changes); with one, apply it. Before the height, a binary that already has the handler
   * halts too ("BINARY UPDATED BEFORE TRIGGER"). Once per process, a binary that lacks the
   * handler of the last applied upgrade refuses to run (a downgrade).
   */
  preBlock(ctx: Context): void {
    const plan = this.plan.get(ctx);
    const due = plan !== undefined && plan.height <= ctx.height;
    if (!this.downgradeVerified) {
      if (!due) {
        const last = this.lastCompletedUpgrade(ctx);
        if (last && !this.hasHandler(last.name)) {
          throw new Error(`wrong app version 0, upgrade handler is missing for ${last.name} upgrade plan`);
        }
      }
      this.downgradeVerified = true;
    }
    if (!plan) return;
    if (due) {
      if (!this.hasHandler(plan.name)) {
        const msg = upgradeNeededMessage(plan);
        this.onUpgradeNeeded?.(plan);
        ctx.logger.error({ module: UPGRADE_MODULE, height: ctx.height.toString() }, msg);
        throw new Error(msg);
      }
      ctx.logger.info({ module: UPGRADE_MODULE }, `applying upgrade "${plan.name}" at height: ${plan.height}`);
      this.applyUpgrade(ctx, plan);
      return;
    }
    if (this.hasHandler(plan.name)) {
      const msg = `BINARY UPDATED BEFORE TRIGGER! UPGRADE "${plan.name}" - in binary but not executed on chain. Downgrade your binary`;
      ctx.logger.error({ module: UPGRADE_MODULE }, msg);
      throw new Error(msg);
    }
  }
}
