import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rpc } from "../../src/cli/localnet";
import { SEED, SEEDED_MODULES, startSeededDevChain, type SeededChain, type SeededData } from "./helpers/seed-chain";

/**
 * The seeded dev chain the explorer's browser test runs against: a real `start --dev` node
 * seeded through signed txs; every module's data is read back through the node's REST routes.
 */
describe("seeded dev chain", () => {
  let chain: SeededChain;
  let d: SeededData;
  let seedMs = 0;
  const get = async (path: string): Promise<any> => {
    const res = await fetch(`${chain.restUrl}${path}`);
    const body = await res.json();
    expect(res.status, `${path}: ${JSON.stringify(body)}`).toBe(200);
    return body;
  };

  beforeAll(async () => {
    const started = Date.now();
    chain = await startSeededDevChain({ blockIntervalMs: 200 });
    seedMs = Date.now() - started;
    d = chain.data;
  }, 120_000);
  afterAll(async () => {
    await chain?.stop();
  });

  it("starts and seeds within a minute, every module's tx committed with code 0", async () => {
    expect(seedMs).toBeLessThan(60_000);
    expect(Object.keys(d.txHashes).sort()).toEqual([...SEEDED_MODULES].sort());
    for (const [module, hash] of Object.entries(d.txHashes)) {
      const tx = await rpc<{ height: string; tx_result: { code: number } }>(chain.rpcUrl, "tx", { hash: `0x${hash}` });
      expect({ module, code: tx.tx_result.code }).toEqual({ module, code: 0 });
      expect(Number(tx.height)).toBeLessThanOrEqual(d.height);
    }
  });

  it("bank, staking and gov", async () => {
    const balances = await get(`/cosmos/bank/v1beta1/balances/${d.addresses.delegator}`);
    expect(balances.balances.find((c: any) => c.denom === "uyml")).toBeDefined();
    const del = await get(`/cosmos/staking/v1beta1/delegations/${d.addresses.delegator}`);
    expect(del.delegation_responses[0].delegation.validator_address).toBe(d.addresses.validator);
    expect(del.delegation_responses[0].balance.amount).toBe(SEED.delegation);
    const p = await get(`/cosmos/gov/v1/proposals/${d.gov.proposalId}`);
    expect(p.proposal).toMatchObject({ title: SEED.proposalTitle, status: "PROPOSAL_STATUS_PASSED" });
  });

  it("alias: aliases with their jurisdictions", async () => {
    expect(d.aliases.length).toBeGreaterThanOrEqual(5);
    for (const a of d.aliases) {
      const of = await get(`/blockchain/alias/v1/alias_of/${a.address}`);
      expect(of.alias.id).toBe(a.id);
      const j = await get(`/blockchain/alias/v1/jurisdiction/${a.address}`);
      expect(j.jurisdiction.country).toBe(a.country);
    }
    const roles = await get(`/blockchain/alias/v1/role_grants/${d.addresses.regulator}`);
    expect(JSON.stringify(roles)).toContain("ROLE_ENFORCEMENT_AUTHORITY");
  });

  it("enforcement: an open case and its frozen target", async () => {
    const c = await get(`/blockchain/enforcement/v1/case/${d.enforcement.caseId}`);
    expect(c.case).toMatchObject({ target: d.addresses.frozen, status: "CASE_STATUS_VOTING", reason: SEED.caseReason });
    const f = await get(`/blockchain/enforcement/v1/freeze/${d.addresses.frozen}`);
    expect(f.frozen).toBe(true);
  });

  it("tokenisation: an asset with shareholders and an income index", async () => {
    const a = await get(`/blockchain/tokenisation/v1/assets/${d.tokenisation.assetId}`);
    expect(a.asset).toMatchObject({
      collection_id: d.tokenisation.collectionId,
      owner: d.addresses.issuer,
      fraction_denom: d.tokenisation.shareDenom,
      status: "STATUS_ACTIVE",
    });
    // 80% of the income over 1,000,000 shares: 8 uyml per share.
    expect(a.vault.cumulative_per_token).toBe("8.000000000000000000");
    const e = await get(`/blockchain/tokenisation/v1/assets/${d.tokenisation.assetId}/entitlement/${d.addresses.shareholder}`);
    expect(e.owed).toEqual({ denom: d.tokenisation.incomeDenom, amount: String(8n * BigInt(SEED.asset.sharesSold)) });
  });

  it("land: parcels and a transfer in its pipeline", async () => {
    const p = await get(`/blockchain/land/v1/parcel/${d.land.pendingParcelId}`);
    expect(p.parcel).toMatchObject({ cadastral_ref: d.land.cadastralRef, holder: d.addresses.parcelOwner });
    const t = await get(`/blockchain/land/v1/transfers_by_parcel/${d.land.pendingParcelId}`);
    expect(t.transfers).toEqual([
      expect.objectContaining({ id: d.land.transferId, to: d.addresses.parcelBuyer, validated: true, completed_at: "0" }),
    ]);
    const offices = await get(`/blockchain/land/v1/authorities`);
    expect(JSON.stringify(offices)).toContain(d.land.officeName);
  });

  it("oracle: an agreed rate", async () => {
    const r = await get(`/blockchain/oracle/v1/rate_by_denom?denom=${d.oracle.denom}`);
    expect(r.rate).toMatchObject({ denom: d.oracle.denom, rate: d.oracle.rate });
  });

  it("custody: solvency figures of the custodians' asset", async () => {
    const s = await get(`/blockchain/custody/v1/solvency`);
    const mine = (s.solvency as any[]).find((x) => x.denom === d.custody.denom);
    expect(mine).toMatchObject({ issued: d.custody.deposited, held: d.custody.reserve, solvent: true });
  });

  it("netting: a settled cycle", async () => {
    const c = await get(`/blockchain/netting/v1/cycle/${d.netting.cycleId}`);
    expect(c.cycle.status).toBe("CYCLE_STATUS_SETTLED");
    expect(c.cycle.outcomes[0]).toMatchObject({ denom: d.netting.denom, status: "DENOM_STATUS_SETTLED", obligation_count: "2" });
  });

  it("paymsg: a payment message", async () => {
    const r = await get(
      `/blockchain/paymsg/v1/payment_record_by_id?instructing_participant=${d.paymsg.instructingParticipant}&end_to_end_id=${d.paymsg.endToEndId}`,
    );
    expect(r.payment_record).toMatchObject({ end_to_end_id: d.paymsg.endToEndId, debtor: d.addresses.payer, creditor: d.addresses.payee });
  });

  it("stablecoin: an approved issuer and its mint", async () => {
    const i = await get(`/blockchain/stablecoin/v1/approved_issuer_by_denom?denom=${d.stablecoin.denom}`);
    expect(i.approved_issuer).toEqual({ denom: d.stablecoin.denom, issuer: d.addresses.issuer });
    const s = await get(`/cosmos/bank/v1beta1/supply/by_denom?denom=${d.stablecoin.denom}`);
    expect(s.amount.amount).toBe(d.stablecoin.minted);
  });

  it("treasury, builderfee, validatorgov and constitution", async () => {
    const t = await get(`/blockchain/treasury/v1/treasury/${d.treasury.id}`);
    expect(t.treasury).toMatchObject({ name: d.treasury.name, admin: d.addresses.treasuryAdmin });
    const b = await get(
      `/blockchain/builderfee/v1/approved_builder_by_msg_type?msg_type_url=${encodeURIComponent(d.builderfee.msgTypeUrl)}`,
    );
    expect(b.approved_builder).toEqual({ msg_type_url: d.builderfee.msgTypeUrl, payout_address: d.addresses.builder });
    const v = await get(`/blockchain/validatorgov/v1/approved_validator/${d.addresses.faucet}`);
    expect(v.approved_validator).toMatchObject({ candidate: d.addresses.faucet, approved: "true" });
    const app = await get(`/blockchain/validatorgov/v1/validator_application/${d.addresses.validatorApplicant}`);
    expect(app.validator_application).toMatchObject({ status: "pending", declaration: { jurisdiction: "FR" } });
    const a = await get(`/blockchain/constitution/v1/amendment/${d.constitution.amendmentId}`);
    expect(a.amendment.proposed.max_entity_power_bps).toBe(String(SEED.amendmentMaxEntityPowerBps));
    const r = await get(`/blockchain/constitution/v1/amendment/${d.constitution.amendmentId}/ratifications`);
    expect(r.ratifications.map((x: any) => x.validator)).toEqual([d.addresses.faucet]);
  });
});
