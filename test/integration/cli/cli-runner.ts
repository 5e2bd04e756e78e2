import { spawn } from "node:child_process";
import { BLOCKCHAIND_BIN } from "../../../src/cli/localnet";

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real `bin/blockchaind.js` as a child process (async, so an in-process node keeps serving). */
export function runCli(args: string[], o: { input?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BLOCKCHAIND_BIN, ...args], {
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, ...o.env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(o.input ?? "");
  });
}

/** Runs and requires exit 0; parses stdout as JSON when asked. */
export async function mustCli(args: string[], o: { input?: string; env?: Record<string, string> } = {}): Promise<string> {
  const r = await runCli(args, o);
  if (r.code !== 0) throw new Error(`blockchaind ${args.join(" ")} exited ${r.code}\n${r.stderr}\n${r.stdout}`);
  return r.stdout;
}
