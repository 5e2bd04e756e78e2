import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as gq from "cosmjs-types/cosmos/group/v1/query";
import * as gtx from "cosmjs-types/cosmos/group/v1/tx";
import { ProposalExecutorResult, ProposalStatus, ThresholdDecisionPolicy } from "cosmjs-types/cosmos/group/v1/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { App } from "../../../src/app/app";
import { defaultAppState } from "../../../src/app/genesis";
import { buildModules } from "../../../src/app/modules";
import { initChainRequest } from "../../../src/abci/genesis-doc";
import { Secp256k1Key } from "../../../src/client/signer";
import { initHome, parseCustodians } from "../../../src/cli/commands/init";
import { DEV_FOUNDATION_CUSTODIANS, devCustodianPath } from "../../../src/abci/dev/foundation";
import { foundationProposal, foundationThirdVote } from "../../helpers/foundation";
import { DEV_FAUCET_MNEMONIC } from "../../../src/cli/dev-keys";
import { applyDevPeriods } from "../../../src/cli/dev-periods";
import { buildDevGenesis } from "../../../src/abci/dev/genesis";
import { loadGenesis } from "../../../src/cli/genesis-file";
import { homePaths } from "../../../src/cli/home";
import { groupPolicyAddress } from "../../../src/modules/group";
import { simAccounts, simGenesis } from "../../../src/sim/genesis";
import { silentLogger } from "../../../src/types/logger";
import { foundationCustodians, type TestChain } from "../../helpers/chain";
import { members, msg as groupMsg, proposal, query, send } from "../group/setup";
import {
  FLOOR,
  FOUNDATION,
  chainWith,
  constitutionChain,
  expectConstitutionError,
  getAmendment,
  getInvariants,
  keys,
  listAmendments,
  msg,
  testInvariants,
} from "./setup";

const { alice, mallory } = keys;
const belowFloor = () => testInvariants({ amendmentDelayBlocks: FLOOR - 1n });

