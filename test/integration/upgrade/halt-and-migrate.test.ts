import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProposalStatus } from "cosmjs-types/cosmos/gov/v1/gov";
import { afterAll, describe, expect, it } from "vitest";
import { createRestServer, DevBackend } from "../../../src/rest";
import { TestChain } from "../../helpers/chain";
import { passProposal } from "../../helpers/gov";
import {
  appliedHeight,
  currentPlan,
  migrationRuns,
  moduleVersions,
  NEW_BINARY,
  OLD_BINARY,
  PLAN_INFO,
  PLAN_NAME,
  softwareUpgrade,
  upgradeNeeded,
} from "./setup";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

async function restGet(chain: TestChain, url: string) {
  const rest = createRestServer({ app: chain.app, node: new DevBackend(chain.engine, chain.app) });
  await rest.ready();
  try {
    const res = await rest.inject({ method: "GET", url });
    return { status: res.statusCode, body: JSON.parse(res.payload) };
  } finally {
    await rest.close();
  }
}

/**
 * The whole path of a software upgrade on one home directory: a governance proposal schedules
 * the plan, the old binary halts at its height with the SDK's message and refuses to go past
 * it on restart, the new binary (handler + a module migration 1 -> 2) continues from the same
 * store, the migration runs exactly once, and a copy of the halted home upgrades to the same
 * app hash.
 */
