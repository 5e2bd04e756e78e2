import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * Vitest global setup: the tests spawn `bin/blockchaind.js`, which runs the compiled dist/, so
 * every run first brings dist/ up to date with the sources (a no-op when it was built from the
 * same inputs: scripts/build.mjs --if-changed).
 */
export default function buildDist(): void {
  const root = join(import.meta.dirname, "..", "..");
  execFileSync(process.execPath, [join(root, "scripts", "build.mjs"), "--if-changed", "--quiet"], { cwd: root, stdio: "inherit" });
}
