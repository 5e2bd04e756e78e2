import type { Context } from "../../types/context";
import type { VersionMap } from "../../types/module";

/** What x/upgrade needs from the app's module list (the SDK's module.Manager), wired in src/app/modules.ts. */
export interface ModuleManager {
  /** The running binary's consensus version of every module. */
  versionMap(): VersionMap;
  /** Runs every registered migration from `fromVM` to the binary's versions; returns the new map. */
  runMigrations(ctx: Context, fromVM: VersionMap): VersionMap;
}
