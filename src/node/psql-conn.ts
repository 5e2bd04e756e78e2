import type { PoolConfig } from "pg";

const SSL_MODES = ["disable", "require", "verify-ca", "verify-full"] as const;
type SslMode = (typeof SSL_MODES)[number];

/**
 * Checks a `psql-conn` string before it reaches config.toml. Two clients read it: CometBFT's
 * sink (Go's lib/pq) and the node's tx search (node-postgres). The URL form is the one both
 * parse alike, and `sslmode` must be explicit because the two disagree on its default
 * (lib/pq requires TLS, node-postgres does not use it). Returns the string unchanged.
 */
export function checkPsqlConn(conn: string): string {
  const form = "postgres://user:password@host:5432/dbname?sslmode=disable";
  if (/[\s"'\\]/.test(conn.trim()) || /[\u0000-\u001f]/.test(conn))
    throw new Error(`--psql-conn must be a URL without spaces or quotes, like ${form}`);
  let url: URL;
  try {
    url = new URL(conn);
  } catch {
    throw new Error(`--psql-conn is not a URL: expected ${form}`);
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:")
    throw new Error(`--psql-conn must start with postgres:// or postgresql://, like ${form}`);
  if (url.hostname === "" && !url.searchParams.get("host"))
    throw new Error(`--psql-conn names no host (a host name, or ?host=<socket directory>), like ${form}`);
  if (decodeURIComponent(url.pathname.replace(/^\//, "")) === "") throw new Error(`--psql-conn names no database, like ${form}`);
  const mode = url.searchParams.get("sslmode");
  if (mode === null)
    throw new Error(`--psql-conn must set sslmode (${SSL_MODES.join(", ")}): CometBFT requires TLS when it is left out, e.g. ${form}`);
  if (!(SSL_MODES as readonly string[]).includes(mode))
    throw new Error(`--psql-conn sslmode=${mode} is not one of ${SSL_MODES.join(", ")}`);
  return conn;
}

/** The connection string with its password replaced, for logs and messages. */
export function redactPsqlConn(conn: string): string {
  try {
    const url = new URL(conn);
    if (url.password !== "") url.password = "***";
    return url.toString();
  } catch {
    return "<unparsable connection string>";
  }
}

function sslOf(mode: SslMode): PoolConfig["ssl"] {
  switch (mode) {
    case "disable":
      return false;
    case "require":
      return { rejectUnauthorized: false };
    default:
      return { rejectUnauthorized: true };
  }
}

/**
 * node-postgres settings for a checked `psql-conn`, with TLS as lib/pq reads sslmode
 * (`require` encrypts without verifying the server; the verify modes verify it).
 */
export function pgConfigOf(conn: string, extra: PoolConfig = {}): PoolConfig {
  const url = new URL(checkPsqlConn(conn));
  const mode = url.searchParams.get("sslmode") as SslMode;
  url.searchParams.delete("sslmode");
  return { ...extra, connectionString: url.toString(), ssl: sslOf(mode) };
}
