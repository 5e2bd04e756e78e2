/**
 * A memory cgroup for the reopened store (`bench:memory --memory-limit <MB>`): the process runs
 * as a node in a container of that size would, and Node sizes V8's heap from the limit it
 * sees. Needs root and a cgroup file system with the memory controller, v1 (a `memory`
 * hierarchy) or v2 (unified, `memory` among its controllers).
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface MemoryCgroup {
  dir: string;
  /** `command` started inside the group: a shell that joins it, then execs the command. */
  launch(command: [string, string[]]): [string, string[]];
  /** Peak memory charged to the group (anonymous memory and page cache), bytes. */
  peak(): number;
  /** Times the kernel's OOM killer killed a process of the group. */
  oomKills(): number;
  remove(): void;
}

const V1 = "/sys/fs/cgroup/memory";
const V2 = "/sys/fs/cgroup";

export function memoryCgroup(name: string, limitBytes: number): MemoryCgroup {
  const v1 = existsSync(join(V1, "memory.limit_in_bytes"));
  const v2 = !v1 && existsSync(join(V2, "cgroup.controllers")) && readFileSync(join(V2, "cgroup.controllers"), "utf8").includes("memory");
  if (!v1 && !v2) throw new Error("--memory-limit: no cgroup file system with the memory controller here");
  const dir = join(v1 ? V1 : V2, name);
  try {
    mkdirSync(dir);
    if (v1) {
      writeFileSync(join(dir, "memory.limit_in_bytes"), String(limitBytes));
      // No swap beyond the limit either (where the kernel accounts swap).
      if (existsSync(join(dir, "memory.memsw.limit_in_bytes"))) writeFileSync(join(dir, "memory.memsw.limit_in_bytes"), String(limitBytes));
    } else {
      writeFileSync(join(dir, "memory.max"), String(limitBytes));
      writeFileSync(join(dir, "memory.swap.max"), "0");
    }
  } catch (e) {
    throw new Error(`--memory-limit: cannot set up ${dir} (root is needed): ${(e as Error).message}`);
  }
  const read = (file: string) => readFileSync(join(dir, file), "utf8");
  return {
    dir,
    launch: ([cmd, args]) => ["sh", ["-c", `echo $$ > ${join(dir, "cgroup.procs")} && exec "$@"`, "sh", cmd, ...args]],
    peak: () => Number((v1 ? read("memory.max_usage_in_bytes") : read("memory.peak")).trim()),
    oomKills: () => Number(/oom_kill (\d+)/.exec(read(v1 ? "memory.oom_control" : "memory.events"))?.[1] ?? 0),
    remove: () => rmdirSync(dir),
  };
}
