import type { Context } from "../types/context";
import { sdkErrors } from "../types/errors";
import type { Module, VersionMap } from "../types/module";

/** A module's consensus version; unset is 1, the version every module had before versions existed. */
export function consensusVersionOf(m: Module): number {
  return m.consensusVersion ?? 1;
}

function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The binary's version map (the SDK's Manager.GetVersionMap), in name order. */
export function currentVersionMap(modules: readonly Module[]): Map<string, number> {
  return new Map([...modules].sort((a, b) => byName(a.name, b.name)).map((m) => [m.name, consensusVersionOf(m)]));
}

/**
 * Refuses at start a module whose version or migrations cannot be right: a version below 1,
 * a migration outside 1..version-1 or registered twice (the SDK's configurator panics alike).
 */
export function assertMigrations(modules: readonly Module[]): void {
  for (const m of modules) {
    const v = consensusVersionOf(m);
    if (!Number.isSafeInteger(v) || v < 1) throw new Error(`module ${m.name}: consensus version must be an integer >= 1, got ${v}`);
    const seen = new Set<number>();
    for (const mig of m.migrations ?? []) {
      if (!Number.isSafeInteger(mig.from) || mig.from < 1 || mig.from >= v) {
        throw new Error(`module ${m.name}: migration from version ${mig.from} is outside 1..${v - 1} (consensus version ${v})`);
      }
      if (seen.has(mig.from)) throw new Error(`module ${m.name}: migration from version ${mig.from} registered twice`);
      seen.add(mig.from);
    }
  }
}

/** The SDK's DefaultMigrationsOrder: module names sorted, auth last (its migration reads the others' state). */
export function migrationOrder(modules: readonly Module[]): Module[] {
  const sorted = [...modules].sort((a, b) => byName(a.name, b.name));
  return [...sorted.filter((m) => m.name !== "auth"), ...sorted.filter((m) => m.name === "auth")];
}

/**
 * The SDK's Manager.RunMigrations: for each module, every registered migration from its
 * version in `fromVM` up to its current consensus version, in order; a module missing from
 * `fromVM` is new and gets its default genesis instead. Returns the new version map. Runs in
 * the caller's context: a throw leaves nothing behind, and the upgrade block fails.
 */
export function runMigrations(ctx: Context, modules: readonly Module[], fromVM: VersionMap): Map<string, number> {
  for (const m of migrationOrder(modules)) {
    const to = consensusVersionOf(m);
    const from = fromVM.get(m.name);
    if (from === undefined) {
      if (m.genesis) m.genesis.init(ctx, m.genesis.defaultGenesis());
      continue;
    }
    if (from > to) throw sdkErrors.ErrInvalidVersion.wrap(`module ${m.name} cannot go from consensus version ${from} down to ${to}`);
    for (let v = from; v < to; v++) {
      const mig = (m.migrations ?? []).find((x) => x.from === v);
      if (!mig) throw sdkErrors.ErrNotFound.wrap(`no migration found for module ${m.name} from version ${v} to version ${v + 1}`);
      mig.migrate(ctx);
    }
  }
  return currentVersionMap(modules);
}
