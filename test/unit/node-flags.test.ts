import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/cli/home";
import { APP_NODE_FLAGS as LOCALNET_FLAGS } from "../../src/cli/localnet/processes";
import { APP_NODE_FLAGS, isNodeCommand, missingNodeFlags, reexecArgs } from "../../src/cli/node-flags";

describe("the node's V8 flags are the same however it is started", () => {
  it("bin/blockchaind.js's shebang, npm start, the localnet's app process and the re-exec", () => {
    const shebang = readFileSync(join(PROJECT_ROOT, "bin", "blockchaind.js"), "utf8").split("\n")[0];
    expect(shebang).toBe(`#!/usr/bin/env -S node ${APP_NODE_FLAGS.join(" ")}`);
    const start = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")).scripts.start as string;
    expect(start).toBe(`npm run -s build && node ${APP_NODE_FLAGS.join(" ")} dist/blockchaind.js start --dev`);
    expect(LOCALNET_FLAGS).toBe(APP_NODE_FLAGS);
    const missing = missingNodeFlags([], "");
    expect(missing).toEqual(APP_NODE_FLAGS);
    expect(reexecArgs(missing, ["--enable-source-maps"], ["/usr/bin/node", "/opt/b/dist/blockchaind.js", "start", "--home", "/h"])).toEqual(
      ["--enable-source-maps", ...APP_NODE_FLAGS, "/opt/b/dist/blockchaind.js", "start", "--home", "/h"],
    );
  });
});

describe("missingNodeFlags: what node was started without", () => {
  const [flag] = APP_NODE_FLAGS;
  const name = flag.split("=")[0];

  it("finds a flag on node's command line or in NODE_OPTIONS, spelled with - or _", () => {
    expect(missingNodeFlags([flag], "")).toEqual([]);
    expect(missingNodeFlags([], `--trace-warnings ${flag}`)).toEqual([]);
    expect(missingNodeFlags([`--${name.slice(2).replaceAll("-", "_")}=64`], "")).toEqual([]);
    expect(missingNodeFlags(["--enable-source-maps"], "--max-old-space-size=4096")).toEqual([flag]);
  });

  it("counts the flag given with another value as given: the operator chose it", () => {
    expect(missingNodeFlags([`${name}=128`], "")).toEqual([]);
  });
});

describe("isNodeCommand: the commands that re-execute", () => {
  it("`start` with any options but --help; no other command", () => {
    expect(isNodeCommand(["node", "b.js", "start", "--dev"])).toBe(true);
    expect(isNodeCommand(["node", "b.js", "start", "--home", "/h", "--with-comet"])).toBe(true);
    expect(isNodeCommand(["node", "b.js", "start", "--help"])).toBe(false);
    expect(isNodeCommand(["node", "b.js", "payload-store", "start"])).toBe(false);
    expect(isNodeCommand(["node", "b.js", "version"])).toBe(false);
    expect(isNodeCommand(["node", "b.js"])).toBe(false);
  });
});
