import { createHash } from "node:crypto";
import { MsgExec, MsgExecResponse } from "cosmjs-types/cosmos/authz/v1beta1/tx";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { ProposalStatus, VoteOption as GovVote } from "cosmjs-types/cosmos/gov/v1/gov";
import { QueryProposalRequest, QueryProposalResponse } from "cosmjs-types/cosmos/gov/v1/query";
import { MsgSubmitProposal, MsgSubmitProposalResponse, MsgVote } from "cosmjs-types/cosmos/gov/v1/tx";
import { MsgDelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import * as aliasTx from "../../../../src/gen/blockchain/alias/v1/tx";
import * as builderTx from "../../../../src/gen/blockchain/builderfee/v1/tx";
import * as constQ from "../../../../src/gen/blockchain/constitution/v1/query";
import * as constTx from "../../../../src/gen/blockchain/constitution/v1/tx";
import * as custodyTx from "../../../../src/gen/blockchain/custody/v1/tx";
import { CaseAction, VoteOption as CaseVote } from "../../../../src/gen/blockchain/enforcement/v1/enforcement";
import * as enfTx from "../../../../src/gen/blockchain/enforcement/v1/tx";
import * as landTx from "../../../../src/gen/blockchain/land/v1/tx";
import { CycleStatus } from "../../../../src/gen/blockchain/netting/v1/netting";
import * as nettingQ from "../../../../src/gen/blockchain/netting/v1/query";
import * as nettingTx from "../../../../src/gen/blockchain/netting/v1/tx";
import * as oracleQ from "../../../../src/gen/blockchain/oracle/v1/query";
import * as oracleTx from "../../../../src/gen/blockchain/oracle/v1/tx";
import * as paymsgTx from "../../../../src/gen/blockchain/paymsg/v1/tx";
import * as stableTx from "../../../../src/gen/blockchain/stablecoin/v1/tx";
import * as tokTx from "../../../../src/gen/blockchain/tokenisation/v1/tx";
import * as treasuryTx from "../../../../src/gen/blockchain/treasury/v1/tx";
import * as vgovTx from "../../../../src/gen/blockchain/validatorgov/v1/tx";
import { latestHeight } from "../../../../src/cli/localnet";
import { accAddress, valAddress } from "../../../../src/types/address";
import { govAuthority } from "../../../../src/types/authority";
import type { AnyMsg } from "../../../../src/types/codec";
import { abciQuery } from "../validator-set";
import { pack, responseOf, SeedAccount, type Delivered } from "./account";
import { COLLECTION_ID, LAND_OFFICE_NAME, PAYMSG_PARTICIPANTS, SEED_DENOM, SEED_JURISDICTIONS } from "./genesis";
import type { SeedKeyName, SeedKeys } from "./keys";
import type { SeededData, SeededModule } from "./types";

/** The fixed names and amounts the seeding uses (what a test asserts on). */
export const SEED = {
  bankSend: "25000000",
  delegation: "5000000",
  caseReason: "Seeded case: suspected sanctions evasion",
  oracleRate: "0.250000000000000000",
  stablecoin: { denom: "ueur", symbol: "EURS", name: "Seed Euro", minted: "500000000" },
  asset: {
    uri: "ipfs://seed/harbour-house",
    symbol: "HARBOUR",
    supply: "1000000",
    holderShareBps: 8000,
    sharesSold: "250000",
    income: "10000000",
  },
  parcels: [
    { cadastralRef: "KIAMBU/RUIRU/1001", geometryHash: "seed-geo-kiambu-ruiru-1001" },
    { cadastralRef: "KIAMBU/RUIRU/1002", geometryHash: "seed-geo-kiambu-ruiru-1002" },
  ],
  transferPrice: "KES 4500000",
  custody: { denom: "cbtc", deposited: "150000000", reserve: "200000000", externalRef: "btc-tx-seed-0001" },
  netting: { reserve: "5000000", aToB: "3000000", bToA: "1000000" },
  payment: { endToEndId: "SEED-E2E-0001", amount: "250000" },
  treasury: { name: "Seed Municipal Treasury", deposit: "50000000" },
  builderType: "/blockchain.paymsg.v1.MsgSendPayment",
  proposalTitle: "Seed: approve institutions and propose an amendment",
  amendmentMaxEntityPowerBps: 3500n,
} as const;

const T = (m: string, name: string) => `/blockchain.${m}.v1.${name}`;
const sha256 = (s: string) => createHash("sha256").update(s).digest();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<R>(what: string, probe: () => Promise<R | undefined>, timeoutMs = 30_000): Promise<R> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await probe().catch(() => undefined);
    if (got !== undefined) return got;
    if (Date.now() > deadline) throw new Error(`seeding: ${what} did not happen within ${timeoutMs} ms`);
    await sleep(150);
  }
}

