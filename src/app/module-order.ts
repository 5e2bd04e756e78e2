import type { Module } from "../types/module";

/** The block and genesis orders, by module name (the SDK's SetOrderBeginBlockers & co.). */
export interface ModuleOrderNames {
  preBlock: readonly string[];
  beginBlock: readonly string[];
  endBlock: readonly string[];
  initGenesis: readonly string[];
}

export interface ModuleOrders {
  preBlockOrder: Module[];
  beginBlockOrder: Module[];
  endBlockOrder: Module[];
  initGenesisOrder: Module[];
}

const HOOK_OF = {
  preBlock: (m: Module) => m.preBlock !== undefined,
  beginBlock: (m: Module) => m.beginBlock !== undefined,
  endBlock: (m: Module) => m.endBlock !== undefined,
  initGenesis: (m: Module) => m.genesis !== undefined,
} as const;

/**
 * Resolves the order lists and refuses, at start, a wiring that would silently skip work:
 * a name no module has, a name listed twice, two modules of one name, or a module with a
 * pre/begin/end blocker or genesis that its list forgets (the SDK's assertNoForgottenModules).
 */
export function resolveModuleOrders(modules: readonly Module[], names: ModuleOrderNames): ModuleOrders {
  const byName = new Map<string, Module>();
  for (const m of modules) {
    if (byName.has(m.name)) throw new Error(`module wiring: two modules are named "${m.name}"`);
    byName.set(m.name, m);
  }
  const resolve = (list: keyof ModuleOrderNames): Module[] => {
    const listed = new Set<string>();
    for (const name of names[list]) {
      if (!byName.has(name)) throw new Error(`module wiring: the ${list} order names "${name}", which is not a registered module`);
      if (listed.has(name)) throw new Error(`module wiring: the ${list} order names "${name}" twice`);
      listed.add(name);
    }
    const has = HOOK_OF[list];
    const forgotten = modules.filter((m) => has(m) && !listed.has(m.name)).map((m) => m.name);
    if (forgotten.length > 0) {
      throw new Error(`module wiring: the ${list} order is missing ${forgotten.map((n) => `"${n}"`).join(", ")} (src/app/modules.ts)`);
    }
    return names[list].map((name) => byName.get(name)!).filter(has);
  };
  return {
    preBlockOrder: resolve("preBlock"),
    beginBlockOrder: resolve("beginBlock"),
    endBlockOrder: resolve("endBlock"),
    initGenesisOrder: resolve("initGenesis"),
  };
}
