import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { RequestFinalizeBlock } from "cosmjs-types/tendermint/abci/types";
import { App } from "../../src/app/app";
import { InvariantBrokenError } from "../../src/app/invariants";
import { buildModules } from "../../src/app/modules";
import { initChainRequest } from "../../src/abci/genesis-doc";
import { readAppConfig } from "../../src/cli/app-config";
import { simAccounts, simGenesis } from "../../src/sim/genesis";
import { SimFailure, Simulation } from "../../src/sim/runner";
import type { Logger } from "../../src/types/logger";
import { silentLogger } from "../../src/types/logger";
import type { Module } from "../../src/types/module";
import { simMsg } from "../../src/types/simulation";

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "simtest-"));
  dirs.push(d);
  return d;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A module whose one invariant breaks from `height` on. */
function breakingInvariant(height: bigint): Module {
  return {
    name: "brokeninv",
    simulation: {
      invariants: [{ name: "brokeninv/always-after", check: (ctx) => (ctx.height >= height ? "records say 1, balance is 0" : undefined) }],
    },
  };
}

const firstBlock = () =>
  RequestFinalizeBlock.fromPartial({
    height: 1n,
    time: { seconds: 1767225600n, nanos: 0 },
    hash: new Uint8Array(32),
    nextValidatorsHash: new Uint8Array(32),
    proposerAddress: new Uint8Array(20),
  });

function recordingLogger(lines: Array<{ obj: unknown; msg?: string }>): Logger {
  const l: Logger = { info() {}, warn() {}, debug() {}, error: (obj, msg) => void lines.push({ obj, msg }), child: () => l };
  return l;
}

describe("whole-chain simulation", () => {
  it("runs every module's operations through the tx pipeline with invariants, a replica, restarts and export/import followers", async () => {
    const report = await new Simulation({
      seed: 7,
      blocks: 100,
      dir: join(tempDir(), "run"),
      restartEvery: 20,
      exportEvery: 25,
      followerBlocks: 10,
      logger: silentLogger,
    }).run();
    expect(report.blocks).toBe(100);
    expect(report.invariantChecks).toBe(100);
    expect(report.replicaBlocks).toBe(100);
    expect(report.txs).toBeGreaterThan(1000);
    expect(report.txsFailed).toBeGreaterThan(0);
    expect(report.restarts).toBeGreaterThan(0);
    expect(report.exportImports).toBeGreaterThan(0);
    expect(report.followerBlocks).toBeGreaterThan(0);
    expect(report.validatorSetChanges).toBeGreaterThan(0);
    expect(report.proposalResults.proposal_passed).toBeGreaterThan(0);
    // Every module that declares operations had some delivered, valid ones succeeding (an
    // authority operation counts for its module once its proposal was submitted). Evidence has
    // no valid tx on this chain (MsgSubmitEvidence has no route, as in the SDK's app; double
    // signs arrive in FinalizeBlock): its refused operation must have been delivered.
    const modulesWithOps = new Set(
      buildModules()
        .modules.filter((m) => (m.simulation?.operations ?? []).length > 0)
        .map((m) => m.name),
    );
    const moduleOf = (op: string) => (/^gov\/submit-authority-proposal\((.*)\)$/.exec(op)?.[1] ?? op).split("/")[0];
    const succeeded = new Set(
      Object.entries(report.ops)
        .filter(([, c]) => c.ok > 0)
        .map(([op]) => moduleOf(op)),
    );
    const delivered = new Set(Object.keys(report.ops).map(moduleOf));
    for (const m of modulesWithOps) expect(m === "evidence" ? delivered : succeeded, m).toContain(m);
  }, 120_000);

  it("is reproducible from its seed", async () => {
    const run = () => new Simulation({ seed: 11, blocks: 25, dir: join(tempDir(), "run"), replica: false, logger: silentLogger }).run();
    const [a, b] = [await run(), await run()];
    expect({ ...a, elapsedMs: 0 }).toEqual({ ...b, elapsedMs: 0 });
  }, 60_000);

  it("reports the seed, height and operation when a deliberately invalid tx succeeds", async () => {
    const liar: Module = {
      name: "liar",
      simulation: {
        operations: [
          {
            name: "liar/valid-send-claimed-invalid",
            weight: 1000,
            build: (s) => {
              const from = s.accounts[1];
              return {
                signer: from,
                msgs: [
                  simMsg("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
                    fromAddress: from,
                    toAddress: s.accounts[2],
                    amount: [{ denom: s.bondDenom, amount: "1" }],
                  }),
                ],
                expect: "fail",
              };
            },
          },
        ],
      },
    };
    const err = await new Simulation({ seed: 5, blocks: 10, dir: join(tempDir(), "run"), extraModules: [liar], logger: silentLogger })
      .run()
      .catch((e) => e);
    expect(err).toBeInstanceOf(SimFailure);
    expect(err).toMatchObject({ seed: 5, op: "liar/valid-send-claimed-invalid" });
    expect(err.message).toContain("npm run sim -- --seed 5 --blocks");
  }, 60_000);

  it("stops when a delivered tx's result fails its operation's check (a fee path that paid nothing)", async () => {
    const expectsShare: Module = {
      name: "shareless",
      simulation: {
        operations: [
          {
            name: "shareless/send-expecting-builder-share",
            weight: 1000,
            build: (s) => {
              const from = s.accounts[1];
              const send = simMsg("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
                fromAddress: from,
                toAddress: s.accounts[2],
                amount: [{ denom: s.bondDenom, amount: "1" }],
              });
              // No builder is approved at genesis, so no share is paid and the check reports it.
              return {
                signer: from,
                msgs: [send],
                expect: "ok",
                checkResult: (r) => (r.events.some((e) => e.type === "builderfee_fee_paid") ? undefined : "no builder share paid"),
              };
            },
          },
        ],
      },
    };
    const err = await new Simulation({
      seed: 6,
      blocks: 10,
      dir: join(tempDir(), "run"),
      extraModules: [expectsShare],
      logger: silentLogger,
    })
      .run()
      .catch((e) => e);
    expect(err).toBeInstanceOf(SimFailure);
    expect(err).toMatchObject({ seed: 6, op: "shareless/send-expecting-builder-share", detail: "no builder share paid" });
  }, 60_000);

  it("stops at the first block after which an invariant is broken, naming it", async () => {
    const err = await new Simulation({
      seed: 3,
      blocks: 10,
      dir: join(tempDir(), "run"),
      extraModules: [breakingInvariant(4n)],
      logger: silentLogger,
    })
      .run()
      .catch((e) => e);
    expect(err).toBeInstanceOf(SimFailure);
    expect(err.height).toBe(4n);
    expect(err.detail).toContain("brokeninv/always-after: records say 1");
  }, 60_000);
});

