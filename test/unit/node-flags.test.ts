import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/cli/home";
import { APP_NODE_FLAGS } from "../../src/cli/localnet/processes";

describe("the node's V8 flags are the same however it is started", () => {
  it("bin/blockchaind.js's shebang, npm start and the localnet's app process", () => {
    const shebang = readFileSync(join(PROJECT_ROOT, "bin", "blockchaind.js"), "utf8").split("\n")[0];
    expect(shebang).toBe(`#!/usr/bin/env -S node ${APP_NODE_FLAGS.join(" ")}`);
    const start = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")).scripts.start as string;
    expect(start).toBe(`npm run -s build && node ${APP_NODE_FLAGS.join(" ")} dist/blockchaind.js start --dev`);
  });
});
