import { describe, expect, it } from "vitest";
import { assertMigrations, currentVersionMap, migrationOrder, runMigrations } from "../../../src/app/migrations";
import { validatePlan, upgradeNeededMessage } from "../../../src/modules/upgrade";
import { BranchStore } from "../../../src/store/branch";
import { Context } from "../../../src/types/context";
import { silentLogger } from "../../../src/types/logger";
import type { Module } from "../../../src/types/module";
import { MemKV } from "../store/setup";

function ctx(): Context {
  return Context.create(
    new BranchStore(new MemKV()),
    { height: 5n, time: { seconds: 0n, nanos: 0 }, chainId: "t", proposer: new Uint8Array() },
    "block",
    silentLogger,
  );
}

describe("module consensus versions and migrations", () => {
  const ran: string[] = [];
  const mod = (name: string, version?: number, froms: number[] = []): Module => ({
    name,
    consensusVersion: version,
    migrations: froms.map((from) => ({ from, migrate: () => void ran.push(`${name}:${from}`) })),
  });

  it("lists versions by name, unset as 1", () => {
    expect([...currentVersionMap([mod("b", 3, [1, 2]), mod("a")]).entries()]).toEqual([
      ["a", 1],
      ["b", 3],
    ]);
  });

  it("orders migrations by name with auth last (the SDK's default)", () => {
    expect(migrationOrder([mod("bank"), mod("auth"), mod("gov"), mod("acme")]).map((m) => m.name)).toEqual(["acme", "bank", "gov", "auth"]);
  });

  it("runs each step from the stored version to the binary's, once, in order", () => {
    ran.length = 0;
    const vm = runMigrations(
      ctx(),
      [mod("b", 4, [3, 1, 2]), mod("auth", 2, [1]), mod("a", 2, [1])],
      new Map([
        ["a", 2],
        ["b", 2],
        ["auth", 1],
      ]),
    );
    expect(ran).toEqual(["b:2", "b:3", "auth:1"]);
    expect([...vm.entries()]).toEqual([
      ["a", 2],
      ["auth", 2],
      ["b", 4],
    ]);
  });

  it("gives a module missing from the stored map its default genesis instead of migrations", () => {
    const inits: unknown[] = [];
    const fresh: Module = {
      ...mod("fresh", 3),
      genesis: {
        typeName: "x",
        codec: {} as never,
        defaultGenesis: () => ({ d: 1 }),
        validate: () => {},
        init: (_c, g) => void inits.push(g),
        export: () => ({}),
      },
    };
    runMigrations(ctx(), [fresh], new Map());
    expect(inits).toEqual([{ d: 1 }]);
  });

  it("fails on a missing migration and on a downgrade", () => {
    expect(() => runMigrations(ctx(), [mod("a", 3, [1])], new Map([["a", 1]]))).toThrow(
      "no migration found for module a from version 2 to version 3",
    );
    expect(() => runMigrations(ctx(), [mod("a", 1)], new Map([["a", 2]]))).toThrow("module a cannot go from consensus version 2 down to 1");
  });

  it("refuses at start a bad version or a misplaced or duplicate migration", () => {
    expect(() => assertMigrations([mod("a", 0)])).toThrow("module a: consensus version must be an integer >= 1, got 0");
    expect(() => assertMigrations([mod("a", 2, [2])])).toThrow("module a: migration from version 2 is outside 1..1");
    expect(() => assertMigrations([mod("a", 3, [1, 1])])).toThrow("module a: migration from version 1 registered twice");
    expect(() => assertMigrations([mod("a", 3, [1, 2])])).not.toThrow();
  });
});

describe("upgrade plans", () => {
  const plan = { name: "v2", time: { seconds: 0n, nanos: 0 }, height: 10n, info: "i", upgradedClientState: undefined };

  it("accepts an unset time as cosmjs (1970) or Go (year 1) sends it", () => {
    expect(() => validatePlan(plan)).not.toThrow();
    expect(() => validatePlan({ ...plan, time: { seconds: -62135596800n, nanos: 0 } })).not.toThrow();
    expect(() => validatePlan({ ...plan, time: { seconds: 1n, nanos: 0 } })).toThrow(
      "plan: time-based upgrades have been deprecated in the SDK",
    );
  });

  it("formats the SDK's upgrade-needed message", () => {
    expect(upgradeNeededMessage(plan)).toBe('UPGRADE "v2" NEEDED at height: 10: i');
  });
});