describe("invariants on a running node (start --invariants, app.toml invariants)", () => {
  async function finalizeFirstBlock(invariants: boolean, logger: Logger) {
    const modules = buildModules({ extraModules: [breakingInvariant(1n)] });
    const app = await App.open({ dataDir: join(tempDir(), "app"), modules, logger, invariants });
    try {
      const genesis = simGenesis(modules, simAccounts(3), 1);
      app.initChain(initChainRequest(genesis));
      return app.finalizeBlock(firstBlock());
    } finally {
      await app.close();
    }
  }

  it("are off by default: a broken invariant does not stop FinalizeBlock", async () => {
    await expect(finalizeFirstBlock(false, silentLogger)).resolves.toMatchObject({ appHash: expect.any(Uint8Array) });
  });

  it("when on, a broken invariant is logged and FinalizeBlock fails, so the node halts before committing", async () => {
    const lines: Array<{ obj: unknown; msg?: string }> = [];
    const err = await finalizeFirstBlock(true, recordingLogger(lines)).catch((e) => e);
    expect(err).toBeInstanceOf(InvariantBrokenError);
    expect(err.broken).toEqual([{ invariant: "brokeninv/always-after", message: "records say 1, balance is 0" }]);
    expect(lines).toContainEqual({
      obj: { height: "1", invariant: "brokeninv/always-after", err: "records say 1, balance is 0" },
      msg: "invariant broken; halting",
    });
  });

  it("the chain's own invariants hold on a fresh genesis", async () => {
    const modules = buildModules();
    const app = await App.open({ dataDir: join(tempDir(), "app"), modules, logger: silentLogger, invariants: true });
    app.initChain(initChainRequest(simGenesis(modules, simAccounts(3), 1)));
    expect(() => app.finalizeBlock(firstBlock())).not.toThrow();
    await app.close();
  });

  it("app.toml `invariants = true` turns them on; missing means off", () => {
    const dir = tempDir();
    const path = join(dir, "app.toml");
    expect(readAppConfig(path).invariants).toBe(false);
    writeFileSync(path, "invariants = true\n");
    expect(readAppConfig(path).invariants).toBe(true);
  });
});