/**
 * Creates data in every chain module through signed txs, each account's txs in order and the
 * accounts in parallel; waits for what blocks decide (the gov vote, the oracle round, the
 * netting cycle) and returns what was created.
 */
export async function seedChain(o: { rpcUrl: string; chainId: string; keys: SeedKeys; registryOffice: string }): Promise<SeededData> {
  const { rpcUrl, keys, registryOffice } = o;
  const acct = Object.fromEntries(
    (Object.keys(keys) as SeedKeyName[]).map((name) => [name, new SeedAccount(name, keys[name], rpcUrl, o.chainId)]),
  ) as Record<SeedKeyName, SeedAccount>;
  const a = (name: SeedKeyName) => acct[name].address;
  const gov = govAuthority();
  const valoper = valAddress.encode(accAddress.decode(a("faucet")));
  const txHashes: Partial<Record<SeededModule, string>> = {};
  const record = (module: SeededModule, d: Delivered) => {
    txHashes[module] ??= d.hash;
    return d;
  };

  // alias: every account with a recorded jurisdiction registers one (before any freeze).
  const aliasNames = Object.keys(SEED_JURISDICTIONS) as SeedKeyName[];
  const aliases = Promise.all(
    aliasNames.map(async (name) => {
      const d = record(
        "alias",
        await acct[name].send([pack(T("alias", "MsgRegisterAlias"), aliasTx.MsgRegisterAlias, { account: a(name) })]),
      );
      return { id: responseOf(d, aliasTx.MsgRegisterAliasResponse).id, address: a(name), country: SEED_JURISDICTIONS[name]! };
    }),
  );

  // Applications governance decides: a currency, a builder; a validator candidate stays pending.
  const currencyRegistered = acct.issuer
    .send([
      pack(T("stablecoin", "MsgRegisterCurrency"), stableTx.MsgRegisterCurrency, {
        creator: a("issuer"),
        denom: SEED.stablecoin.denom,
        displayDenom: "eur",
        exponent: 6n,
        name: SEED.stablecoin.name,
        symbol: SEED.stablecoin.symbol,
        description: "Euro stablecoin of the seeded dev chain",
      }),
    ])
    .then((d) => record("stablecoin", d));
  const builderRegistered = acct.builder
    .send([
      pack(T("builderfee", "MsgRegisterBuilder"), builderTx.MsgRegisterBuilder, {
        creator: a("builder"),
        msgTypeUrl: SEED.builderType,
        payoutAddress: a("builder"),
      }),
    ])
    .then((d) => record("builderfee", d));
  const applied = acct.validatorApplicant
    .send([
      pack(T("validatorgov", "MsgApplyValidator"), vgovTx.MsgApplyValidator, {
        creator: a("validatorApplicant"),
        moniker: "seed-candidate",
        description: "Candidate validator of the seeded dev chain",
        legalEntityId: "LEI-SEED-0001",
        beneficialOwnerId: "BO-SEED-0001",
        jurisdiction: "FR",
      }),
    ])
    .then((d) => record("validatorgov", d));

  // The faucet (the dev validator's operator): bank, oracle feeder, enforcement, gov, constitution.
  const faucetFlow = (async () => {
    record(
      "bank",
      await acct.faucet.send([
        pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
          fromAddress: a("faucet"),
          toAddress: a("delegator"),
          amount: [{ denom: SEED_DENOM, amount: SEED.bankSend }],
        }),
      ]),
    );
    const feederSet = acct.faucet.send([
      pack(T("oracle", "MsgDelegateFeeder"), oracleTx.MsgDelegateFeeder, {
        operator: a("faucet"),
        validator: valoper,
        feeder: a("feeder"),
      }),
    ]);
    await feederSet;
    await aliases; // the target registers its alias before it is frozen
    const opened = record(
      "enforcement",
      await acct.faucet.send([
        pack(
          T("enforcement", "MsgOpenCase"),
          enfTx.MsgOpenCase,
          enfTx.MsgOpenCase.fromPartial({
            opener: a("faucet"),
            target: a("frozen"),
            action: CaseAction.CASE_ACTION_FREEZE,
            reason: SEED.caseReason,
            evidenceUri: "ipfs://seed/evidence",
            evidenceHash: sha256("seed evidence").toString("hex"),
          }),
        ),
      ]),
    );
    const caseId = responseOf(opened, enfTx.MsgOpenCaseResponse).id;
    await acct.faucet.send([
      pack(T("enforcement", "MsgVoteCase"), enfTx.MsgVoteCase, { voter: a("faucet"), caseId, option: CaseVote.VOTE_OPTION_YES }),
    ]);
    await Promise.all([currencyRegistered, builderRegistered]);
    const { proposalId, amendmentId } = await governance(acct.faucet, rpcUrl, [
      pack(T("stablecoin", "MsgApproveIssuer"), stableTx.MsgApproveIssuer, { authority: gov, denom: SEED.stablecoin.denom, approve: true }),
      pack(T("builderfee", "MsgApproveBuilder"), builderTx.MsgApproveBuilder, {
        authority: gov,
        msgTypeUrl: SEED.builderType,
        approve: true,
      }),
      pack(T("custody", "MsgRegisterAsset"), custodyTx.MsgRegisterAsset, {
        authority: gov,
        denom: SEED.custody.denom,
        sourceChain: "bitcoin",
        symbol: "BTC",
        exponent: 8,
      }),
      pack(T("custody", "MsgSetAttestor"), custodyTx.MsgSetAttestor, { authority: gov, attestor: a("custodian"), active: true }),
      pack(T("custody", "MsgSetAttestor"), custodyTx.MsgSetAttestor, { authority: gov, attestor: a("custodian2"), active: true }),
      await amendment(rpcUrl),
    ]).then((r) => {
      record("gov", r.submitted);
      return r;
    });
    record(
      "constitution",
      await acct.faucet.send([
        pack(T("constitution", "MsgRatifyAmendment"), constTx.MsgRatifyAmendment, { validator: a("faucet"), amendmentId }),
      ]),
    );
    return { caseId, proposalId, amendmentId };
  })();
  const govPassed = faucetFlow.then(() => undefined);

  // staking: a delegation to the dev validator.
  const delegated = acct.delegator
    .send([
      pack("/cosmos.staking.v1beta1.MsgDelegate", MsgDelegate, {
        delegatorAddress: a("delegator"),
        validatorAddress: valoper,
        amount: { denom: SEED_DENOM, amount: SEED.delegation },
      }),
    ])
    .then((d) => record("staking", d));

  // oracle: the delegated feeder votes until a round agrees a rate.
  const oracleFlow = (async () => {
    await until("the feeder delegation", () =>
      abciQuery(
        rpcUrl,
        "/blockchain.oracle.v1.Query/FeederDelegation",
        oracleQ.QueryFeederDelegationRequest,
        { validator: valoper },
        oracleQ.QueryFeederDelegationResponse,
      ).then((r) => (r.feeder === a("feeder") ? true : undefined)),
    );
    const rate = () =>
      abciQuery(
        rpcUrl,
        "/blockchain.oracle.v1.Query/ExchangeRate",
        oracleQ.QueryExchangeRateRequest,
        { denom: SEED_DENOM },
        oracleQ.QueryExchangeRateResponse,
      )
        .then((r) => r.rate)
        .catch(() => undefined);
    for (let attempt = 0; attempt < 10; attempt++) {
      record(
        "oracle",
        await acct.feeder.send([
          pack(T("oracle", "MsgSubmitExchangeRates"), oracleTx.MsgSubmitExchangeRates, {
            feeder: a("feeder"),
            validator: valoper,
            rates: [{ denom: SEED_DENOM, rate: SEED.oracleRate }],
          }),
        ]),
      );
      const deadline = Date.now() + 3_000;
      while (Date.now() < deadline) {
        const r = await rate();
        if (r) return r.rate;
        await sleep(150);
      }
    }
    throw new Error("seeding: no oracle round agreed a rate");
  })();

  // tokenisation: the issuer mints an asset, splits it into shares, sells some and pays income.
  const tokenFlow = (async () => {
    await currencyRegistered;
    const minted = await acct.issuer.send([
      pack(T("tokenisation", "MsgMintAsset"), tokTx.MsgMintAsset, {
        minter: a("issuer"),
        collectionId: COLLECTION_ID,
        owner: a("issuer"),
        uri: SEED.asset.uri,
        parcelId: 0n,
      }),
    ]);
    const assetId = responseOf(minted, tokTx.MsgMintAssetResponse).assetId;
    const split = record(
      "tokenisation",
      await acct.issuer.send([
        pack(T("tokenisation", "MsgFractionalise"), tokTx.MsgFractionalise, {
          owner: a("issuer"),
          assetId,
          symbol: SEED.asset.symbol,
          supply: SEED.asset.supply,
          holderShareBps: SEED.asset.holderShareBps,
          incomeDenom: SEED_DENOM,
        }),
      ]),
    );
    const shareDenom = responseOf(split, tokTx.MsgFractionaliseResponse).fractionDenom;
    await acct.issuer.send([
      pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
        fromAddress: a("issuer"),
        toAddress: a("shareholder"),
        amount: [{ denom: shareDenom, amount: SEED.asset.sharesSold }],
      }),
    ]);
    await acct.issuer.send([
      pack(T("tokenisation", "MsgFundVault"), tokTx.MsgFundVault, {
        funder: a("issuer"),
        assetId,
        amount: { denom: SEED_DENOM, amount: SEED.asset.income },
      }),
    ]);
    return { assetId: assetId.toString(), shareDenom };
  })();

  // stablecoin: once governance approved the issuer, it mints to bank A.
  const stableFlow = govPassed.then(() =>
    acct.issuer.send([
      pack(T("stablecoin", "MsgMintCoin"), stableTx.MsgMintCoin, {
        issuer: a("issuer"),
        denom: SEED.stablecoin.denom,
        amount: SEED.stablecoin.minted,
        recipient: a("bankA"),
      }),
    ]),
  );

  // custody: both attestors (appointed by governance) attest one deposit and report reserves.
  const custodyFlow = govPassed.then(() =>
    Promise.all(
      (["custodian", "custodian2"] as const).map(async (name) =>
        record(
          "custody",
          await acct[name].send([
            pack(T("custody", "MsgAttestDeposit"), custodyTx.MsgAttestDeposit, {
              attestor: a(name),
              denom: SEED.custody.denom,
              recipient: a("shareholder"),
              amount: SEED.custody.deposited,
              externalRef: SEED.custody.externalRef,
            }),
            pack(T("custody", "MsgReportReserve"), custodyTx.MsgReportReserve, {
              attestor: a(name),
              denom: SEED.custody.denom,
              held: SEED.custody.reserve,
            }),
          ]),
        ),
      ),
    ),
  );

  // land: the office registers two parcels; the owner proposes a transfer of one; the office validates it.
  const landFlow = (async () => {
    const asOffice = (msgs: AnyMsg[]) =>
      acct.registryOperator.send([pack("/cosmos.authz.v1beta1.MsgExec", MsgExec, { grantee: a("registryOperator"), msgs })]);
    const registered = record(
      "land",
      await asOffice(
        SEED.parcels.map((p) =>
          pack(T("land", "MsgRegisterParcel"), landTx.MsgRegisterParcel, {
            creator: registryOffice,
            geometryHash: p.geometryHash,
            cadastralRef: p.cadastralRef,
            holder: a("parcelOwner"),
          }),
        ),
      ),
    );
    const parcelIds = responseOf(registered, MsgExecResponse).results.map((r) => landTx.MsgRegisterParcelResponse.decode(r).id);
    await aliases;
    const proposed = await acct.parcelOwner.send([
      pack(T("land", "MsgProposeTransfer"), landTx.MsgProposeTransfer, {
        creator: a("parcelOwner"),
        parcelId: parcelIds[0]!,
        to: a("parcelBuyer"),
        price: SEED.transferPrice,
      }),
    ]);
    const transferId = responseOf(proposed, landTx.MsgProposeTransferResponse).transferId;
    await asOffice([
      pack(T("land", "MsgValidateTransfer"), landTx.MsgValidateTransfer, { creator: registryOffice, transferId }),
      pack(T("land", "MsgAttachDeed"), landTx.MsgAttachDeed, {
        creator: registryOffice,
        parcelId: parcelIds[1]!,
        kind: "title",
        documentHash: `sha256:${sha256("seed title deed").toString("hex")}`,
        uri: "ipfs://seed/title-1002",
        reference: "TD-1002",
        issuedOn: "2026-01-15",
      }),
    ]);
    return { parcelIds: parcelIds.map(String), transferId: transferId.toString() };
  })();

  // paymsg and netting: each bank onboards its customer and posts a reserve; the payer pays; both submit obligations.
  const [bankA, bankB] = PAYMSG_PARTICIPANTS.map((p) => p.key);
  const onboard = (bank: typeof bankA, customer: SeedKeyName) =>
    acct[bank].send([
      pack(T("paymsg", "MsgRegisterCustomer"), paymsgTx.MsgRegisterCustomer, {
        participant: a(bank),
        customer: a(customer),
        registered: true,
      }),
    ]);
  const reserve = (bank: typeof bankA) =>
    acct[bank].send([
      pack(T("netting", "MsgPostReserve"), nettingTx.MsgPostReserve, {
        participant: a(bank),
        amount: [{ denom: SEED_DENOM, amount: SEED.netting.reserve }],
      }),
    ]);
  const onboarded = Promise.all([onboard(bankA, "payer"), onboard(bankB, "payee"), reserve(bankA), reserve(bankB)]);
  const paymentFlow = (async () => {
    await Promise.all([onboarded, aliases]);
    return record(
      "paymsg",
      await acct.payer.send([
        pack(
          T("paymsg", "MsgSendPayment"),
          paymsgTx.MsgSendPayment,
          paymsgTx.MsgSendPayment.fromPartial({
            debtor: a("payer"),
            endToEndId: SEED.payment.endToEndId,
            instructingParticipant: a(bankA),
            instructedParticipant: a(bankB),
            creditor: a("payee"),
            denom: SEED_DENOM,
            amount: SEED.payment.amount,
            metadataHash: sha256("seed payment metadata"),
            settlementJurisdiction: "DE",
          }),
        ),
      ]),
    );
  })();
  const nettingFlow = (async () => {
    await onboarded;
    const obligation = (from: typeof bankA, to: typeof bankA, amount: string) =>
      acct[from].send([
        pack(T("netting", "MsgSubmitObligation"), nettingTx.MsgSubmitObligation, {
          fromParticipant: a(from),
          toParticipant: a(to),
          denom: SEED_DENOM,
          amount,
          batchHash: sha256(`seed obligation ${from}>${to}:${amount}`),
        }),
      ]);
    const [ab] = await Promise.all([obligation(bankA, bankB, SEED.netting.aToB), obligation(bankB, bankA, SEED.netting.bToA)]);
    record("netting", ab);
    const cycleId = responseOf(ab, nettingTx.MsgSubmitObligationResponse).cycleId;
    await until(`netting cycle ${cycleId} to settle`, () =>
      abciQuery(
        rpcUrl,
        "/blockchain.netting.v1.Query/Cycle",
        nettingQ.QueryCycleRequest,
        { id: cycleId },
        nettingQ.QueryCycleResponse,
      ).then((r) => (r.cycle?.status === CycleStatus.CYCLE_STATUS_SETTLED ? true : undefined)),
    );
    return cycleId.toString();
  })();

  // treasury: created and funded by its admin.
  const treasuryFlow = (async () => {
    const created = record(
      "treasury",
      await acct.treasuryAdmin.send([
        pack(T("treasury", "MsgCreateTreasury"), treasuryTx.MsgCreateTreasury, {
          creator: a("treasuryAdmin"),
          name: SEED.treasury.name,
          admin: a("treasuryAdmin"),
        }),
      ]),
    );
    const id = responseOf(created, treasuryTx.MsgCreateTreasuryResponse).id;
    await acct.treasuryAdmin.send([
      pack(T("treasury", "MsgDeposit"), treasuryTx.MsgDeposit, {
        depositor: a("treasuryAdmin"),
        treasuryId: id,
        amount: [{ denom: SEED_DENOM, amount: SEED.treasury.deposit }],
      }),
    ]);
    return id.toString();
  })();

  const flows = [aliases, faucetFlow, oracleFlow, tokenFlow, landFlow, nettingFlow, treasuryFlow] as const;
  // Every flow settles before a failure is reported: the caller stops the node right after.
  const settled = await Promise.allSettled([...flows, stableFlow, custodyFlow, paymentFlow, delegated, applied]);
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
  const [aliasList, faucet, rate, token, land, cycleId, treasuryId] = await Promise.all(flows);
  return {
    chainId: o.chainId,
    height: await latestHeight(rpcUrl),
    txHashes: txHashes as Record<SeededModule, string>,
    addresses: {
      faucet: a("faucet"),
      validator: valoper,
      delegator: a("delegator"),
      issuer: a("issuer"),
      shareholder: a("shareholder"),
      frozen: a("frozen"),
      registryOffice,
      registryOperator: a("registryOperator"),
      parcelOwner: a("parcelOwner"),
      parcelBuyer: a("parcelBuyer"),
      feeder: a("feeder"),
      custodian: a("custodian"),
      custodian2: a("custodian2"),
      regulator: a("regulator"),
      bankA: a("bankA"),
      bankB: a("bankB"),
      payer: a("payer"),
      payee: a("payee"),
      treasuryAdmin: a("treasuryAdmin"),
      builder: a("builder"),
      validatorApplicant: a("validatorApplicant"),
    },
    aliases: aliasList,
    enforcement: { caseId: faucet.caseId.toString(), target: a("frozen") },
    tokenisation: {
      collectionId: COLLECTION_ID,
      assetId: token.assetId,
      shareDenom: token.shareDenom,
      symbol: SEED.asset.symbol,
      incomeDenom: SEED_DENOM,
    },
    land: {
      officeName: LAND_OFFICE_NAME,
      parcelIds: land.parcelIds,
      pendingParcelId: land.parcelIds[0]!,
      transferId: land.transferId,
      cadastralRef: SEED.parcels[0].cadastralRef,
    },
    oracle: { denom: SEED_DENOM, rate },
    custody: { denom: SEED.custody.denom, deposited: SEED.custody.deposited, reserve: SEED.custody.reserve },
    netting: { denom: SEED_DENOM, cycleId },
    paymsg: { endToEndId: SEED.payment.endToEndId, instructingParticipant: a(bankA) },
    stablecoin: { denom: SEED.stablecoin.denom, minted: SEED.stablecoin.minted },
    treasury: { id: treasuryId, name: SEED.treasury.name },
    builderfee: { msgTypeUrl: SEED.builderType },
    gov: { proposalId: faucet.proposalId.toString() },
    constitution: { amendmentId: faucet.amendmentId.toString() },
  };
}

