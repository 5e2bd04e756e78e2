import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DirectSecp256k1HdWallet, makeCosmoshubPath } from "@cosmjs/proto-signing";
import { QueryAllBalancesRequest, QueryBalanceRequest } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { ProposalStatus, VoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import { QueryProposalRequest, QueryProposalResponse } from "cosmjs-types/cosmos/gov/v1/query";
import { MsgSubmitProposalResponse } from "cosmjs-types/cosmos/gov/v1/tx";
import * as groupQ from "cosmjs-types/cosmos/group/v1/query";
import * as groupTx from "cosmjs-types/cosmos/group/v1/tx";
import { ThresholdDecisionPolicy } from "cosmjs-types/cosmos/group/v1/types";
import * as stakingQ from "cosmjs-types/cosmos/staking/v1beta1/query";
import { MsgBeginRedelegate, MsgDelegate, MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import {
  QueryAppliedPlanRequest,
  QueryAppliedPlanResponse,
  QueryModuleVersionsRequest,
  QueryModuleVersionsResponse,
} from "cosmjs-types/cosmos/upgrade/v1beta1/query";
import { MsgSoftwareUpgrade } from "cosmjs-types/cosmos/upgrade/v1beta1/tx";
import { afterAll, describe, expect, it } from "vitest";
import { currentVersionMap } from "../../src/app/migrations";
import { buildModules } from "../../src/app/modules";
import { DEV_FAUCET_MNEMONIC } from "../../src/cli/dev-keys";
import { homePaths, PROJECT_ROOT } from "../../src/cli/home";
import { appHashAt, latestHeight, localnetOperator, waitForHeight } from "../../src/cli/localnet";
import { Secp256k1Key } from "../../src/client/signer";
import * as nettingQ from "../../src/gen/blockchain/netting/v1/query";
import * as nettingTx from "../../src/gen/blockchain/netting/v1/tx";
import { LockType } from "../../src/gen/blockchain/treasury/v1/lock";
import * as treasuryQ from "../../src/gen/blockchain/treasury/v1/query";
import * as treasuryTx from "../../src/gen/blockchain/treasury/v1/tx";
import { accAddress, moduleAddress, valAddress } from "../../src/types/address";
import type { AnyMsg } from "../../src/types/codec";
import { pack } from "../helpers/chain";
import { deliverSignedTx, logOf, setWarmUpTxs, startLocalnet } from "./helpers";
import { previousRelease } from "./helpers/previous-release";
import {
  expectNextIds,
  expectRecordsWritten,
  fundedAccounts,
  govMessages,
  moduleProbes,
  operatorKey,
  ratifyAmendment,
  seedGenesis,
  writeModuleRecords,
} from "./helpers/upgrade-records";
import { abciQuery, mustDeliver, signingClient } from "./helpers/validator-set";

// The previous release (real old code) runs a 4-validator localnet; records are written in the
// modules whose stored layout this release migrates; a governance plan for this release's
// upgrade passes; every node halts at its height and restarts on the working tree, which runs
// the migrations. Every query answered before the halt answers the same bytes after it, on
// every node, and new records take the next ids.

const PLAN = "v0.4-conventions";
const INFO = "e2e upgrade";
const EUR = "ueur";
const YML = "uyml";
/** Long enough that nothing written here changes by itself while the test runs. */
const DAY = 86_400n;

const user = Secp256k1Key.fromSeed("upgrade-e2e/user");
const banks = ["A", "B"].map((n) => Secp256k1Key.fromSeed(`upgrade-e2e/bank${n}`));

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

const rawHex = { decode: (b: Uint8Array) => Buffer.from(b).toString("hex") };
type Codec<M> = { encode(m: M): { finish(): Uint8Array } };

/** A query the test asks before and after the upgrade; the answer is compared byte for byte. */
interface Probe {
  path: string;
  data: Uint8Array;
  view?: (answer: Uint8Array) => string;
}
const probe = <M>(path: string, codec: Codec<M>, req: M): Probe => ({ path, data: codec.encode(req).finish() });
const ask = (url: string, p: Probe) => abciQuery(url, p.path, { encode: (d: Uint8Array) => ({ finish: () => d }) }, p.data, rawHex);

async function snapshot(url: string, probes: Probe[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const p of probes) {
    const hex = await ask(url, p);
    out[`${p.path} ${Buffer.from(p.data).toString("hex")}`] = p.view ? p.view(Buffer.from(hex, "hex")) : hex;
  }
  return out;
}

const decodeResponse = <M>(codec: { decode(b: Uint8Array): M }, r: AnyMsg) => codec.decode(r.value);

/** The records this release's migrations move, written with the previous release's messages. */
async function writeRecords(url: string, validators: string[]) {
  const [A, B] = banks;
  const nettingTxs = async () => {
    await deliverSignedTx(url, B, [
      pack("/blockchain.netting.v1.MsgPostReserve", nettingTx.MsgPostReserve, {
        participant: B.address,
        amount: [{ denom: EUR, amount: "1000" }],
      }),
    ]);
    await deliverSignedTx(url, A, [
      pack("/blockchain.netting.v1.MsgPostReserve", nettingTx.MsgPostReserve, {
        participant: A.address,
        amount: [{ denom: EUR, amount: "1000" }],
      }),
    ]);
    await deliverSignedTx(url, A, [
      pack("/blockchain.netting.v1.MsgSubmitObligation", nettingTx.MsgSubmitObligation, {
        fromParticipant: A.address,
        toParticipant: B.address,
        denom: EUR,
        amount: "300",
        batchHash: createHash("sha256").update("upgrade-e2e/obligation").digest(),
      }),
    ]);
  };
  const userTxs = async () => {
    const u = user.address;
    await deliverSignedTx(
      url,
      user,
      [
        pack("/cosmos.staking.v1beta1.MsgDelegate", MsgDelegate, {
          delegatorAddress: u,
          validatorAddress: validators[0],
          amount: { denom: YML, amount: "5000000" },
        }),
      ],
      { gasLimit: 500_000n },
    );
    await deliverSignedTx(
      url,
      user,
      [
        pack("/cosmos.staking.v1beta1.MsgUndelegate", MsgUndelegate, {
          delegatorAddress: u,
          validatorAddress: validators[0],
          amount: { denom: YML, amount: "1000000" },
        }),
        pack("/cosmos.staking.v1beta1.MsgBeginRedelegate", MsgBeginRedelegate, {
          delegatorAddress: u,
          validatorSrcAddress: validators[0],
          validatorDstAddress: validators[1],
          amount: { denom: YML, amount: "1000000" },
        }),
      ],
      { gasLimit: 800_000n },
    );
    const group = await createGroup(url);
    const proposal = await submitGroupProposal(url, group.groupPolicyAddress);
    const treasury = await createTreasury(url);
    const lock = await createLock(url, treasury);
    return { group, proposal, treasury, lock };
  };
  const [records] = await Promise.all([userTxs(), nettingTxs()]);
  const cycle = await abciQuery(
    url,
    "/blockchain.netting.v1.Query/CurrentCycle",
    nettingQ.QueryCurrentCycleRequest,
    {},
    nettingQ.QueryCurrentCycleResponse,
  );
  return { ...records, cycle: cycle.cycle!.id };
}

async function createGroup(url: string) {
  const decisionPolicy = {
    typeUrl: "/cosmos.group.v1.ThresholdDecisionPolicy",
    value: ThresholdDecisionPolicy.encode({
      threshold: "2",
      windows: { votingPeriod: { seconds: DAY, nanos: 0 }, minExecutionPeriod: { seconds: 0n, nanos: 0 } },
    }).finish(),
  };
  const res = await deliverSignedTx(
    url,
    user,
    [
      pack("/cosmos.group.v1.MsgCreateGroupWithPolicy", groupTx.MsgCreateGroupWithPolicy, {
        admin: user.address,
        members: [user, ...banks].map((k) => ({ address: k.address, weight: "1", metadata: "" })),
        groupMetadata: "upgrade e2e",
        groupPolicyMetadata: "",
        groupPolicyAsAdmin: false,
        decisionPolicy,
      }),
    ],
    { gasLimit: 600_000n },
  );
  return decodeResponse(groupTx.MsgCreateGroupWithPolicyResponse, res.msgResponses[0]);
}

async function submitGroupProposal(url: string, groupPolicyAddress: string): Promise<bigint> {
  const res = await deliverSignedTx(
    url,
    user,
    [
      pack("/cosmos.group.v1.MsgSubmitProposal", groupTx.MsgSubmitProposal, {
        groupPolicyAddress,
        proposers: [user.address],
        metadata: "",
        messages: [],
        exec: groupTx.Exec.EXEC_UNSPECIFIED,
        title: "kept open",
        summary: "",
      }),
    ],
    { gasLimit: 600_000n },
  );
  return decodeResponse(groupTx.MsgSubmitProposalResponse, res.msgResponses[0]).proposalId;
}

async function createTreasury(url: string): Promise<bigint> {
  const res = await deliverSignedTx(url, user, [
    pack("/blockchain.treasury.v1.MsgCreateTreasury", treasuryTx.MsgCreateTreasury, {
      creator: user.address,
      name: "upgrade e2e",
      admin: user.address,
    }),
  ]);
  const id = decodeResponse(treasuryTx.MsgCreateTreasuryResponse, res.msgResponses[0]).id;
  await deliverSignedTx(url, user, [
    pack("/blockchain.treasury.v1.MsgDeposit", treasuryTx.MsgDeposit, {
      depositor: user.address,
      treasuryId: id,
      amount: [{ denom: YML, amount: "2000000" }],
    }),
  ]);
  return id;
}

async function createLock(url: string, treasuryId: bigint): Promise<bigint> {
  const now = BigInt(Math.floor(Date.now() / 1000));
  const res = await deliverSignedTx(url, user, [
    pack("/blockchain.treasury.v1.MsgCreateLock", treasuryTx.MsgCreateLock, {
      admin: user.address,
      treasuryId,
      beneficiary: banks[0].address,
      denom: YML,
      amount: "500000",
      lockType: LockType.LOCK_TYPE_TIME,
      startTime: now,
      cliffTime: now,
      endTime: now + 400n * DAY,
      releaseIntervals: 0n,
      revocable: true,
    }),
  ]);
  return decodeResponse(treasuryTx.MsgCreateLockResponse, res.msgResponses[0]).id;
}

function probesOf(records: Awaited<ReturnType<typeof writeRecords>>, validators: string[], accounts: string[]): Probe[] {
  const u = user.address;
  const none = undefined;
  return [
    ...accounts.flatMap((address) => [
      probe("/cosmos.bank.v1beta1.Query/AllBalances", QueryAllBalancesRequest, { address, pagination: none, resolveDenom: false }),
      probe("/cosmos.bank.v1beta1.Query/Balance", QueryBalanceRequest, { address, denom: YML }),
    ]),
    probe("/cosmos.staking.v1beta1.Query/Delegation", stakingQ.QueryDelegationRequest, { delegatorAddr: u, validatorAddr: validators[0] }),
    probe("/cosmos.staking.v1beta1.Query/Delegation", stakingQ.QueryDelegationRequest, { delegatorAddr: u, validatorAddr: validators[1] }),
    probe("/cosmos.staking.v1beta1.Query/UnbondingDelegation", stakingQ.QueryUnbondingDelegationRequest, {
      delegatorAddr: u,
      validatorAddr: validators[0],
    }),
    probe("/cosmos.staking.v1beta1.Query/Redelegations", stakingQ.QueryRedelegationsRequest, {
      delegatorAddr: u,
      srcValidatorAddr: "",
      dstValidatorAddr: "",
      pagination: none,
    }),
    probe("/cosmos.staking.v1beta1.Query/DelegatorDelegations", stakingQ.QueryDelegatorDelegationsRequest, {
      delegatorAddr: u,
      pagination: none,
    }),
    probe("/cosmos.staking.v1beta1.Query/DelegatorUnbondingDelegations", stakingQ.QueryDelegatorUnbondingDelegationsRequest, {
      delegatorAddr: u,
      pagination: none,
    }),
    probe("/cosmos.group.v1.Query/GroupInfo", groupQ.QueryGroupInfoRequest, { groupId: records.group.groupId }),
    probe("/cosmos.group.v1.Query/GroupMembers", groupQ.QueryGroupMembersRequest, { groupId: records.group.groupId, pagination: none }),
    probe("/cosmos.group.v1.Query/GroupsByAdmin", groupQ.QueryGroupsByAdminRequest, { admin: u, pagination: none }),
    probe("/cosmos.group.v1.Query/GroupsByMember", groupQ.QueryGroupsByMemberRequest, { address: banks[0].address, pagination: none }),
    probe("/cosmos.group.v1.Query/GroupPolicyInfo", groupQ.QueryGroupPolicyInfoRequest, { address: records.group.groupPolicyAddress }),
    probe("/cosmos.group.v1.Query/GroupPoliciesByGroup", groupQ.QueryGroupPoliciesByGroupRequest, {
      groupId: records.group.groupId,
      pagination: none,
    }),
    probe("/cosmos.group.v1.Query/Proposal", groupQ.QueryProposalRequest, { proposalId: records.proposal }),
    probe("/cosmos.group.v1.Query/ProposalsByGroupPolicy", groupQ.QueryProposalsByGroupPolicyRequest, {
      address: records.group.groupPolicyAddress,
      pagination: none,
    }),
    probe("/blockchain.treasury.v1.Query/GetTreasury", treasuryQ.QueryGetTreasuryRequest, { id: records.treasury }),
    probe("/blockchain.treasury.v1.Query/TreasuryBalances", treasuryQ.QueryTreasuryBalancesRequest, { treasuryId: records.treasury }),
    probe("/blockchain.treasury.v1.Query/GetLock", treasuryQ.QueryGetLockRequest, { id: records.lock }),
    probe("/blockchain.treasury.v1.Query/LocksByTreasury", treasuryQ.QueryLocksByTreasuryRequest, {
      treasuryId: records.treasury,
      pagination: none,
    }),
    probe("/blockchain.treasury.v1.Query/LocksByBeneficiary", treasuryQ.QueryLocksByBeneficiaryRequest, {
      beneficiary: banks[0].address,
      pagination: none,
    }),
    probe("/blockchain.netting.v1.Query/CurrentCycle", nettingQ.QueryCurrentCycleRequest, {}),
    ...banks.flatMap((k) => [
      probe("/blockchain.netting.v1.Query/Position", nettingQ.QueryPositionRequest, { participant: k.address }),
      probe("/blockchain.netting.v1.Query/ParticipantObligations", nettingQ.QueryParticipantObligationsRequest, {
        participant: k.address,
        cycleId: records.cycle,
        pagination: none,
      }),
    ]),
  ];
}

describe("in-place upgrade from the previous release on the 4-validator localnet", () => {
  let net: Awaited<ReturnType<typeof startLocalnet>> | undefined;
  afterAll(async () => {
    await net?.cleanup();
  });

  it(`the previous release halts at the ${PLAN} plan; this release migrates and answers every query as before`, async () => {
    const oldRoot = previousRelease();
    const operatorKeys = await Promise.all([0, 1, 2, 3].map(operatorKey));
    const validators = operatorKeys.map((k) => valAddress.encode(accAddress.decode(k.address)));
    net = await startLocalnet({
      validators: 4,
      basePort: 29657,
      codeRoot: oldRoot,
      beforeStart: (n) => setWarmUpTxs(n, 0),
      accounts: [
        { address: user.address, coins: `1000000000${YML}` },
        ...banks.map((k) => ({ address: k.address, coins: `1000000000${YML},1000000000${EUR}` })),
        ...fundedAccounts,
      ],
      mutateGenesis: (s) => {
        seedGenesis(s, validators, s.group.groups[0].created_at);
        s.staking.params.unbonding_time = `${DAY}s`;
        s.paymsg.approved_participant_map = banks.map((k, i) => ({
          participant: k.address,
          code: `BANK${i}`,
          name: `Bank ${i}`,
          payload_store_url: "",
        }));
        // One cycle that outlasts the test: the obligation stays pending across the upgrade.
        s.netting.params = {
          cycle_blocks: "100000",
          max_hold_cycles: "0",
          denom_policies: [{ denom: EUR, gross_threshold: "1000000", aggregate_gross_threshold: "0" }],
        };
      },
    });
    const nodes = net.nodes;
    const url = nodes[0].rpcUrl;
    await waitForHeight(url, 2, 60_000);
    expect(await Promise.all(nodes.map((_, i) => localnetOperator(i)))).toEqual(operatorKeys.map((k) => k.address));

    // The plan: an expedited proposal (15 s voting on the localnet), voted YES by the four
    // operators while the records are written.
    const faucet = await account(url, 0);
    const planHeight = BigInt((await latestHeight(url)) + 90);
    const upgrade = MsgSoftwareUpgrade.fromPartial({
      authority: moduleAddress("gov"),
      plan: { name: PLAN, height: planHeight, info: INFO },
    });
    const proposal = (title: string, messages: AnyMsg[]) => ({
      typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
      value: {
        messages,
        initialDeposit: [{ denom: YML, amount: "50000000" }],
        proposer: faucet.address,
        metadata: "",
        title,
        summary: `e2e: ${title}`,
        expedited: true,
      },
    });
    // Beside the plan, in the same voting round: governance's own records (a constitutional amendment).
    const submitted = await mustDeliver(faucet.client, faucet.address, [
      proposal(`Upgrade to ${PLAN}`, [
        { typeUrl: "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", value: MsgSoftwareUpgrade.encode(upgrade).finish() },
      ]),
      proposal("An amendment kept pending", await govMessages(url)),
    ]);
    const [proposalId, amendmentProposalId] = submitted.msgResponses.map((r) => MsgSubmitProposalResponse.decode(r.value).proposalId);
    const operators = await Promise.all(nodes.map((_, i) => account(url, i + 1)));
    const votes = Promise.all(
      operators.map((op) =>
        mustDeliver(
          op.client,
          op.address,
          [proposalId, amendmentProposalId].map((id) => ({
            typeUrl: "/cosmos.gov.v1.MsgVote",
            value: { proposalId: id, voter: op.address, option: VoteOption.VOTE_OPTION_YES, metadata: "" },
          })),
        ),
      ),
    );
    // The operators sign their own records once their votes are in (one sequence per account).
    const [records, moduleRecords] = await Promise.all([
      writeRecords(url, validators),
      votes.then(() => writeModuleRecords(url, operatorKeys, validators)),
    ]);
    const proposalStatus = async (id: bigint) =>
      (await abciQuery(url, "/cosmos.gov.v1.Query/Proposal", QueryProposalRequest, { proposalId: id }, QueryProposalResponse)).proposal!
        .status;
    let status = ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD;
    await until("the proposals to end", 60_000, async () => {
      status = await proposalStatus(proposalId);
      return status !== ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD;
    });
    expect(status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
    expect(await proposalStatus(amendmentProposalId)).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
    const amendmentId = await ratifyAmendment(url, operatorKeys[0]);
    await expectRecordsWritten(url);
    const probes = probesOf(records, validators, [
      user.address,
      ...banks.map((k) => k.address),
      faucet.address,
      ...operators.map((o) => o.address),
    ]).concat(
      moduleProbes(
        { ...moduleRecords, amendmentId },
        operators.map((o) => o.address),
        validators,
      ),
    );
    // Taken once the proposal ended (its deposit is back with the faucet); nothing written above
    // changes by itself between blocks.
    const before = await snapshot(url, probes);
    await waitForHeight(url, (await latestHeight(url)) + 2, 30_000);
    expect(BigInt(await latestHeight(url))).toBeLessThan(planHeight - 1n);
    expect(await snapshot(url, probes)).toEqual(before);

    // Every node stops at the plan height. A node that finalizes block H refuses it with the SDK's
    // message and writes upgrade-info.json; its CometBFT then stops on the app's exception. A
    // node that had not yet seen the commit of H when its peers stopped waits at H-1 forever:
    // halted too, at the same height, and the next release brings it past H like the others.
    const needed = `NEEDED at height: ${planHeight}: ${INFO}`;
    const refused = () => nodes.filter((n) => logOf(n.home, "app").includes(needed));
    await until("a node to refuse the plan height", 180_000, () => refused().length > 0);
    // A loaded machine may leave a node a block or two behind: let every node either refuse H or
    // reach H-1 before all stop, or a laggard would restart below H with the next release.
    const settled = async (n: (typeof nodes)[number]) =>
      logOf(n.home, "app").includes(needed) || (await latestHeight(n.rpcUrl).catch(() => 0)) >= Number(planHeight) - 1;
    await until("every node at the plan height", 90_000, async () => (await Promise.all(nodes.map(settled))).every(Boolean));
    await new Promise((r) => setTimeout(r, 5_000));
    for (const node of refused()) {
      expect(logOf(node.home, "app")).toMatch(new RegExp(`UPGRADE \\\\?"${PLAN}\\\\?" ${needed}`));
      const info = JSON.parse(readFileSync(join(homePaths(node.home).data, "upgrade-info.json"), "utf8"));
      expect(info).toEqual({ name: PLAN, time: "0001-01-01T00:00:00Z", height: Number(planHeight), info: INFO });
    }
    for (const node of nodes) {
      const height = await latestHeight(node.rpcUrl).catch(() => undefined);
      if (height !== undefined) expect(BigInt(height)).toBe(planHeight - 1n);
    }
    const lastHash = await appHashAt(url, Number(planHeight) - 1).catch(() => undefined);
    await Promise.all(nodes.map((n) => n.stop()));

    // This release on every node: CometBFT replays the refused block, the plan's migrations run, blocks continue.
    await Promise.all(nodes.map((n) => n.start({}, { codeRoot: PROJECT_ROOT })));
    const target = Number(planHeight) + 3;
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
    const expectedVersions = [...currentVersionMap(buildModules().modules)].map(([name, version]) => ({ name, version: BigInt(version) }));
    for (const node of nodes) {
      const applied = await abciQuery(
        node.rpcUrl,
        "/cosmos.upgrade.v1beta1.Query/AppliedPlan",
        QueryAppliedPlanRequest,
        { name: PLAN },
        QueryAppliedPlanResponse,
      );
      expect(applied.height).toBe(planHeight);
      const versions = await abciQuery(
        node.rpcUrl,
        "/cosmos.upgrade.v1beta1.Query/ModuleVersions",
        QueryModuleVersionsRequest,
        { moduleName: "" },
        QueryModuleVersionsResponse,
      );
      expect(versions.moduleVersions).toEqual(expectedVersions);
      expect(logOf(node.home, "app").split(`applying upgrade \\"${PLAN}\\" at height: ${planHeight}`).length - 1).toBe(1);
      expect(await snapshot(node.rpcUrl, probes)).toEqual(before);
    }

    // New records take the next ids: the counters carried over, none restarted or reused.
    const group = await createGroup(url);
    expect(group.groupId).toBe(records.group.groupId + 1n);
    expect(await submitGroupProposal(url, group.groupPolicyAddress)).toBe(records.proposal + 1n);
    const treasury = await createTreasury(url);
    expect(treasury).toBe(records.treasury + 1n);
    expect(await createLock(url, treasury)).toBe(records.lock + 1n);
    await expectNextIds(url, operatorKeys, moduleRecords);

    // The chain keeps going, every node on the same state.
    const later = (await latestHeight(url)) + 2;
    await Promise.all(nodes.map((n) => waitForHeight(n.rpcUrl, later, 60_000)));
    expect(new Set(await Promise.all(nodes.map((n) => appHashAt(n.rpcUrl, later)))).size).toBe(1);
  }, 600_000);
});
