import type { Command } from "commander";

export type OutputFormat = "json" | "text";

/** Bad input from the user: exit code 1, as commander's own usage errors. */
export class UsageError extends Error {}

/** The node refused or could not be reached, or a tx failed: exit code 2 with code/codespace/log. */
export class NodeError extends Error {
  constructor(
    message: string,
    readonly result?: { code: number; codespace: string; log: string; txhash?: string },
  ) {
    super(message);
  }
}

export const jsonText = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x), 2);

/** YAML-like rendering of a JSON value: what `--output text` prints. */
export function toText(value: unknown, indent = ""): string {
  if (value === null || value === undefined) return "null";
  if (typeof value !== "object") return scalarText(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return value.map((v) => `\n${indent}- ${toText(v, `${indent}  `).replace(/^\n\s*/, "")}`).join("");
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return "{}";
  return entries
    .map(([k, v]) => {
      const body = toText(v, `${indent}  `);
      const nested = typeof v === "object" && v !== null && body !== "[]" && body !== "{}";
      return `\n${indent}${k}:${nested ? body : ` ${body}`}`;
    })
    .join("");
}

function scalarText(v: unknown): string {
  if (typeof v === "string")
    return v === "" || /^[\s\-?:,[\]{}#&*!|>'"%@`]|: |\s$|^(true|false|null|[0-9.+-]+)$/.test(v) ? JSON.stringify(v) : v;
  return String(v);
}

export function print(value: unknown, format: OutputFormat): void {
  if (format === "text") process.stdout.write(`${toText(value).replace(/^\n/, "")}\n`);
  else process.stdout.write(`${jsonText(value)}\n`);
}

/**
 * Wraps a command action so failures end with the exit codes scripts rely on: 1 for usage
 * errors, 2 for node and tx failures (the code, codespace and log on stderr).
 */
export function action<A extends unknown[]>(fn: (...args: A) => Promise<void> | void): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await fn(...args);
    } catch (e) {
      if (e instanceof NodeError) {
        process.stderr.write(`Error: ${e.message}\n`);
        if (e.result) process.stderr.write(`${jsonText(e.result)}\n`);
        process.exit(2);
      }
      process.stderr.write(`Error: ${(e as Error).message}\n`);
      process.exit(1);
    }
  };
}

export function outputOf(cmd: Command): OutputFormat {
  return (cmd.opts().output as OutputFormat | undefined) ?? "text";
}
