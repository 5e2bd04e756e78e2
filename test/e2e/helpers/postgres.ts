import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import pg from "pg";

/**
 * A throw-away PostgreSQL cluster from the OS's server packages (Debian: `postgresql`, whose
 * binaries live in /usr/lib/postgresql/<major>/bin, off PATH), on a free loopback port, with
 * trust authentication. initdb refuses to run as root, so as root the cluster belongs to the
 * `postgres` user the package creates.
 */
export interface ThrowawayPostgres {
  port: number;
  /** `postgres://postgres@127.0.0.1:<port>/<db>?sslmode=disable` */
  url(db: string): string;
  createDatabase(db: string): Promise<void>;
  stop(): void;
}

function postgresBinDir(): string {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) if (dir && existsSync(join(dir, "initdb"))) return dir;
  const root = "/usr/lib/postgresql";
  const majors = existsSync(root) ? readdirSync(root).filter((d) => /^\d+$/.test(d)) : [];
  majors.sort((a, b) => Number(b) - Number(a));
  for (const m of majors) if (existsSync(join(root, m, "bin", "initdb"))) return join(root, m, "bin");
  throw new Error("PostgreSQL server binaries (initdb, pg_ctl) not found: install the OS package `postgresql`");
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), "e2e-postgres-"));
  const asRoot = process.getuid?.() === 0;
  const runuser = ["/usr/sbin/runuser", "/sbin/runuser"].find((p) => existsSync(p)) ?? "runuser";
  // as root: the cluster's files and processes belong to `postgres`
  const run = (tool: string, args: string[]) =>
    execFileSync(asRoot ? runuser : join(bin, tool), asRoot ? ["-u", "postgres", "--", join(bin, tool), ...args] : args, {
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
    });
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  const port = await freePort();
  const stop = () => {
    try {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch {
      // not running
    }
    if (!process.env.E2E_KEEP) rmSync(dir, { recursive: true, force: true });
  };
  try {
    run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
    run("pg_ctl", [
      "-D",
      data,
      "-l",
      join(dir, "postgres.log"),
      "-w",
      "-t",
      "60",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`,
      "start",
    ]);
  } catch (e) {
    stop();
    const err = e as { stderr?: string; message: string };
    throw new Error(`throw-away Postgres did not start: ${err.stderr || err.message}`);
  }
  const url = (db: string) => `postgres://postgres@127.0.0.1:${port}/${db}?sslmode=disable`;
  return {
    port,
    url,
    async createDatabase(db: string) {
      const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(db)}`);
      } finally {
        await client.end();
      }
    },
    stop,
  };
}
