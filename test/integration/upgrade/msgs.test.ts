import { ProposalStatus } from "cosmjs-types/cosmos/gov/v1/gov";
import {
  QueryAuthorityRequest,
  QueryAuthorityResponse,
  QueryUpgradedConsensusStateRequest,
  QueryUpgradedConsensusStateResponse,
} from "cosmjs-types/cosmos/upgrade/v1beta1/query";
import { MsgSoftwareUpgrade } from "cosmjs-types/cosmos/upgrade/v1beta1/tx";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAminoTx } from "../../../src/client/amino";
import { govAuthority } from "../../../src/types/authority";
import { CHAIN_ID, DENOM, pack, testKey, TestChain } from "../../helpers/chain";
import { passProposal, submitMsg, govParams, proposalIdOf, getProposal } from "../../helpers/gov";
import { restHarness, type RestHarness } from "../rest/setup";
import { cancelUpgrade, currentPlan, NEW_BINARY, OLD_BINARY, PLAN_NAME, softwareUpgrade } from "./setup";

describe("cosmos.upgrade.v1beta1 messages and queries", () => {
  let h: RestHarness;
  let chain: TestChain;
  const alice = testKey("alice");

  beforeAll(async () => {
    h = await restHarness({ build: OLD_BINARY });
    chain = h.chain;
  });
  afterAll(async () => h.close());

  it("MsgCancelUpgrade through a proposal removes the scheduled plan", async () => {
    await passProposal(chain, [softwareUpgrade(chain.height + 50n)]);
    expect(currentPlan(chain)?.name).toBe(PLAN_NAME);
    const p = await passProposal(chain, [cancelUpgrade()]);
    expect(p.status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
    expect(currentPlan(chain)).toBeUndefined();
    // Cancelling with no plan is not an error (the SDK's ClearUpgradePlan).
    expect(await chain.govExec([cancelUpgrade()])).toEqual({ code: 0, codespace: "", log: "" });
  });

  it("a new plan replaces the scheduled one", async () => {
    expect((await chain.govExec([softwareUpgrade(chain.height + 40n, "a")])).code).toBe(0);
    expect((await chain.govExec([softwareUpgrade(chain.height + 30n, "b", "info b")])).code).toBe(0);
    expect(currentPlan(chain)).toMatchObject({ name: "b", info: "info b" });
    await chain.govExec([cancelUpgrade()]);
  });

  it("refuses invalid plans with the SDK's codes", async () => {
    const h0 = chain.height;
    const cases: Array<[ReturnType<typeof softwareUpgrade>, string]> = [
      [softwareUpgrade(h0 - 1n), "upgrade cannot be scheduled in the past: invalid request"],
      [softwareUpgrade(h0 + 10n, ""), "plan: name cannot be empty: invalid request"],
      [softwareUpgrade(0n), "plan: height must be greater than 0: invalid request"],
      [
        pack(
          "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade",
          MsgSoftwareUpgrade,
          MsgSoftwareUpgrade.fromPartial({
            authority: govAuthority(),
            plan: { name: "t", height: h0 + 10n, time: { seconds: 1_800_000_000n, nanos: 0 } },
          }),
        ),
        "plan: time-based upgrades have been deprecated in the SDK: invalid request",
      ],
      [
        pack(
          "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade",
          MsgSoftwareUpgrade,
          MsgSoftwareUpgrade.fromPartial({
            authority: govAuthority(),
            plan: { name: "t", height: h0 + 10n, upgradedClientState: { typeUrl: "/x", value: new Uint8Array() } },
          }),
        ),
        "plan: upgrade logic for IBC has been moved to the IBC module: invalid request",
      ],
    ];
    for (const [msg, log] of cases) {
      expect(await chain.govExec([msg])).toEqual({ code: 18, codespace: "sdk", log });
    }
    expect(currentPlan(chain)).toBeUndefined();
  });

  it("refuses MsgSoftwareUpgrade and MsgCancelUpgrade from anyone but gov (upgrade 7), also amino-signed", async () => {
    const direct = await chain.deliver(alice, [softwareUpgrade(chain.height + 10n, PLAN_NAME, "", alice.address)]);
    expect(direct.code).toBe(7);
    expect(direct.codespace).toBe("upgrade");
    expect(direct.log).toContain(`expected ${govAuthority()} got ${alice.address}`);

    for (const msg of [softwareUpgrade(chain.height + 10n, PLAN_NAME, "", alice.address), cancelUpgrade(alice.address)]) {
      const account = chain.account(alice.address)!;
      const tx = signAminoTx([msg], [{ key: alice, accountNumber: account.accountNumber, sequence: account.sequence }], {
        chainId: CHAIN_ID,
        fee: [{ denom: DENOM, amount: "5000" }],
        gasLimit: 400_000n,
      });
      const res = await chain.deliverRaw(tx);
      expect({ code: res.code, codespace: res.codespace }).toEqual({ code: 7, codespace: "upgrade" });
    }
  });

  it("accepts amino-signed proposals carrying MsgSoftwareUpgrade and MsgCancelUpgrade", async () => {
    const deposit = govParams(chain).minDeposit;
    for (const inner of [softwareUpgrade(chain.height + 100n), cancelUpgrade()]) {
      const account = chain.account(alice.address)!;
      const tx = signAminoTx(
        [submitMsg(alice.address, [inner], deposit)],
        [{ key: alice, accountNumber: account.accountNumber, sequence: account.sequence }],
        {
          chainId: CHAIN_ID,
          fee: [{ denom: DENOM, amount: "5000" }],
          gasLimit: 400_000n,
        },
      );
      const res = await chain.deliverRaw(tx);
      expect(res.log).toBe("");
      expect(res.code).toBe(0);
      expect(getProposal(chain, proposalIdOf(res))?.messages[0].typeUrl).toBe(inner.typeUrl);
    }
  });

  it("authority and upgraded_consensus_state queries, over ABCI and REST", async () => {
    expect(chain.query("/cosmos.upgrade.v1beta1.Query/Authority", QueryAuthorityRequest, {}, QueryAuthorityResponse)).toEqual({
      address: govAuthority(),
    });
    const authority = await h.get("/cosmos/upgrade/v1beta1/authority");
    expect({ status: authority.status, body: authority.body }).toEqual({ status: 200, body: { address: govAuthority() } });
    expect(() =>
      chain.query(
        "/cosmos.upgrade.v1beta1.Query/UpgradedConsensusState",
        QueryUpgradedConsensusStateRequest,
        { lastHeight: 1n },
        QueryUpgradedConsensusStateResponse,
      ),
    ).toThrow("upgraded consensus state not found");
    const rest = await h.get("/cosmos/upgrade/v1beta1/upgraded_consensus_state/1");
    expect(rest.status).toBe(404);
    expect(rest.body).toEqual({ code: 5, message: "upgraded consensus state not found", details: [] });
    const missing = await h.get("/cosmos/upgrade/v1beta1/module_versions?module_name=nope");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("x/upgrade: QueryModuleVersions module nope not found: not found");
  });
});

describe("a binary that already has the handler of a plan not yet due", () => {
  const dir = mkdtempSync(join(tmpdir(), "upgrade-early-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("halts with the SDK's BINARY UPDATED BEFORE TRIGGER message, and the old binary carries on", async () => {
    let chain = await TestChain.create({ dir, build: OLD_BINARY });
    expect((await chain.govExec([softwareUpgrade(chain.height + 20n)])).code).toBe(0);
    await chain.close();

    chain = await TestChain.create({ dir, build: NEW_BINARY });
    const height = chain.height;
    await expect(chain.produceBlocks(1)).rejects.toThrow(
      `BINARY UPDATED BEFORE TRIGGER! UPGRADE "${PLAN_NAME}" - in binary but not executed on chain. Downgrade your binary`,
    );
    expect(chain.height).toBe(height);
    await chain.close();

    // The refused block was decided (saved); the old binary replays it on start, then goes on.
    chain = await TestChain.create({ dir, build: OLD_BINARY });
    expect(chain.height).toBe(height + 1n);
    await chain.produceBlocks(2);
    expect(chain.height).toBe(height + 3n);
    await chain.close();
  });
});