describe("software upgrade: halt at the plan height, continue with the next binary", () => {
  const dir = mkdtempSync(join(tmpdir(), "upgrade-"));
  const copy = mkdtempSync(join(tmpdir(), "upgrade-copy-"));
  let chain: TestChain | undefined;
  let planHeight = 0n;
  let haltedAppHash = "";
  const needed: Array<{ name: string; height: bigint; info: string }> = [];
  afterAll(async () => {
    await chain?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  });

  it("a passed proposal stores the plan; queries and REST show it", async () => {
    chain = await TestChain.create({ dir, build: { ...OLD_BINARY, onUpgradeNeeded: (p) => needed.push(p) } });
    expect(currentPlan(chain)).toBeUndefined();
    planHeight = chain.height + 8n;
    const proposal = await passProposal(chain, [softwareUpgrade(planHeight)]);
    expect(proposal.status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
    expect(chain.height).toBeLessThan(planHeight - 1n);
    expect(currentPlan(chain)).toMatchObject({ name: PLAN_NAME, height: planHeight, info: PLAN_INFO });

    expect(await restGet(chain, "/cosmos/upgrade/v1beta1/current_plan")).toEqual({
      status: 200,
      body: {
        plan: {
          name: PLAN_NAME,
          time: "0001-01-01T00:00:00Z",
          height: planHeight.toString(),
          info: PLAN_INFO,
          upgraded_client_state: null,
        },
      },
    });
    expect(await restGet(chain, `/cosmos/upgrade/v1beta1/applied_plan/${PLAN_NAME}`)).toEqual({ status: 200, body: { height: "0" } });
    // Before any upgrade every module is at the implicit version 1, and nothing is stored for it.
    const versions = await restGet(chain, "/cosmos/upgrade/v1beta1/module_versions");
    expect(versions.status).toBe(200);
    expect(versions.body.module_versions).toContainEqual({ name: "testmig", version: "1" });
    expect(versions.body.module_versions).toContainEqual({ name: "upgrade", version: "1" });
    const names = versions.body.module_versions.map((v: { name: string }) => v.name);
    expect(names).toEqual([...names].sort());
    expect(moduleVersions(chain, "testmig")).toEqual({ testmig: 1n });
  });

  it("the old binary halts at the plan height with the SDK's message, before changing state", async () => {
    while (chain!.height < planHeight - 1n) await chain!.produceBlocks(1);
    const before = hex(chain!.app.info({ version: "", blockVersion: 0n, p2pVersion: 0n, abciVersion: "" }).lastBlockAppHash);
    await expect(chain!.produceBlocks(1)).rejects.toThrow(upgradeNeeded(planHeight));
    expect(chain!.height).toBe(planHeight - 1n);
    // The node is told first (blockchaind start writes cosmovisor's upgrade-info.json from it).
    expect(needed).toMatchObject([{ name: PLAN_NAME, height: planHeight, info: PLAN_INFO }]);
    expect(chain!.app.lastHeight).toBe(planHeight - 1n);
    haltedAppHash = hex(chain!.app.info({ version: "", blockVersion: 0n, p2pVersion: 0n, abciVersion: "" }).lastBlockAppHash);
    expect(haltedAppHash).toBe(before);
    await chain!.close();
    chain = undefined;
    cpSync(dir, copy, { recursive: true });
  });

  it("restarted with the same binary, it refuses the block at the plan height again", async () => {
    await expect(TestChain.create({ dir, build: OLD_BINARY })).rejects.toThrow(upgradeNeeded(planHeight));
  });

  it("the new binary applies the plan at that height: migration once, versions stored, plan done", async () => {
    chain = await TestChain.create({ dir, build: NEW_BINARY });
    // The block the old binary refused was replayed by the handshake and committed.
    expect(chain.height).toBe(planHeight);
    expect(migrationRuns(chain)).toBe(1);
    expect(currentPlan(chain)).toBeUndefined();
    expect(appliedHeight(chain)).toBe(planHeight);
    const versions = moduleVersions(chain);
    expect(versions.testmig).toBe(2n);
    expect(versions.upgrade).toBe(1n);
    expect(versions.bank).toBe(1n);
    expect(await restGet(chain, `/cosmos/upgrade/v1beta1/applied_plan/${PLAN_NAME}`)).toEqual({
      status: 200,
      body: { height: planHeight.toString() },
    });
    expect(await restGet(chain, "/cosmos/upgrade/v1beta1/current_plan")).toEqual({ status: 200, body: { plan: null } });
    expect(await restGet(chain, "/cosmos/upgrade/v1beta1/module_versions?module_name=testmig")).toEqual({
      status: 200,
      body: { module_versions: [{ name: "testmig", version: "2" }] },
    });

    // A plan of the same name cannot be scheduled again (upgrade 3).
    expect(await chain.govExec([softwareUpgrade(chain.height + 10n)])).toEqual({
      code: 3,
      codespace: "upgrade",
      log: `upgrade with name ${PLAN_NAME} has already been completed: upgrade has already been completed`,
    });
    await chain.produceBlocks(2);
    expect(chain.height).toBe(planHeight + 3n);
    expect(migrationRuns(chain)).toBe(1);
  });

  it("the upgrade is deterministic: a copy of the halted home reaches the same app hashes", async () => {
    const heightNow = chain!.height;
    const other = await TestChain.create({ dir: copy, build: NEW_BINARY });
    try {
      expect(other.height).toBe(planHeight);
      // Same block times as the first run: the dev engine advances one second per block.
      await other.produceBlocks(Number(heightNow - planHeight));
      const info = { version: "", blockVersion: 0n, p2pVersion: 0n, abciVersion: "" };
      expect(hex(other.app.info(info).lastBlockAppHash)).toBe(hex(chain!.app.info(info).lastBlockAppHash));
      expect(migrationRuns(other)).toBe(1);
    } finally {
      await other.close();
    }
  });

  it("after a restart the new binary continues without running the migration again", async () => {
    await chain!.close();
    chain = await TestChain.create({ dir, build: NEW_BINARY });
    await chain.produceBlocks(2);
    expect(migrationRuns(chain)).toBe(1);
    expect(moduleVersions(chain).testmig).toBe(2n);
  });

  it("the old binary started after the upgrade refuses to run (downgrade)", async () => {
    await chain!.close();
    chain = await TestChain.create({ dir, build: OLD_BINARY });
    const height = chain.height;
    await expect(chain.produceBlocks(1)).rejects.toThrow(`wrong app version 0, upgrade handler is missing for ${PLAN_NAME} upgrade plan`);
    expect(chain.height).toBe(height);
  });
});