/** The constitution in force with the entity power cap raised: an amendment for governance to propose. */
async function amendment(rpcUrl: string): Promise<AnyMsg> {
  const current = await abciQuery(
    rpcUrl,
    "/blockchain.constitution.v1.Query/Invariants",
    constQ.QueryInvariantsRequest,
    {},
    constQ.QueryInvariantsResponse,
  );
  return pack(T("constitution", "MsgProposeAmendment"), constTx.MsgProposeAmendment, {
    authority: govAuthority(),
    invariants: { ...current.invariants!, maxEntityPowerBps: SEED.amendmentMaxEntityPowerBps },
    reason: "Seed: raise the per-entity power cap to 35%",
  });
}

/**
 * The faucet proposes `messages`, votes YES with the dev validator's whole power and waits until
 * the proposal passed (its messages executed); returns the proposal and the amendment it opened.
 */
async function governance(
  faucet: SeedAccount,
  rpcUrl: string,
  messages: AnyMsg[],
): Promise<{ submitted: Delivered; proposalId: bigint; amendmentId: bigint }> {
  const submitted = await faucet.send([
    pack("/cosmos.gov.v1.MsgSubmitProposal", MsgSubmitProposal, {
      messages,
      initialDeposit: [{ denom: SEED_DENOM, amount: "10000000" }],
      proposer: faucet.address,
      metadata: "",
      title: SEED.proposalTitle,
      summary: "Approves the seed currency issuer and builder, registers the custody asset and its attestors, proposes an amendment.",
      expedited: false,
    }),
  ]);
  const proposalId = responseOf(submitted, MsgSubmitProposalResponse).proposalId;
  await faucet.send([
    pack("/cosmos.gov.v1.MsgVote", MsgVote, { proposalId, voter: faucet.address, option: GovVote.VOTE_OPTION_YES, metadata: "" }),
  ]);
  const status = await until(
    `proposal ${proposalId} to be decided`,
    () =>
      abciQuery(rpcUrl, "/cosmos.gov.v1.Query/Proposal", QueryProposalRequest, { proposalId }, QueryProposalResponse).then((r) =>
        r.proposal!.status === ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD ? undefined : r.proposal!,
      ),
    30_000,
  );
  if (status.status !== ProposalStatus.PROPOSAL_STATUS_PASSED)
    throw new Error(`seeding: proposal ${proposalId} ended ${ProposalStatus[status.status]} (${status.failedReason})`);
  const list = await abciQuery(
    rpcUrl,
    "/blockchain.constitution.v1.Query/ListAmendment",
    constQ.QueryAllAmendmentRequest,
    { pagination: undefined },
    constQ.QueryAllAmendmentResponse,
  );
  const amendmentId = list.amendment.at(-1)?.id;
  if (amendmentId === undefined) throw new Error("seeding: the proposal opened no amendment");
  return { submitted, proposalId, amendmentId };
}
