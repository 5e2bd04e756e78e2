import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App } from "../../src/app/app";
import type { ModuleSet } from "../../src/app/module-set";
import { silentLogger } from "../../src/types/logger";

/** An app with no state in its own temporary directory; `close` closes it and removes the directory. */
export async function freshApp(prefix: string, modules: ModuleSet): Promise<{ app: App; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  let app: App;
  try {
    app = await App.open({ dataDir: dir, modules, logger: silentLogger });
  } catch (e) {
    remove();
    throw e;
  }
  return {
    app,
    close: async () => {
      await app.close();
      remove();
    },
  };
}
