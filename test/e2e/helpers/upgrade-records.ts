import { expect } from "vitest";
import { QueryAllBalancesRequest } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { MsgSend as BankSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import * as nftQ from "cosmjs-types/cosmos/nft/v1beta1/query";
import { MsgSend as NftSend } from "cosmjs-types/cosmos/nft/v1beta1/tx";
import * as groupTx from "cosmjs-types/cosmos/group/v1/tx";
import { Role } from "../../../src/gen/blockchain/alias/v1/alias";
import * as aliasQ from "../../../src/gen/blockchain/alias/v1/query";
import * as aliasTx from "../../../src/gen/blockchain/alias/v1/tx";
import * as constitutionQ from "../../../src/gen/blockchain/constitution/v1/query";
import * as constitutionTx from "../../../src/gen/blockchain/constitution/v1/tx";
import * as custodyQ from "../../../src/gen/blockchain/custody/v1/query";
import * as custodyTx from "../../../src/gen/blockchain/custody/v1/tx";
import { CaseAction, VoteOption as CaseVote } from "../../../src/gen/blockchain/enforcement/v1/enforcement";
import * as enforcementQ from "../../../src/gen/blockchain/enforcement/v1/query";
import * as enforcementTx from "../../../src/gen/blockchain/enforcement/v1/tx";
import * as landQ from "../../../src/gen/blockchain/land/v1/query";
import * as landTx from "../../../src/gen/blockchain/land/v1/tx";
import * as oracleQ from "../../../src/gen/blockchain/oracle/v1/query";
import * as oracleTx from "../../../src/gen/blockchain/oracle/v1/tx";
import * as tokenisationQ from "../../../src/gen/blockchain/tokenisation/v1/query";
import * as tokenisationTx from "../../../src/gen/blockchain/tokenisation/v1/tx";
import * as validatorgovQ from "../../../src/gen/blockchain/validatorgov/v1/query";
import * as validatorgovTx from "../../../src/gen/blockchain/validatorgov/v1/tx";
import { DEV_FAUCET_MNEMONIC } from "../../../src/cli/dev-keys";
import { Secp256k1Key } from "../../../src/client/signer";
import { groupPolicyAddress } from "../../../src/modules/group";
import { moduleAddress } from "../../../src/types/address";
import type { AnyMsg } from "../../../src/types/codec";
import { deliverSignedTx } from "../helpers";
import { abciQuery } from "./validator-set";

// Records in the modules whose keys this release moves (alias, land, tokenisation, custody,
// constitution, enforcement, nft, oracle, validatorgov), written by the previous release: what
// only an authority may create (offices, collections, attestors, jurisdictions, grants, NFT
// classes) is in genesis, which the old InitGenesis stores in the old layout; everything else
// is a signed tx. The probes read the records back, by id and through the lists the migrations
// rebuild (by holder, by owner, by scope, by country, by operator).

const GOV = moduleAddress("gov");
const COUNTRY = "CH";
const COLLECTION = "upgrade-art";
const NFT_CLASS = "upgrade-deeds";
const CUSTODY_DENOM = "ceur";
/** Longer than the test: nothing opened here closes, completes or expires by itself. */
const FOREVER = "1000000";

export const keys = {
  owner: Secp256k1Key.fromSeed("upgrade-e2e/owner"),
  recipient: Secp256k1Key.fromSeed("upgrade-e2e/recipient"),
  attestors: ["A", "B"].map((n) => Secp256k1Key.fromSeed(`upgrade-e2e/attestor${n}`)),
  suspects: [1, 2].map((n) => Secp256k1Key.fromSeed(`upgrade-e2e/suspect${n}`)),
  feeder: Secp256k1Key.fromSeed("upgrade-e2e/feeder"),
  rotatedOperator: Secp256k1Key.fromSeed("upgrade-e2e/rotated-operator"),
};
/** The land office: a group policy with the owner as its only member (threshold 1), made at genesis. */
export const OFFICE = groupPolicyAddress(2n);

/** The keys this file signs with, funded at genesis. */
export const fundedAccounts = [keys.owner, keys.recipient, ...keys.attestors].map((k) => ({
  address: k.address,
  coins: "1000000000uyml",
}));

/** Localnet operator i's key (the dev mnemonic at index i + 1). */
export function operatorKey(i: number): Promise<Secp256k1Key> {
  return Secp256k1Key.fromMnemonic(DEV_FAUCET_MNEMONIC, `m/44'/118'/0'/0/${i + 1}`);
}

type Partial<M> = { fromPartial(o: object): M; encode(m: M): { finish(): Uint8Array } };
const msg = <M>(typeUrl: string, codec: Partial<M>, value: object): AnyMsg => ({
  typeUrl,
  value: codec.encode(codec.fromPartial(value)).finish(),
});

/** The previous release's genesis sections for the records above (proto JSON). */
export function seedGenesis(s: Record<string, any>, validators: string[], createdAt: string): void {
  const { owner, recipient, attestors } = keys;
  // The land office's group: the owner alone, threshold 1, so an EXEC_TRY proposal acts at once.
  const groupId = String(BigInt(s.group.group_seq) + 1n);
  expect(BigInt(s.group.group_policy_seq) + 1n).toBe(2n);
  s.group.groups.push({
    id: groupId,
    admin: owner.address,
    metadata: "land office",
    version: "1",
    total_weight: "1",
    created_at: createdAt,
  });
  s.group.group_members.push({
    group_id: groupId,
    member: { address: owner.address, weight: "1", metadata: "", added_at: createdAt },
  });
  s.group.group_policies.push({
    address: OFFICE,
    group_id: groupId,
    admin: owner.address,
    metadata: "land office",
    version: "1",
    created_at: createdAt,
    decision_policy: {
      "@type": "/cosmos.group.v1.ThresholdDecisionPolicy",
      threshold: "1",
      windows: { voting_period: "86400s", min_execution_period: "0s" },
    },
  });
  s.group.group_seq = groupId;
  s.group.group_policy_seq = "2";
  const accounts: Array<Record<string, any>> = s.auth.accounts;
  const next = accounts.reduce((n, a) => Math.max(n, Number(a.account_number ?? a.base_account?.account_number ?? 0) + 1), 0);
  accounts.push({ "@type": "/cosmos.auth.v1beta1.BaseAccount", address: OFFICE, account_number: String(next), sequence: "0" });

  s.alias.jurisdictions = [owner, recipient].map((k) => ({
    address: k.address,
    country: COUNTRY,
    recorded_by: GOV,
    recorded_at_height: "1",
  }));
  s.alias.role_grants = [
    { holder: OFFICE, role: "ROLE_REGISTRY_AUTHORITY", jurisdiction: COUNTRY, granted_by: GOV, granted_at_height: "1" },
  ];
  s.alias.revoked_role_grants = [
    { holder: OFFICE, role: "ROLE_SUPERVISOR", jurisdiction: COUNTRY, granted_by: GOV, granted_at_height: "1" },
  ];
  s.alias.auditor_grants = [{ address: recipient.address, granted_by: GOV, granted_at_height: "1", expires_at_height: "100000000" }];
  s.alias.past_auditor_grants = [{ address: owner.address, granted_by: GOV, granted_at_height: "1", expires_at_height: "100000000" }];

  s.land.authorities = [{ address: OFFICE, name: "Upgrade office", jurisdiction: COUNTRY, active: true }];
  s.tokenisation.collections = [
    {
      id: COLLECTION,
      authority: owner.address,
      verification: "VERIFY_GOVERNANCE",
      attestation_threshold: 0,
      challenge_window_seconds: "0",
      dispute_bond_bps: 0,
      attestors: [],
    },
  ];
  s.custody.assets = [{ denom: CUSTODY_DENOM, source_chain: "upgrade-e2e", symbol: "CEUR", exponent: 6, paused: false }];
  s.custody.attestors = attestors.map((k) => k.address);
  s.nft.classes = [{ id: NFT_CLASS, name: "Deeds", symbol: "DEED", description: "", uri: "", uri_hash: "" }];
  s.nft.entries = [
    {
      owner: owner.address,
      nfts: ["deed-1", "deed-2", "deed-3"].map((id) => ({ class_id: NFT_CLASS, id, uri: "", uri_hash: "" })),
    },
  ];
  // No round ends during the test (the miss counters would move); the counters come from genesis.
  s.oracle.params.vote_period = FOREVER;
  s.oracle.miss_counters = validators.map((validator, i) => ({ validator, misses: String(i), windows: "7" }));
  s.validatorgov.params.planned_rotation_delay_blocks = FOREVER;
  s.validatorgov.params.recovery_challenge_window_blocks = FOREVER;
  Object.assign(s.constitution.invariants, {
    enforcement_voting_period_blocks: FOREVER,
    enforcement_provisional_freeze_blocks: FOREVER,
  });
}

/** Governance's messages voted with the upgrade: an amendment to the constitution (left pending). */
export async function govMessages(url: string): Promise<AnyMsg[]> {
  const { invariants } = await abciQuery(
    url,
    "/blockchain.constitution.v1.Query/Invariants",
    constitutionQ.QueryInvariantsRequest,
    {},
    constitutionQ.QueryInvariantsResponse,
  );
  return [
    msg("/blockchain.constitution.v1.MsgProposeAmendment", constitutionTx.MsgProposeAmendment, {
      authority: GOV,
      invariants: { ...invariants!, maxEntityPowerBps: invariants!.maxEntityPowerBps + 100n },
      reason: "upgrade e2e: an amendment pending across the upgrade",
    }),
  ];
}

const officeProposal = (messages: AnyMsg[], title: string): AnyMsg =>
  msg("/cosmos.group.v1.MsgSubmitProposal", groupTx.MsgSubmitProposal, {
    groupPolicyAddress: OFFICE,
    proposers: [keys.owner.address],
    metadata: "",
    messages,
    exec: groupTx.Exec.EXEC_TRY,
    title,
    summary: "",
  });

const registerParcel = (n: number) =>
  msg("/blockchain.land.v1.MsgRegisterParcel", landTx.MsgRegisterParcel, {
    creator: OFFICE,
    geometryHash: `upgrade-geometry-${n}`,
    cadastralRef: `CH-UP-${n}`,
    holder: keys.owner.address,
  });

const mintAsset = (uri: string) =>
  msg("/blockchain.tokenisation.v1.MsgMintAsset", tokenisationTx.MsgMintAsset, {
    minter: keys.owner.address,
    collectionId: COLLECTION,
    owner: keys.owner.address,
    uri,
    parcelId: 0n,
  });

const openCase = (opener: string, target: string) =>
  msg("/blockchain.enforcement.v1.MsgOpenCase", enforcementTx.MsgOpenCase, {
    opener,
    target,
    action: CaseAction.CASE_ACTION_FREEZE,
    reason: "upgrade e2e: held across the upgrade",
  });

const responseOf = <M>(codec: { decode(b: Uint8Array): M }, r: { msgResponses: AnyMsg[] }, i: number) =>
  codec.decode(r.msgResponses[i].value);

export interface ModuleRecords {
  assetId: bigint;
  shareDenom: string;
  caseId: bigint;
  rotationId: bigint;
  depositIds: string[];
  redemptionId: string;
}

/**
 * Writes the records with the previous release's messages. `operators` are the localnet's
 * operator keys (free to sign: their gov votes are in), `validators` their valoper addresses.
 */
export async function writeModuleRecords(url: string, operators: Secp256k1Key[], validators: string[]): Promise<ModuleRecords> {
  const { owner, recipient, attestors } = keys;
  const gas = { gasLimit: 2_000_000n };
  const ownerTxs = async () => {
    const first = await deliverSignedTx(
      url,
      owner,
      [
        msg("/blockchain.alias.v1.MsgRegisterAlias", aliasTx.MsgRegisterAlias, { account: owner.address }),
        ...[1, 2].map((n) =>
          msg("/blockchain.alias.v1.MsgRegisterViewingKey", aliasTx.MsgRegisterViewingKey, {
            account: owner.address,
            publicKey: new Uint8Array(32).fill(n),
          }),
        ),
        officeProposal([registerParcel(1), registerParcel(2)], "two parcels"),
        mintAsset("ipfs://upgrade-asset-1"),
        msg("/cosmos.nft.v1beta1.MsgSend", NftSend, {
          classId: NFT_CLASS,
          id: "deed-2",
          sender: owner.address,
          receiver: recipient.address,
        }),
        msg("/blockchain.oracle.v1.MsgApplyAppraiser", oracleTx.MsgApplyAppraiser, {
          creator: owner.address,
          name: "Upgrade appraiser",
          credentials: "upgrade e2e",
          classIds: [NFT_CLASS],
        }),
        msg("/blockchain.validatorgov.v1.MsgApplyValidator", validatorgovTx.MsgApplyValidator, {
          creator: owner.address,
          legalEntityId: owner.address,
          beneficialOwnerId: owner.address,
          jurisdiction: COUNTRY,
        }),
      ],
      gas,
    );
    const assetId = responseOf(tokenisationTx.MsgMintAssetResponse, first, 4).assetId;
    const second = await deliverSignedTx(
      url,
      owner,
      [
        msg("/blockchain.alias.v1.MsgRevokeViewingKey", aliasTx.MsgRevokeViewingKey, { account: owner.address, version: 1n }),
        msg("/blockchain.land.v1.MsgProposeTransfer", landTx.MsgProposeTransfer, {
          creator: owner.address,
          parcelId: 1n,
          to: recipient.address,
          price: "1000000uyml",
        }),
        msg("/blockchain.tokenisation.v1.MsgFractionalise", tokenisationTx.MsgFractionalise, {
          owner: owner.address,
          assetId,
          symbol: "ART",
          supply: "1000000",
          holderShareBps: 5000,
          incomeDenom: "uyml",
        }),
      ],
      gas,
    );
    const shareDenom = responseOf(tokenisationTx.MsgFractionaliseResponse, second, 2).fractionDenom;
    await deliverSignedTx(
      url,
      owner,
      [
        msg("/cosmos.bank.v1beta1.MsgSend", BankSend, {
          fromAddress: owner.address,
          toAddress: recipient.address,
          amount: [{ denom: shareDenom, amount: "250000" }],
        }),
        msg("/blockchain.tokenisation.v1.MsgFundVault", tokenisationTx.MsgFundVault, {
          funder: owner.address,
          assetId,
          amount: { denom: "uyml", amount: "1000000" },
        }),
      ],
      gas,
    );
    return { assetId, shareDenom };
  };
  const recipientTxs = () =>
    deliverSignedTx(url, recipient, [
      msg("/blockchain.alias.v1.MsgRegisterAlias", aliasTx.MsgRegisterAlias, { account: recipient.address }),
    ]);
  const attest = (k: Secp256k1Key, ref: string) =>
    msg("/blockchain.custody.v1.MsgAttestDeposit", custodyTx.MsgAttestDeposit, {
      attestor: k.address,
      denom: CUSTODY_DENOM,
      recipient: owner.address,
      amount: "1000000",
      externalRef: ref,
    });
  const report = (k: Secp256k1Key, held: string) =>
    msg("/blockchain.custody.v1.MsgReportReserve", custodyTx.MsgReportReserve, { attestor: k.address, denom: CUSTODY_DENOM, held });
  const custodyTxs = async () => {
    const [a, b] = attestors;
    const [first] = await Promise.all([
      deliverSignedTx(url, a, [attest(a, "wire-1"), report(a, "5000000"), attest(a, "wire-2")], gas),
      deliverSignedTx(url, b, [attest(b, "wire-1"), report(b, "4000000")], gas),
    ]);
    return [0, 2].map((i) => responseOf(custodyTx.MsgAttestDepositResponse, first, i).depositId);
  };
  const operatorTxs = async () => {
    const [op0, op1, op2, op3] = operators;
    const opened = await deliverSignedTx(url, op0, [openCase(op0.address, keys.suspects[0].address)], gas);
    const caseId = responseOf(enforcementTx.MsgOpenCaseResponse, opened, 0).id;
    const [, rotated] = await Promise.all([
      deliverSignedTx(
        url,
        op1,
        [
          msg("/blockchain.enforcement.v1.MsgVoteCase", enforcementTx.MsgVoteCase, {
            voter: op1.address,
            caseId,
            option: CaseVote.VOTE_OPTION_YES,
          }),
        ],
        gas,
      ),
      deliverSignedTx(
        url,
        op2,
        [
          msg("/blockchain.validatorgov.v1.MsgRotateOperator", validatorgovTx.MsgRotateOperator, {
            creator: op2.address,
            newOperator: keys.rotatedOperator.address,
          }),
        ],
        gas,
      ),
      deliverSignedTx(
        url,
        op3,
        [
          msg("/blockchain.oracle.v1.MsgDelegateFeeder", oracleTx.MsgDelegateFeeder, {
            operator: op3.address,
            validator: validators[3],
            feeder: keys.feeder.address,
          }),
        ],
        gas,
      ),
    ]);
    return { caseId, rotationId: responseOf(validatorgovTx.MsgRotateOperatorResponse, rotated, 0).rotationId };
  };
  const [tokens, , depositIds, ops] = await Promise.all([ownerTxs(), recipientTxs(), custodyTxs(), operatorTxs()]);
  // The second deposit has one attestation of two: pending. The first is credited: redeem part of it.
  const redeemed = await deliverSignedTx(
    url,
    owner,
    [
      msg("/blockchain.custody.v1.MsgRequestRedemption", custodyTx.MsgRequestRedemption, {
        redeemer: owner.address,
        denom: CUSTODY_DENOM,
        amount: "100000",
        destination: "upgrade-e2e wire",
      }),
    ],
    gas,
  );
  const redemptionId = responseOf(custodyTx.MsgRequestRedemptionResponse, redeemed, 0).redemptionId;
  return { ...tokens, ...ops, depositIds, redemptionId };
}

/** Once the amendment's proposal passed: a validator ratifies it (one of four: it stays pending). */
export async function ratifyAmendment(url: string, operator: Secp256k1Key): Promise<bigint> {
  const { amendment } = await abciQuery(
    url,
    "/blockchain.constitution.v1.Query/ListAmendment",
    constitutionQ.QueryAllAmendmentRequest,
    constitutionQ.QueryAllAmendmentRequest.fromPartial({}),
    constitutionQ.QueryAllAmendmentResponse,
  );
  expect(amendment).toHaveLength(1);
  const id = amendment[0].id;
  await deliverSignedTx(url, operator, [
    msg("/blockchain.constitution.v1.MsgRatifyAmendment", constitutionTx.MsgRatifyAmendment, {
      validator: operator.address,
      amendmentId: id,
    }),
  ]);
  return id;
}

/** Not vacuous: the lists the probes compare hold what was written. */
export async function expectRecordsWritten(url: string): Promise<void> {
  const { owner, recipient } = keys;
  const parcels = await abciQuery(
    url,
    "/blockchain.land.v1.Query/ParcelsByHolder",
    landQ.QueryParcelsByHolderRequest,
    landQ.QueryParcelsByHolderRequest.fromPartial({ holder: owner.address }),
    landQ.QueryParcelsByHolderResponse,
  );
  expect(parcels.parcels.map((p) => p.id)).toEqual([1n, 2n]);
  const nfts = await abciQuery(
    url,
    "/cosmos.nft.v1beta1.Query/NFTs",
    nftQ.QueryNFTsRequest,
    { classId: "", owner: recipient.address },
    nftQ.QueryNFTsResponse,
  );
  expect(nfts.nfts.map((n) => n.id)).toEqual(["deed-2"]);
  const keysOf = await abciQuery(
    url,
    "/blockchain.alias.v1.Query/ViewingKeys",
    aliasQ.QueryViewingKeysRequest,
    { address: owner.address },
    aliasQ.QueryViewingKeysResponse,
  );
  expect(keysOf.keys.map((k) => [k.version, k.revoked])).toEqual(
    expect.arrayContaining([
      [1n, true],
      [2n, false],
    ]),
  );
  const open = await abciQuery(
    url,
    "/blockchain.enforcement.v1.Query/OpenCases",
    enforcementQ.QueryOpenCasesRequest,
    {},
    enforcementQ.QueryOpenCasesResponse,
  );
  expect(open.case.map((c) => c.target)).toEqual([keys.suspects[0].address]);
}

interface Probe {
  path: string;
  data: Uint8Array;
  /** What is compared, when the raw answer also carries something that moves by itself. */
  view?: (answer: Uint8Array) => string;
}
type Codec<M> = { fromPartial(o: object): M; encode(m: M): { finish(): Uint8Array } };
const probe = <M>(path: string, codec: Codec<M>, req: object): Probe => ({ path, data: codec.encode(codec.fromPartial(req)).finish() });

const json = (v: unknown) =>
  JSON.stringify(v, (_, x) => (typeof x === "bigint" ? x.toString() : x instanceof Uint8Array ? Buffer.from(x).toString("hex") : x));

/**
 * A list keyed by address: its entries compared as a set. Their order is the store's key order,
 * which the migration changes on purpose (address bytes, as the SDK orders them, where the old
 * keys were bech32 text); the entries themselves must not change.
 */
const unordered =
  <R>(codec: { decode(b: Uint8Array): R }, list: (r: R) => unknown[]) =>
  (answer: Uint8Array): string =>
    json(list(codec.decode(answer)).map(json).sort());

/** Queries over the records above; each answer is compared byte for byte across the upgrade. */
export function moduleProbes(r: ModuleRecords & { amendmentId: bigint }, operators: string[], validators: string[]): Probe[] {
  const { owner, recipient, attestors, suspects } = keys;
  const people = [owner, recipient].map((k) => k.address);
  const A = "/blockchain.alias.v1.Query/";
  const L = "/blockchain.land.v1.Query/";
  const T = "/blockchain.tokenisation.v1.Query/";
  const C = "/blockchain.custody.v1.Query/";
  const K = "/blockchain.constitution.v1.Query/";
  const E = "/blockchain.enforcement.v1.Query/";
  const N = "/cosmos.nft.v1beta1.Query/";
  const O = "/blockchain.oracle.v1.Query/";
  const V = "/blockchain.validatorgov.v1.Query/";
  return [
    ...people.flatMap((address) => [
      probe(A + "AliasOf", aliasQ.QueryAliasOfRequest, { address }),
      probe(A + "Jurisdiction", aliasQ.QueryJurisdictionRequest, { address }),
      probe(A + "ViewingKeys", aliasQ.QueryViewingKeysRequest, { address }),
      probe(L + "ParcelsByHolder", landQ.QueryParcelsByHolderRequest, { holder: address }),
      probe(T + "Entitlement", tokenisationQ.QueryEntitlementRequest, { assetId: r.assetId, holder: address }),
      probe(N + "Balance", nftQ.QueryBalanceRequest, { classId: NFT_CLASS, owner: address }),
      probe(N + "NFTs", nftQ.QueryNFTsRequest, { classId: "", owner: address }),
      probe(N + "NFTs", nftQ.QueryNFTsRequest, { classId: NFT_CLASS, owner: address }),
    ]),
    probe(A + "Perimeter", aliasQ.QueryPerimeterRequest, { country: COUNTRY }),
    probe(A + "Auditors", aliasQ.QueryAuditorsRequest, {}),
    probe(A + "RoleGrants", aliasQ.QueryRoleGrantsRequest, { holder: OFFICE }),
    probe(A + "RoleHolders", aliasQ.QueryRoleHoldersRequest, { jurisdiction: COUNTRY, role: Role.ROLE_REGISTRY_AUTHORITY }),
    probe(A + "RoleHolders", aliasQ.QueryRoleHoldersRequest, { jurisdiction: COUNTRY, role: Role.ROLE_SUPERVISOR }),
    probe(A + "PayloadReaders", aliasQ.QueryPayloadReadersRequest, { country: COUNTRY }),
    probe(L + "Authorities", landQ.QueryAuthoritiesRequest, {}),
    ...[1n, 2n].map((id) => probe(L + "Parcel", landQ.QueryParcelRequest, { id })),
    probe(L + "ParcelByRef", landQ.QueryParcelByRefRequest, { cadastralRef: "CH-UP-2" }),
    probe(L + "Transfer", landQ.QueryTransferRequest, { id: 1n }),
    probe(L + "TransfersByParcel", landQ.QueryTransfersByParcelRequest, { parcelId: 1n }),
    probe(L + "PendingTransfers", landQ.QueryPendingTransfersRequest, {}),
    probe(T + "Collections", tokenisationQ.QueryCollectionsRequest, {}),
    probe(T + "Assets", tokenisationQ.QueryAssetsRequest, { collectionId: COLLECTION }),
    probe(T + "Asset", tokenisationQ.QueryAssetRequest, { assetId: r.assetId }),
    probe(C + "Assets", custodyQ.QueryAssetsRequest, {}),
    {
      // A reserve's age grows with every block; the reserve itself must not change.
      ...probe(C + "Solvency", custodyQ.QuerySolvencyRequest, {}),
      view: (answer) => {
        const { solvency } = custodyQ.QuerySolvencyResponse.decode(answer);
        return JSON.stringify(solvency.map((v) => ({ ...v, reserveAgeBlocks: 0 })));
      },
    },
    ...r.depositIds.map((id) => probe(C + "Deposit", custodyQ.QueryDepositRequest, { id })),
    probe(C + "Redemption", custodyQ.QueryRedemptionRequest, { id: r.redemptionId }),
    probe(K + "Amendment", constitutionQ.QueryAmendmentRequest, { id: r.amendmentId }),
    probe(K + "ListAmendment", constitutionQ.QueryAllAmendmentRequest, {}),
    probe(K + "Ratifications", constitutionQ.QueryRatificationsRequest, { amendmentId: r.amendmentId }),
    probe(E + "GetCase", enforcementQ.QueryGetCaseRequest, { id: r.caseId }),
    probe(E + "ListCase", enforcementQ.QueryListCaseRequest, {}),
    probe(E + "OpenCases", enforcementQ.QueryOpenCasesRequest, {}),
    probe(E + "CaseVotes", enforcementQ.QueryCaseVotesRequest, { caseId: r.caseId }),
    probe(E + "HeldCases", enforcementQ.QueryHeldCasesRequest, {}),
    probe(E + "ListFreeze", enforcementQ.QueryListFreezeRequest, {}),
    ...suspects.map((k) => probe(E + "FreezeStatus", enforcementQ.QueryFreezeStatusRequest, { address: k.address })),
    probe(N + "Supply", nftQ.QuerySupplyRequest, { classId: NFT_CLASS }),
    ...["deed-1", "deed-2"].map((id) => probe(N + "Owner", nftQ.QueryOwnerRequest, { classId: NFT_CLASS, id })),
    probe(O + "ListAppraiser", oracleQ.QueryListAppraiserRequest, {}),
    probe(O + "GetAppraiser", oracleQ.QueryGetAppraiserRequest, { address: owner.address }),
    {
      ...probe(O + "MissCounters", oracleQ.QueryMissCountersRequest, {}),
      view: unordered(oracleQ.QueryMissCountersResponse, (r) => r.counters),
    },
    ...validators.map((validator) => probe(O + "FeederDelegation", oracleQ.QueryFeederDelegationRequest, { validator })),
    {
      ...probe(V + "ListValidatorApplication", validatorgovQ.QueryAllValidatorApplicationRequest, {}),
      view: unordered(validatorgovQ.QueryAllValidatorApplicationResponse, (r) => r.validatorApplication),
    },
    {
      ...probe(V + "ListApprovedValidator", validatorgovQ.QueryAllApprovedValidatorRequest, {}),
      view: unordered(validatorgovQ.QueryAllApprovedValidatorResponse, (r) => r.approvedValidator),
    },
    ...[owner.address, ...operators].map((candidate) =>
      probe(V + "GetValidatorApplication", validatorgovQ.QueryGetValidatorApplicationRequest, { candidate }),
    ),
    ...operators.map((candidate) => probe(V + "GetApprovedValidator", validatorgovQ.QueryGetApprovedValidatorRequest, { candidate })),
    ...operators.map((currentOperator) =>
      probe(V + "PendingOperatorRotation", validatorgovQ.QueryPendingOperatorRotationRequest, { currentOperator }),
    ),
    probe(V + "GetOperatorRotation", validatorgovQ.QueryGetOperatorRotationRequest, { id: r.rotationId }),
    probe(V + "ListOperatorRotation", validatorgovQ.QueryAllOperatorRotationRequest, {}),
    probe(V + "ListDemotion", validatorgovQ.QueryAllDemotionRequest, {}),
    ...attestors.map((k) => probe("/cosmos.bank.v1beta1.Query/AllBalances", QueryAllBalancesRequest, { address: k.address })),
  ];
}

/**
 * After the upgrade, new records take the next ids of the migrated counters: a case (its counter
 * held the last id and now holds the next), a parcel (its counter became a sequence), an asset.
 */
export async function expectNextIds(url: string, operators: Secp256k1Key[], r: ModuleRecords): Promise<void> {
  const gas = { gasLimit: 2_000_000n };
  const [opened, created] = await Promise.all([
    deliverSignedTx(url, operators[1], [openCase(operators[1].address, keys.suspects[1].address)], gas),
    deliverSignedTx(url, keys.owner, [officeProposal([registerParcel(3)], "a third parcel"), mintAsset("ipfs://upgrade-asset-2")], gas),
  ]);
  expect(responseOf(enforcementTx.MsgOpenCaseResponse, opened, 0).id).toBe(r.caseId + 1n);
  expect(responseOf(tokenisationTx.MsgMintAssetResponse, created, 1).assetId).toBe(r.assetId + 1n);
  const parcel = await abciQuery(
    url,
    "/blockchain.land.v1.Query/ParcelByRef",
    landQ.QueryParcelByRefRequest,
    { cadastralRef: "CH-UP-3" },
    landQ.QueryParcelByRefResponse,
  );
  expect(parcel.parcel?.id).toBe(3n);
}
