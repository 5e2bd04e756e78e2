import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { PROJECT_ROOT } from "../../../src/cli/home";

/** The release before this one (tag v0.3.0), by commit: a fresh clone may not carry the tag. */
export const PREVIOUS_RELEASE_COMMIT = "fd597eb79b3d0b37f60a503332b639712f46fe5e";

/** The previous release's tree with its node_modules, ready to run (scripts/prepare-release.sh; cached across runs). */
export function previousRelease(commit = PREVIOUS_RELEASE_COMMIT): string {
  const out = execFileSync("bash", [join(PROJECT_ROOT, "scripts", "prepare-release.sh"), commit], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  return out.trim().split("\n").at(-1)!;
}
