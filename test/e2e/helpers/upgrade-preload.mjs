// The "next release" of the e2e upgrade: preloaded into `blockchaind start` (NODE_OPTIONS=--import),
// it registers a handler for the plan named by E2E_UPGRADE_NAME before the CLI builds its modules,
// as a release would by adding the entry to src/app/upgrades.ts. The handler counts its runs in
// state (E2E_UPGRADE_RUNS_KEY) and then runs every module's migrations.
import { register } from "tsx/esm/api";

register();
const { CHAIN_UPGRADES } = await import(new URL("../../../src/app/upgrades.ts", import.meta.url).href);
const name = process.env.E2E_UPGRADE_NAME;
if (name) {
  const key = new TextEncoder().encode("e2e-upgrade/runs");
  CHAIN_UPGRADES.push({
    name,
    handler: (ctx, _plan, fromVM, mm) => {
      const raw = ctx.store.get(key);
      ctx.store.set(key, Uint8Array.of((raw ? raw[0] : 0) + 1));
      return mm.runMigrations(ctx, fromVM);
    },
  });
}
