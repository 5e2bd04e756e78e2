import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BLOCKCHAIND_BIN } from "../../../src/cli/localnet";

// stdout is a pipe here, never a terminal: the default is JSON.
const home = mkdtempSync(join(tmpdir(), "dev-logs-"));
mkdirSync(join(home, "config"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** app.toml with free ports, plus the given top-level keys. */
function appToml(top = ""): void {
  writeFileSync(
    join(home, "config", "app.toml"),
    `${top}\n[api]\nenable = true\naddress = "tcp://127.0.0.1:0"\n[rpc]\naddress = "tcp://127.0.0.1:0"\n`,
  );
}

let height = 0;

/** `start --dev` for two more blocks, to its halt height; its stdout lines. */
function run(...flags: string[]): string[] {
  height += 2;
  const out = execFileSync(
    process.execPath,
    [BLOCKCHAIND_BIN, "start", "--dev", "--home", home, "--block-interval", "50", "--halt-height", String(height), ...flags],
    { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 60_000, env: { ...process.env, NO_COLOR: "" } },
  );
  return out.split("\n").filter(Boolean);
}

const PLAIN_BLOCK = /^\d\d:\d\d:\d\d\.\d{3} INF engine: committed block height=(\d+) txs=0 ms=\d+(\.\d)? appHash=[0-9A-F]{12}$/;

describe("start --dev logs", () => {
  it("writes JSON lines when stdout is not a terminal, one per committed block with height, txs, ms and a short app hash", () => {
    appToml();
    const records = run().map((l) => JSON.parse(l) as Record<string, unknown>);
    const blocks = records.filter((r) => r.msg === "committed block");
    expect(blocks.map((b) => b.height)).toEqual(["1", "2"]);
    for (const b of blocks) {
      expect(b).toMatchObject({ level: 30, module: "engine", txs: 0 });
      expect(typeof b.ms).toBe("number");
      expect(b.appHash).toMatch(/^[0-9A-F]{12}$/);
    }
    expect(records.some((r) => r.msg === "dev node started")).toBe(true);
  });

  it("writes plain lines with --log_format plain, uncoloured off a terminal", () => {
    const lines = run("--log_format", "plain");
    expect(lines.filter((l) => PLAIN_BLOCK.test(l)).map((l) => Number(PLAIN_BLOCK.exec(l)![1]))).toEqual([3, 4]);
    expect(lines.some((l) => / INF dev node started home=/.test(l))).toBe(true);
    expect(lines.join("\n")).not.toContain("\u001b[");
    expect(lines.some((l) => l.startsWith("{"))).toBe(false);
  });

  it("filters by module with --log_level", () => {
    const onlyEngine = run("--log_level", "*:warn,engine:info").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(onlyEngine.length).toBe(2);
    expect(onlyEngine.every((r) => r.module === "engine" && r.msg === "committed block")).toBe(true);
  });

  it("reads log_level and log_format from app.toml; the flags win over them", () => {
    appToml('log_level = "*:error,engine:info"\nlog_format = "plain"');
    const lines = run();
    expect(lines.length).toBe(2);
    expect(lines.every((l) => PLAIN_BLOCK.test(l))).toBe(true);
    // The old --log-level spelling still works.
    const json = run("--log_format", "json", "--log-level", "*:info,engine:warn").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(json.some((r) => r.msg === "dev node started")).toBe(true);
    expect(json.some((r) => r.module === "engine")).toBe(false);
    appToml();
  });

  it("refuses an unknown level before starting", () => {
    const r = spawnSync(process.execPath, [BLOCKCHAIND_BIN, "start", "--dev", "--home", home, "--log_level", "*:info,engine:loud"], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('unknown log level "loud" in "engine:loud"');
  });
});
