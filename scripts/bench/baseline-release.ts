/**
 * The baseline of the node-core benchmark: an earlier commit's tree, prepared by
 * scripts/prepare-release.sh as the upgrade e2e prepares the previous release — extracted once
 * (git archive, this checkout left alone) into a cache shared by both and reused. Its
 * node_modules is a symlink to this checkout's when both package-lock.json files are equal,
 * else its own `npm ci`: the baseline runs with the dependencies it was released with.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { existsSync, lstatSync } from "node:fs";
import type { BaselineChoice } from "./node-core-stats";
import { NEEDED_FILES, TOO_OLD_HINT } from "./node-core-tree";

export interface Baseline {
  /** What was asked for (`v0.3.0`, a sha, a branch). */
  ref: string;
  sha: string;
  /** The prepared tree's directory. */
  root: string;
  /** Where it is and which node_modules it runs with. */
  note: string;
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

function gitError(e: unknown): string {
  const stderr = (e as { stderr?: string }).stderr;
  return (stderr && stderr.trim()) || (e instanceof Error ? e.message : String(e));
}

/** This checkout's top directory, HEAD and whether its tracked files differ from HEAD; undefined outside git. */
export function currentCheckout(cwd: string): { top: string; head: string; dirty: boolean } | undefined {
  try {
    const top = git(cwd, "rev-parse", "--show-toplevel");
    return { top, head: git(top, "rev-parse", "HEAD"), dirty: git(top, "status", "--porcelain", "--untracked-files=no") !== "" };
  } catch {
    return undefined;
  }
}

/**
 * The commit to compare with: the given commit-ish, or the latest release tag reachable from
 * HEAD. Throws, saying why, for a ref that is no commit here or a commit too old for the workload.
 */
export function resolveBaseline(top: string, choice: Exclude<BaselineChoice, { kind: "none" }>): { ref: string; sha: string } {
  let ref: string;
  if (choice.kind === "commit") ref = choice.ref;
  else {
    try {
      ref = git(top, "describe", "--tags", "--abbrev=0");
    } catch (e) {
      throw new Error(`no release tag reachable from HEAD (${gitError(e)}): pass --baseline <commit-ish>, or --no-baseline`);
    }
  }
  let sha: string;
  try {
    sha = git(top, "rev-parse", "--verify", "--quiet", `${ref}^{commit}`);
  } catch {
    throw new Error(`baseline ${ref}: not a commit in this repository (a shallow clone may lack it: git fetch --unshallow --tags)`);
  }
  const absent = NEEDED_FILES.filter((f) => {
    try {
      git(top, "cat-file", "-e", `${sha}:${f}`);
      return false;
    } catch {
      return true;
    }
  });
  if (absent.length > 0)
    throw new Error(`baseline ${ref} (${sha.slice(0, 12)}) is too old: it has no ${absent.join(", ")}; ${TOO_OLD_HINT}`);
  return { ref, sha };
}

/** The commit's tree, ready to run (prepared on first use: a git archive, and `npm ci` if its lock file differs). */
export function prepareBaseline(top: string, ref: string, sha: string): Baseline {
  let root: string;
  try {
    const out = execFileSync("bash", [join(top, "scripts", "prepare-release.sh"), sha], {
      cwd: top,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    root = out.trim().split("\n").at(-1)!;
  } catch (e) {
    throw new Error(`scripts/prepare-release.sh ${sha.slice(0, 12)} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  const modules = join(root, "node_modules");
  const shared = existsSync(modules) && lstatSync(modules).isSymbolicLink();
  const note = `${root}, ${shared ? "with this checkout's node_modules (same package-lock.json)" : "with its own node_modules (its package-lock.json differs from this checkout's)"}`;
  return { ref, sha, root, note };
}