describe("constitution conformance (rules 36-38) on one chain", () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await constitutionChain();
  });
  afterAll(async () => chain.close());

  const opened = () => listAmendments(chain).amendment.length;

  describe("rule 36: MsgProposeAmendment refuses a blank reason after the authority, before the settlement", () => {
    it("step 1, the authority: a non-governance signer is refused (1100) even with a blank reason and a bad set", async () => {
      expectConstitutionError(await chain.deliver(mallory, [msg.propose(belowFloor(), " ", mallory.address)]), 1100);
    });

    it("step 2, the reason: an empty or blank reason is refused (1101) before the set is looked at", async () => {
      for (const reason of ["", "   ", "\t\n "]) {
        expectConstitutionError(await chain.govExec([msg.propose(belowFloor(), reason)]), 1101);
        expectConstitutionError(await chain.govExec([msg.propose(testInvariants(), reason)]), 1101);
      }
      expect(opened()).toBe(0);
    });

    it("step 3, the settlement: with a reason, the set is validated (1107)", async () => {
      expectConstitutionError(await chain.govExec([msg.propose(belowFloor(), "too fast")]), 1107);
      expect(opened()).toBe(0);
    });
  });

  describe("rule 37: amendment_delay_blocks has a floor of 120,960 blocks", () => {
    it("refuses a proposed settlement below the floor (1107); one at the floor opens under the delay in force", async () => {
      const res = await chain.govExec([msg.propose(belowFloor(), "one block short")]);
      expectConstitutionError(res, 1107);
      expect(res.log).toMatch(/amendment_delay_blocks 120959 is below the floor of 120960/);
      expect((await chain.govExec([msg.propose(testInvariants({ maxEntityPowerBps: 2500n }), "at the floor")])).log).toBe("");
      const a = getAmendment(chain, 1n);
      expect(a.effectiveAtHeight - a.proposedAtHeight).toBe(getInvariants(chain).amendmentDelayBlocks);
      expect(getInvariants(chain).amendmentDelayBlocks).toBeGreaterThanOrEqual(FLOOR);
    });

    it("refuses a genesis settlement below the floor", async () => {
      await expect(chainWith(belowFloor())).rejects.toThrow(/below the floor of 120960/);
    });

    it("the default, dev and simulation settlements carry at least the floor", () => {
      const dev = defaultAppState(buildModules().modules) as Record<string, any>;
      applyDevPeriods(dev);
      expect(BigInt(dev.constitution.invariants.amendment_delay_blocks)).toBeGreaterThanOrEqual(FLOOR);
      const sim = simGenesis(buildModules(), simAccounts(3), 1).app_state as Record<string, any>;
      expect(BigInt(sim.constitution.invariants.amendment_delay_blocks)).toBeGreaterThanOrEqual(FLOOR);
    });
  });

  describe("rule 38: the recovery destination is the foundation's x/group policy account", () => {
    it("the test chain's genesis holds the custodians' group and its 3-of-5 threshold policy at the address x/group derives", () => {
      const inv = getInvariants(chain);
      expect(inv.enforcementRecoveryDestination).toBe(groupPolicyAddress(1n));
      expect(inv.enforcementRecoveryDestination).toBe(FOUNDATION);
      const info = query(
        chain,
        "GroupPolicyInfo",
        gq.QueryGroupPolicyInfoRequest,
        { address: FOUNDATION },
        gq.QueryGroupPolicyInfoResponse,
      ).info!;
      expect(info).toMatchObject({ address: FOUNDATION, groupId: 1n, admin: FOUNDATION });
      expect(info.decisionPolicy!.typeUrl).toBe("/cosmos.group.v1.ThresholdDecisionPolicy");
      expect(ThresholdDecisionPolicy.decode(info.decisionPolicy!.value).threshold).toBe("3");
      const group = query(chain, "GroupMembers", gq.QueryGroupMembersRequest, { groupId: 1n }, gq.QueryGroupMembersResponse).members;
      expect(group.map((m) => [m.member!.address, m.member!.weight]).sort()).toEqual(
        foundationCustodians()
          .map((k) => [k.address, "1"])
          .sort(),
      );
      expect([inv.foundationCustodianCount, inv.foundationSignatureThreshold]).toEqual([5, 3]);
    });

    it("three custodians move what the foundation holds through a group proposal", async () => {
      const [c0, c1, c2] = foundationCustodians();
      await chain.mustDeliver(alice, [
        send(alice.address, FOUNDATION, 1000n),
        ...[c0, c1, c2].map((c) => send(alice.address, c!.address, 100_000n)),
      ]);
      const id = await foundationProposal(chain, [send(FOUNDATION, alice.address, 400n)]);
      expect(chain.balance(FOUNDATION)).toBe(1000n);
      await foundationThirdVote(chain, id);
      expect(chain.balance(FOUNDATION)).toBe(600n);
    });

    it("the foundation group keeps five custodians: the custodians' own proposal adding a sixth fails at execution", async () => {
      const add = groupMsg("MsgUpdateGroupMembers", gtx.MsgUpdateGroupMembers, {
        admin: FOUNDATION,
        groupId: 1n,
        memberUpdates: members([alice.address, "1"]),
      });
      const id = await foundationProposal(chain, [add]);
      await foundationThirdVote(chain, id);
      expect(proposal(chain, id)).toMatchObject({
        status: ProposalStatus.PROPOSAL_STATUS_ACCEPTED,
        executorResult: ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_FAILURE,
      });
      expect(query(chain, "GroupMembers", gq.QueryGroupMembersRequest, { groupId: 1n }, gq.QueryGroupMembersResponse).members).toHaveLength(
        5,
      );
    });

    it("genesis refuses a recovery destination that is not a group policy account", async () => {
      await expect(chainWith(testInvariants({ enforcementRecoveryDestination: alice.address }))).rejects.toThrow(
        /is not a group policy account/,
      );
      // Nor an address x/group would derive for a policy that does not exist.
      await expect(chainWith(testInvariants({ enforcementRecoveryDestination: groupPolicyAddress(2n) }))).rejects.toThrow(
        /is not a group policy account/,
      );
    });

    it("the dev genesis takes the DEV-ONLY custodians, derived from the dev mnemonic", async () => {
      const dev = buildDevGenesis(buildModules(), {
        chainId: "dev-1",
        genesisTime: "2026-01-01T00:00:00Z",
        accounts: [],
        validatorSeed: new Uint8Array(32).fill(1),
        mutate: applyDevPeriods,
      }).app_state as Record<string, any>;
      expect(dev.constitution.invariants.enforcement_recovery_destination).toBe(groupPolicyAddress(1n));
      expect(dev.group.group_members.map((m: { member: { address: string } }) => m.member.address)).toEqual([...DEV_FOUNDATION_CUSTODIANS]);
      const derived = await Promise.all(
        DEV_FOUNDATION_CUSTODIANS.map((_, i) => Secp256k1Key.fromMnemonic(DEV_FAUCET_MNEMONIC, devCustodianPath(i))),
      );
      expect(derived.map((k) => k.address)).toEqual([...DEV_FOUNDATION_CUSTODIANS]);
      expect(dev.group.groups).toHaveLength(1);
    });
  });
});

