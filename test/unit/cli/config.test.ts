import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type AppConfig, DEFAULT_APP_CONFIG, readAppConfig, writeAppConfig } from "../../../src/cli/app-config";
import { parseToml, patchToml } from "../../../src/cli/toml";

const COMET_LIKE = `# top comment
proxy_app = "tcp://127.0.0.1:26658"
moniker = "vm"

[rpc]
laddr = "tcp://127.0.0.1:26657"
cors_allowed_methods = ["HEAD", "GET", "POST", ]

[p2p]
# Comma separated list of nodes to keep persistent connections to
persistent_peers = ""
addr_book_strict = true
`;

describe("config.toml patching", () => {
  it("replaces keys in their own section, keeps comments, adds missing keys under the header", () => {
    const out = patchToml(COMET_LIKE, {
      "": { moniker: "node0" },
      p2p: { persistent_peers: "a@127.0.0.1:1", addr_book_strict: false, allow_duplicate_ip: true },
      consensus: { timeout_commit: "300ms" },
    });
    expect(out).toContain("# Comma separated list of nodes to keep persistent connections to");
    const t = parseToml(out);
    expect(t[""]).toEqual({ proxy_app: "tcp://127.0.0.1:26658", moniker: "node0" });
    expect(t.rpc.cors_allowed_methods).toEqual(["HEAD", "GET", "POST"]);
    expect(t.p2p).toEqual({ persistent_peers: "a@127.0.0.1:1", addr_book_strict: false, allow_duplicate_ip: true });
    expect(t.consensus).toEqual({ timeout_commit: "300ms" });
  });

  it("does not touch a same-named key of another section", () => {
    const out = parseToml(patchToml(`[a]\nladdr = "x"\n[b]\nladdr = "y"\n`, { b: { laddr: "z" } }));
    expect(out.a.laddr).toBe("x");
    expect(out.b.laddr).toBe("z");
  });
});

describe("app.toml", () => {
  it("round-trips every setting", () => {
    const path = join(mkdtempSync(join(tmpdir(), "cli-")), "app.toml");
    const cfg: AppConfig = {
      ...DEFAULT_APP_CONFIG,
      minimumGasPrices: "0.025uyml",
      pruning: "custom",
      pruningKeepRecent: 7,
      pruningInterval: 10,
      snapshotInterval: 10,
      snapshotKeepRecent: 3,
      minRetainBlocks: 1000n,
      haltHeight: 42n,
      abciAddress: "unix:///tmp/x.sock",
      apiEnable: false,
      proposalHoldMs: 0,
      warmUpTxs: 0,
    };
    writeAppConfig(path, cfg);
    expect(readAppConfig(path)).toEqual(cfg);
  });

  it("falls back to defaults for a missing file or missing keys", () => {
    const dir = mkdtempSync(join(tmpdir(), "cli-"));
    expect(readAppConfig(join(dir, "none.toml"))).toEqual(DEFAULT_APP_CONFIG);
    writeFileSync(join(dir, "partial.toml"), "halt-height = 9\n");
    expect(readAppConfig(join(dir, "partial.toml"))).toEqual({ ...DEFAULT_APP_CONFIG, haltHeight: 9n });
  });

  it("refuses a proposal hold that is not a whole number of milliseconds", () => {
    const dir = mkdtempSync(join(tmpdir(), "cli-"));
    for (const bad of ["-1", '"2.5"', '"soon"']) {
      writeFileSync(join(dir, "app.toml"), `[abci]\nproposal-hold-ms = ${bad}\n`);
      expect(() => readAppConfig(join(dir, "app.toml"))).toThrow(/'proposal-hold-ms' must be a whole number of milliseconds/);
    }
    writeFileSync(join(dir, "app.toml"), "[abci]\nproposal-hold-ms = 120\n");
    expect(readAppConfig(join(dir, "app.toml")).proposalHoldMs).toBe(120);
  });

  it("refuses a warm-up that is not a whole number of txs", () => {
    const dir = mkdtempSync(join(tmpdir(), "cli-"));
    for (const bad of ["-4", '"1e3x"', '"0.5"']) {
      writeFileSync(join(dir, "app.toml"), `[abci]\nwarm-up-txs = ${bad}\n`);
      expect(() => readAppConfig(join(dir, "app.toml"))).toThrow(/'warm-up-txs' must be a whole number \(0 or more\)/);
    }
    writeFileSync(join(dir, "app.toml"), "[abci]\nwarm-up-txs = 0\n");
    expect(readAppConfig(join(dir, "app.toml")).warmUpTxs).toBe(0);
  });
});
