import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { BLOCKCHAIND_BIN } from "../../../src/cli/localnet";
import { DEFAULT_APP_CONFIG, writeAppConfig } from "../../../src/cli/app-config";

export interface DevNodeProcess {
  rpcUrl: string;
  restUrl: string;
  child: ChildProcess;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/**
 * A real `blockchaind start --dev --home <home>` child process. Its app.toml asks for free
 * ports (port 0), so parallel test files never collide; the bound URLs come from the
 * "dev node started" log line.
 */
export async function startDevNode(home: string, blockIntervalMs = 200): Promise<DevNodeProcess> {
  mkdirSync(join(home, "config"), { recursive: true });
  writeAppConfig(join(home, "config", "app.toml"), {
    ...DEFAULT_APP_CONFIG,
    apiAddress: "tcp://127.0.0.1:0",
    rpcAddress: "tcp://127.0.0.1:0",
  });
  const child = spawn(process.execPath, [BLOCKCHAIND_BIN, "start", "--dev", "--home", home, "--block-interval", String(blockIntervalMs)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const started = await new Promise<{ rpc: string; rest: string }>((resolve, reject) => {
    let buffered = "";
    const timer = setTimeout(() => reject(new Error(`start --dev did not come up in 60s\n${stderr}`)), 60_000);
    child.stdout!.on("data", (d) => {
      buffered += d;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.includes('"dev node started"')) continue;
        clearTimeout(timer);
        const log = JSON.parse(line) as { rpc: string; rest: string };
        resolve({ rpc: log.rpc, rest: log.rest });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`start --dev exited with ${code}\n${stderr}`));
    });
  });
  return {
    rpcUrl: started.rpc,
    restUrl: started.rest,
    child,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Resolves once the node's RPC reports at least `height`. */
export async function waitForHeight(rpcUrl: string, height: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${rpcUrl}/status`)
      .then((r) => r.json() as Promise<any>)
      .catch(() => undefined);
    if (Number(res?.result?.sync_info?.latest_block_height ?? 0) >= height) return;
    if (Date.now() > deadline) throw new Error(`height ${height} not reached within ${timeoutMs}ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