describe("rule 38: blockchaind init creates the foundation from --foundation-custodians", () => {
  const dir = mkdtempSync(join(tmpdir(), "init-foundation-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const custodians = ["c1", "c2", "c3"].map((n) => Secp256k1Key.fromSeed(`init/${n}`).address);

  it("writes the custodians' group, its policy and account, and the policy as the destination; InitChain accepts it", async () => {
    const home = join(dir, "named");
    initHome({
      home,
      moniker: "n",
      chainId: "t-1",
      foundationCustodians: parseCustodians(` ${custodians.join(", ").toUpperCase()} `),
      foundationThreshold: 2,
    });
    const doc = loadGenesis(homePaths(home).genesis);
    const s = doc.app_state as Record<string, any>;
    const policy = groupPolicyAddress(1n);
    expect(s.constitution.invariants).toMatchObject({
      enforcement_recovery_destination: policy,
      foundation_custodian_count: 3,
      foundation_signature_threshold: 2,
    });
    expect(s.group.group_members.map((m: { member: { address: string } }) => m.member.address)).toEqual(custodians);
    expect(s.group.group_policies[0]).toMatchObject({ address: policy, group_id: "1", decision_policy: { threshold: "2" } });
    expect(s.auth.accounts.map((a: { address: string }) => a.address)).toEqual([policy]);
    const app = await App.open({ dataDir: join(home, "app"), modules: buildModules(), logger: silentLogger });
    try {
      app.initChain(initChainRequest({ ...doc, validators: [] }));
    } finally {
      await app.close();
    }
  });

  it("takes a majority by default and the DEV-ONLY custodians without the flag", () => {
    const named = initHome({ home: join(dir, "majority"), moniker: "n", chainId: "t-1", foundationCustodians: custodians });
    expect((named.app_state as any).constitution.invariants.foundation_signature_threshold).toBe(2);
    const dev = initHome({ home: join(dir, "dev"), moniker: "n", chainId: "t-1" });
    expect((dev.app_state as any).group.group_members.map((m: { member: { address: string } }) => m.member.address)).toEqual([
      ...DEV_FOUNDATION_CUSTODIANS,
    ]);
  });

  it("refuses a bad custodian list or threshold before writing anything", () => {
    const home = join(dir, "bad");
    expect(() => initHome({ home, moniker: "n", chainId: "t-1", foundationCustodians: ["yml1nope"] })).toThrow(/not an account address/);
    expect(() => initHome({ home, moniker: "n", chainId: "t-1", foundationCustodians: [custodians[0]!, custodians[0]!] })).toThrow(
      /given twice/,
    );
    expect(() => initHome({ home, moniker: "n", chainId: "t-1", foundationCustodians: custodians, foundationThreshold: 4 })).toThrow(
      /between 1 and 3/,
    );
    expect(() => initHome({ home, moniker: "n", chainId: "t-1", foundationCustodians: [] })).toThrow(/at least one custodian/);
    expect(() => loadGenesis(homePaths(home).genesis)).toThrow();
  });
});
