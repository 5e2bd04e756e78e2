import { describe, expect, it } from "vitest";
import { formatRecord } from "../../../src/cli/log/format";
import { levelOf, parseLevelSpec } from "../../../src/cli/log/levels";
import { createLogger, resolveLogSettings } from "../../../src/cli/logger";
import { DEFAULT_APP_CONFIG } from "../../../src/cli/app-config";

const at = (h: number, m: number, s: number, ms: number) => new Date(2025, 0, 2, h, m, s, ms).getTime();

function capture(tty: boolean) {
  const lines: string[] = [];
  return { lines, out: { write: (s: string) => lines.push(s), isTTY: tty } };
}

describe("log level specs", () => {
  it("takes one level or per-module levels, * (or a bare level) for the rest", () => {
    expect(parseLevelSpec("debug")).toEqual({ default: "debug", modules: new Map() });
    const spec = parseLevelSpec("*:info, engine:debug,abci:error");
    expect(spec.default).toBe("info");
    expect([...spec.modules]).toEqual([
      ["engine", "debug"],
      ["abci", "error"],
    ]);
    expect(levelOf(spec, "engine")).toBe("debug");
    expect(levelOf(spec, "rest")).toBe("info");
    expect(levelOf(spec, undefined)).toBe("info");
    expect(parseLevelSpec("warn,app:trace").default).toBe("warn");
    expect(parseLevelSpec("state:debug").default).toBe("info");
    expect(parseLevelSpec("*:none").default).toBe("silent");
  });

  it("refuses unknown levels, empty entries and repeats", () => {
    expect(() => parseLevelSpec("verbose")).toThrow(/unknown log level "verbose"/);
    expect(() => parseLevelSpec("*:info,p2p:loud")).toThrow(/unknown log level "loud" in "p2p:loud"/);
    expect(() => parseLevelSpec("info,,debug")).toThrow(/empty entry/);
    expect(() => parseLevelSpec("*:info,debug")).toThrow(/default level twice/);
    expect(() => parseLevelSpec("a:info,a:debug")).toThrow(/module a twice/);
  });
});

describe("plain log lines", () => {
  it("time, level tag, module, message, then the fields as key=value in logged order", () => {
    const line = formatRecord(
      {
        level: 30,
        time: at(15, 4, 5, 7),
        service: "blockchaind",
        module: "engine",
        height: "12",
        txs: 3,
        appHash: "8F3A01C2D4E5",
        msg: "committed block",
      },
      { colour: false },
    );
    expect(line).toBe("15:04:05.007 INF engine: committed block height=12 txs=3 appHash=8F3A01C2D4E5\n");
  });

  it("quotes values with spaces, prints objects as JSON, puts an error's stack below its line", () => {
    const err = { type: "Error", message: "disk full", stack: "Error: disk full\n    at write (a.ts:1:2)\n    at main (b.ts:3:4)" };
    const line = formatRecord(
      { level: 50, time: at(1, 2, 3, 400), msg: "save failed", path: "/a b", opts: { n: 1 }, ok: false, err },
      { colour: false },
    );
    expect(line).toBe(
      '01:02:03.400 ERR save failed path="/a b" opts={"n":1} ok=false err="disk full"\n    at write (a.ts:1:2)\n    at main (b.ts:3:4)\n',
    );
    expect(formatRecord({ level: 20, time: 0, msg: "x" }, { colour: false })).toMatch(/^\d\d:\d\d:\d\d\.\d{3} DBG x\n$/);
  });

  it("colours only when asked: the level tag and module in ANSI escapes", () => {
    const line = formatRecord({ level: 40, time: 0, module: "abci", msg: "slow" }, { colour: true });
    expect(line).toContain("\u001b[33mWRN\u001b[0m");
    expect(line).toContain("\u001b[36mabci:\u001b[0m");
  });
});

describe("createLogger", () => {
  it("writes JSON off a terminal and plain lines on one; colours on a terminal unless turned off", () => {
    const json = capture(false);
    createLogger("info", json.out).info({ k: 1 }, "hello");
    expect(JSON.parse(json.lines[0])).toMatchObject({ level: 30, service: "blockchaind", k: 1, msg: "hello" });

    const plain = capture(true);
    createLogger({ level: "info", noColor: true }, plain.out).child({ module: "rest" }).info({ url: "http://x" }, "listening");
    expect(plain.lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INF rest: listening url=http:\/\/x\n$/);

    const noColor = process.env.NO_COLOR;
    try {
      delete process.env.NO_COLOR;
      const coloured = capture(true);
      createLogger({ level: "info" }, coloured.out).info({}, "hi");
      expect(coloured.lines[0]).toContain("\u001b[");
      process.env.NO_COLOR = "1";
      const plainAgain = capture(true);
      createLogger({ level: "info" }, plainAgain.out).info({}, "hi");
      expect(plainAgain.lines[0]).not.toContain("\u001b[");
    } finally {
      if (noColor === undefined) delete process.env.NO_COLOR;
      else process.env.NO_COLOR = noColor;
    }

    const forced = capture(true);
    createLogger({ level: "info", format: "json" }, forced.out).info({}, "hi");
    expect(JSON.parse(forced.lines[0]).msg).toBe("hi");
  });

  it("filters per module: a child bound to a module (and its children) logs at that module's level", () => {
    const c = capture(false);
    const root = createLogger("*:warn,engine:debug,abci:error", c.out);
    root.info({}, "root info");
    root.warn({}, "root warn");
    const engine = root.child({ module: "engine" });
    engine.debug({}, "engine debug");
    engine.child({ height: 1 }).debug({}, "engine child debug");
    root.child({ module: "abci" }).warn({}, "abci warn");
    root.child({ module: "abci" }).error({}, "abci error");
    engine.child({ module: "rest" }).info({}, "rest info");
    expect(c.lines.map((l) => JSON.parse(l).msg)).toEqual(["root warn", "engine debug", "engine child debug", "abci error"]);
  });
});

describe("log settings", () => {
  const cfg = { ...DEFAULT_APP_CONFIG };
  it("flags win over app.toml; app.toml over the defaults", () => {
    expect(resolveLogSettings({}, cfg)).toEqual({ level: "info", format: undefined, noColor: false });
    const file = { ...cfg, logLevel: "*:warn,engine:debug", logFormat: "json", logNoColor: true };
    expect(resolveLogSettings({}, file)).toEqual({ level: "*:warn,engine:debug", format: "json", noColor: true });
    expect(resolveLogSettings({ level: "debug", format: "plain" }, file)).toEqual({ level: "debug", format: "plain", noColor: true });
    expect(() => resolveLogSettings({}, { ...cfg, logFormat: "xml" })).toThrow(/unknown log format "xml"/);
  });
});
