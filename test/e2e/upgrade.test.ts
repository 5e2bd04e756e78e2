import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DirectSecp256k1HdWallet, makeCosmoshubPath } from "@cosmjs/proto-signing";
import { ProposalStatus, VoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import { QueryProposalRequest, QueryProposalResponse } from "cosmjs-types/cosmos/gov/v1/query";
import { MsgSubmitProposalResponse } from "cosmjs-types/cosmos/gov/v1/tx";
import { QueryAppliedPlanRequest, QueryAppliedPlanResponse, QueryModuleVersionsRequest, QueryModuleVersionsResponse } from "cosmjs-types/cosmos/upgrade/v1beta1/query";
import { MsgSoftwareUpgrade } from "cosmjs-types/cosmos/upgrade/v1beta1/tx";
import { afterAll, describe, expect, it } from "vitest";
import { App } from "../../src/app/app";
import { buildModules } from "../../src/app/modules";
import { DEV_FAUCET_MNEMONIC } from "../../src/cli/dev-keys";
import { homePaths } from "../../src/cli/home";
import { appHashAt, latestHeight, waitForHeight } from "../../src/cli/localnet";
import { moduleAddress } from "../../src/types/address";
import { silentLogger } from "../../src/types/logger";
import { logOf, startLocalnet } from "./helpers";
import { abciQuery, mustDeliver, signingClient } from "./helpers/validator-set";

const PLAN = "v2";
const INFO = "e2e upgrade";
/** The next release: the same CLI with a handler for PLAN preloaded (see the preload file). */
const NEXT_RELEASE_ENV = {
  NODE_OPTIONS: `--import=${fileURLToPath(new URL("./helpers/upgrade-preload.mjs", import.meta.url))}`,
  E2E_UPGRADE_NAME: PLAN,
};

async function account(url: string, index: number) {
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(DEV_FAUCET_MNEMONIC, { prefix: "yml", hdPaths: [makeCosmoshubPath(index)] });
  const [{ address }] = await wallet.getAccounts();
  return { address, client: await signingClient(url, wallet) };
}

function tail(log: string, lines = 15): string {
  return log.split("\n").slice(-lines).join("\n");
}

async function until(what: string, timeoutMs: number, probe: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe("software upgrade on the 4-validator localnet", () => {
  let net: Awaited<ReturnType<typeof startLocalnet>> | undefined;
  afterAll(async () => {
    await net?.cleanup();
  });

  it("a passed plan halts every node at its height; the next release migrates once and the chain continues", async () => {
    net = await startLocalnet({ validators: 4, basePort: 29657 });
    const nodes = net.nodes;
    const url = nodes[0].rpcUrl;
    await waitForHeight(url, 2, 60_000);

    // An expedited proposal (15 s voting on the localnet), voted YES by the four operators.
    const faucet = await account(url, 0);
    const planHeight = BigInt((await latestHeight(url)) + 60);
    const upgrade = MsgSoftwareUpgrade.fromPartial({ authority: moduleAddress("gov"), plan: { name: PLAN, height: planHeight, info: INFO } });
    const submitted = await mustDeliver(faucet.client, faucet.address, [{
      typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
      value: {
        messages: [{ typeUrl: "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", value: MsgSoftwareUpgrade.encode(upgrade).finish() }],
        initialDeposit: [{ denom: "uyml", amount: "50000000" }],
        proposer: faucet.address,
        metadata: "",
        title: "Upgrade to v2",
        summary: "e2e software upgrade",
        expedited: true,
      },
    }]);
    const proposalId = MsgSubmitProposalResponse.decode(submitted.msgResponses[0].value).proposalId;
    const operators = await Promise.all(nodes.map((_, i) => account(url, i + 1)));
    await Promise.all(operators.map((op) =>
      mustDeliver(op.client, op.address, [{ typeUrl: "/cosmos.gov.v1.MsgVote", value: { proposalId, voter: op.address, option: VoteOption.VOTE_OPTION_YES, metadata: "" } }]),
    ));
    let status = ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD;
    await until("the proposal to end", 60_000, async () => {
      status = (await abciQuery(url, "/cosmos.gov.v1.Query/Proposal", QueryProposalRequest, { proposalId }, QueryProposalResponse)).proposal!.status;
      return status !== ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD;
    });
    expect(status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
    expect(BigInt(await latestHeight(url))).toBeLessThan(planHeight);
    const plan = await (await fetch(`http://127.0.0.1:${nodes[0].ports.api}/cosmos/upgrade/v1beta1/current_plan`)).json();
    expect(plan).toEqual({ plan: { name: PLAN, time: "0001-01-01T00:00:00Z", height: planHeight.toString(), info: INFO, upgraded_client_state: null } });

    // Every node stops at the plan height. A node that finalizes block H refuses it with the SDK's
    // message and writes upgrade-info.json; its CometBFT then stops on the app's exception. A
    // node that had not yet seen the commit of H when its peers stopped waits at H-1 forever:
    // halted too, at the same height, and the next release brings it past H like the others.
    const needed = `NEEDED at height: ${planHeight}: ${INFO}`;
    const refused = () => nodes.filter((n) => logOf(n.home, "app").includes(needed));
    await until("a node to refuse the plan height", 120_000, () => refused().length > 0);
    // A loaded machine may leave a node a block or two behind: let every node either refuse H or
    // reach H-1 before all stop, or a laggard would restart below H with the next release.
    const settled = async (n: (typeof nodes)[number]) =>
      logOf(n.home, "app").includes(needed) || (await latestHeight(n.rpcUrl).catch(() => 0)) >= Number(planHeight) - 1;
    await until("every node at the plan height", 90_000, async () => (await Promise.all(nodes.map(settled))).every(Boolean));
    await new Promise((r) => setTimeout(r, 8_000));
    expect(refused().length).toBeGreaterThan(0);
    for (const node of refused()) {
      expect(logOf(node.home, "app")).toMatch(new RegExp(`UPGRADE \\\\?"${PLAN}\\\\?" ${needed}`));
      const info = JSON.parse(readFileSync(join(homePaths(node.home).data, "upgrade-info.json"), "utf8"));
      expect(info).toEqual({ name: PLAN, time: "0001-01-01T00:00:00Z", height: Number(planHeight), info: INFO });
    }
    for (const node of nodes) {
      const height = await latestHeight(node.rpcUrl).catch(() => undefined);
      if (height !== undefined) expect(BigInt(height)).toBe(planHeight - 1n);
      expect(logOf(node.home, "app")).not.toContain(`applying upgrade`);
    }
    const lastHash = await appHashAt(url, Number(planHeight) - 1).catch(() => undefined);
    await Promise.all(nodes.map((n) => n.stop()));

    // The next release on every node: CometBFT replays the refused block, the handler runs, blocks continue.
    await Promise.all(nodes.map((n) => n.start(NEXT_RELEASE_ENV)));
    const target = Number(planHeight) + 5;
    for (const node of nodes) {
      await waitForHeight(node.rpcUrl, target, 240_000).catch((e: Error) => {
        // What CI would otherwise hide: how each node's processes ended up.
        const tails = nodes.map((n) => `--- ${n.home}\napp:\n${tail(logOf(n.home, "app"))}\ncomet:\n${tail(logOf(n.home, "comet"))}`);
        throw new Error(`${e.message}\n${tails.join("\n")}`);
      });
    }
    const hashes = await Promise.all(nodes.map((n) => appHashAt(n.rpcUrl, target)));
    expect(new Set(hashes).size).toBe(1);
    if (lastHash !== undefined) expect(await appHashAt(url, Number(planHeight) - 1)).toBe(lastHash);
    for (const node of nodes) {
      const applied = await abciQuery(node.rpcUrl, "/cosmos.upgrade.v1beta1.Query/AppliedPlan", QueryAppliedPlanRequest, { name: PLAN }, QueryAppliedPlanResponse);
      expect(applied.height).toBe(planHeight);
      const versions = await abciQuery(node.rpcUrl, "/cosmos.upgrade.v1beta1.Query/ModuleVersions", QueryModuleVersionsRequest, { moduleName: "upgrade" }, QueryModuleVersionsResponse);
      expect(versions.moduleVersions).toEqual([{ name: "upgrade", version: 1n }]);
      expect(logOf(node.home, "app")).toContain(`applying upgrade \\"${PLAN}\\" at height: ${planHeight}`);
    }
    await Promise.all(nodes.map((n) => n.stop()));

    // The handler ran exactly once on every node (its run counter in the committed state).
    for (const node of nodes) {
      const app = await App.open({ dataDir: homePaths(node.home).appData, modules: buildModules(), logger: silentLogger });
      try {
        expect([...(app.queryContext().store.get(new TextEncoder().encode("e2e-upgrade/runs")) ?? [])]).toEqual([1]);
      } finally {
        await app.close();
      }
    }
    expect(existsSync(join(homePaths(nodes[0].home).data, "upgrade-info.json"))).toBe(true);
  }, 600_000);
});
