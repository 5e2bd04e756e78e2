import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { QueryDenomMetadataRequest, QueryDenomMetadataResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import * as tx from "../../../src/gen/blockchain/tokenisation/v1/tx";
import { Status, VerificationMode, type Collection } from "../../../src/gen/blockchain/tokenisation/v1/tokenisation";
import type { TokenisationKeeper } from "../../../src/modules/tokenisation";
import { govAuthority } from "../../../src/types/authority";
import type { Module } from "../../../src/types/module";
import { importGenesis } from "../../helpers/genesis-import";
import { DENOM, pack, TestChain } from "../../helpers/chain";
import { admit, createOffice, keys as landKeys, msg as landMsg, mustAsOffice } from "../land/setup";
import { collection, entitlement, expectTokError, getAsset, keys, mintedId, msg, mustGov, responseOf, shareDenom } from "./setup";

/**
 * Conformance of tokenisation with what clients of the existing chain expect (issue 33, rules
 * 1–8): one case per step of each refusal order, on one shared chain with a land registry.
 */
const { op1 } = landKeys;
const { minter, owner, alice, bob, carol, attestor1, attestor2, challenger, mallory } = keys;
const FAR = 1_900_000_000n;

function send(from: string, to: string, amount: bigint, denom: string) {
  return pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
    fromAddress: from,
    toAddress: to,
    amount: [{ denom, amount: amount.toString() }],
  });
}

describe("tokenisation conformance (issue 33, rules 1-8)", () => {
  let chain: TestChain;
  let office: string;
  /** Moves the next block's time `seconds` past the last one. */
  const advance = (seconds: bigint) => chain.setNextBlockTime({ seconds: chain.engine.lastBlockTime.seconds + seconds, nanos: 0 });
  const mint = async (collectionId: string, to = owner.address, parcelId = 0n) =>
    mintedId(await chain.mustDeliver(minter, [msg.mint(minter.address, to, collectionId, "ipfs://deed", parcelId)]));
  const issue = async (collectionId: string, opts: { supply?: string; bps?: number; symbol?: string } = {}) => {
    const id = await mint(collectionId);
    await chain.mustDeliver(owner, [
      msg.fractionalise(owner.address, id, opts.supply ?? "1000", opts.bps ?? 6000, DENOM, opts.symbol ?? "EST"),
    ]);
    return id;
  };
  const status = (id: bigint) => getAsset(chain, id).asset!.status;
  const attestors = (over: Partial<Collection> = {}) =>
    collection({
      verification: VerificationMode.VERIFY_ATTESTORS,
      attestationThreshold: 2,
      attestors: [attestor1.address, attestor2.address, carol.address],
      ...over,
    });

  beforeAll(async () => {
    const funded = Object.fromEntries(
      [...Object.keys(landKeys).map((n) => `land/${n}`), ...Object.keys(keys).map((n) => `tokenisation/${n}`)].map((n) => [
        n,
        [{ denom: DENOM, amount: "100000000000" }],
      ]),
    );
    chain = await TestChain.create({ funded });
    office = await createOffice(chain, op1);
    await admit(chain, office, "KE", "Nairobi Lands Registry");
    await mustAsOffice(chain, op1, [landMsg.registerParcel(office, "sha256:c1", "NAIROBI/C/1", owner.address)]); // parcel 1
    await mustGov(chain, [
      msg.createCollection(collection({ id: "plain", challengeWindowSeconds: 3600n })),
      msg.createCollection(collection({ id: "instant", challengeWindowSeconds: 0n })),
      msg.createCollection(attestors({ id: "attested", challengeWindowSeconds: 60n })),
      msg.createCollection(collection({ id: "gov", verification: VerificationMode.VERIFY_GOVERNANCE, challengeWindowSeconds: 60n })),
    ]);
  });
  afterAll(async () => chain?.close());

  describe("rule 1: the share denom is tok/<asset id>/<symbol>, recognised by lookup", () => {
    it("MsgFractionalise answers, records and describes tok/<id>/<symbol>", async () => {
      const id = await mint("plain");
      const res = await chain.mustDeliver(owner, [msg.fractionalise(owner.address, id, "1000", 6000, DENOM, "GOLD")]);
      const denom = `tok/${id}/GOLD`;
      expect(responseOf(res, tx.MsgFractionaliseResponse)).toEqual({ fractionDenom: denom });
      expect(getAsset(chain, id).asset!.fractionDenom).toBe(denom);
      expect(chain.balance(owner.address, denom)).toBe(1000n);
      const md = chain.query(
        "/cosmos.bank.v1beta1.Query/DenomMetadata",
        QueryDenomMetadataRequest,
        { denom },
        QueryDenomMetadataResponse,
      ).metadata!;
      expect(md).toMatchObject({ base: denom, display: denom, symbol: "GOLD", name: "GOLD shares" });
      // The send hook finds the share by its denom: income follows the balance across a bank send.
      await chain.mustDeliver(mallory, [msg.fund(mallory.address, id, 10_000n)]);
      await chain.mustDeliver(owner, [send(owner.address, alice.address, 500n, denom)]);
      expect(entitlement(chain, id, alice.address)).toBe(0n);
      expect(entitlement(chain, id, owner.address)).toBe(6000n);
    });

    it("income in a share denom is refused (25); a tok/ denom that is no share is an ordinary denom", async () => {
      const id = await mint("plain");
      expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, id, "10", 5000, shareDenom(1n, "GOLD"))]), 25);
      await chain.mustDeliver(owner, [msg.fractionalise(owner.address, id, "10", 5000, "tok/999/NOSUCH", "OTHER")]);
      expect(getAsset(chain, id).vault!.denom).toBe("tok/999/NOSUCH");
    });
  });

  describe("rule 2: the attestor register, judged only under VERIFY_ATTESTORS", () => {
    const create = (over: Partial<Collection>) => chain.govExec([msg.createCollection(attestors(over))]);

    it("1. threshold below 2 → 19 (before the list)", async () => {
      expectTokError(await create({ id: "r2a", attestationThreshold: 1, attestors: ["junk"] }), 19);
    });

    it("2. a list (every entry counted) shorter than the threshold → 19 (before the entries)", async () => {
      expectTokError(await create({ id: "r2b", attestationThreshold: 3, attestors: ["junk", attestor1.address] }), 19);
      expectTokError(await create({ id: "r2b", attestationThreshold: 2, attestors: [] }), 19);
    });

    it("3. an entry that is no address, or listed twice → 17 (ErrNotAttestor)", async () => {
      expectTokError(await create({ id: "r2c", attestationThreshold: 2, attestors: [attestor1.address, "junk"] }), 17);
      expectTokError(await create({ id: "r2c", attestationThreshold: 2, attestors: [attestor1.address, attestor1.address] }), 17);
    });

    it("4. window and bond bounds → 20, before 5. the existing id → 3", async () => {
      expectTokError(await create({ id: "attested", challengeWindowSeconds: -1n }), 20);
      expectTokError(await create({ id: "attested", disputeBondBps: 10_001 }), 20);
      expectTokError(await create({ id: "attested" }), 3);
    });

    it("outside VERIFY_ATTESTORS threshold and list are not read", async () => {
      for (const verification of [VerificationMode.VERIFY_VALUER, VerificationMode.VERIFICATION_UNSPECIFIED]) {
        await mustGov(chain, [
          msg.createCollection(
            collection({ id: `r2-${verification}`, verification, attestationThreshold: 1, attestors: ["junk", "junk"] }),
          ),
        ]);
      }
      await mustGov(chain, [msg.setAttestors(`r2-${VerificationMode.VERIFY_VALUER}`, ["still junk"])]);
    });

    it("governance replacing the register of an attestor-verified collection meets the same checks", async () => {
      expectTokError(await chain.govExec([msg.setAttestors("attested", [attestor1.address])]), 19);
      expectTokError(await chain.govExec([msg.setAttestors("attested", [attestor1.address, "junk"])]), 17);
      expectTokError(await chain.govExec([msg.setAttestors("attested", [attestor2.address, attestor2.address])]), 17);
      await mustGov(chain, [msg.setAttestors("attested", [attestor1.address, attestor2.address, carol.address])]);
    });
  });

  describe("rule 3: MsgFractionalise refusal order", () => {
    let held = 0n;
    let issued = 0n;
    beforeAll(async () => {
      held = await mint("plain");
      issued = await issue("plain");
    });

    it("6 ErrAssetNotFound before share and supply", async () => {
      expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, 9999n, "0", 0)]), 6);
    });
    it("7 ErrNotOwner before share and supply", async () => {
      expectTokError(await chain.deliver(mallory, [msg.fractionalise(mallory.address, held, "0", 0)]), 7);
    });
    it("8 ErrAlreadyFractionalised before share and supply", async () => {
      expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, issued, "0", 0)]), 8);
    });
    it("10 ErrInvalidShare (0 and 10001) before supply", async () => {
      expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, held, "0", 0)]), 10);
      expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, held, "-1", 10_001)]), 10);
    });
    it("22 ErrInvalidAmount: supply zero, negative or empty", async () => {
      for (const supply of ["0", "-5", ""])
        expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, held, supply, 5000)]), 22);
    });

    describe("over a land parcel", () => {
      let a = 0n;
      beforeAll(async () => {
        a = await mint("instant", owner.address, 1n);
        // The title moves to alice; the parcel stays with owner.
        await chain.mustDeliver(owner, [msg.transfer(owner.address, a, alice.address)]);
        await mustAsOffice(chain, op1, [landMsg.restrict(office, 1n, { kind: "no_fractionalisation" })]);
      });

      it("27 ErrNotParcelHolder first (restriction in force, no permission)", async () => {
        expectTokError(await chain.deliver(alice, [msg.fractionalise(alice.address, a, "1000", 3000)]), 27);
        await chain.mustDeliver(alice, [msg.transfer(alice.address, a, owner.address)]);
      });
      it("32 ErrLandFractionalisationForbidden before any permission is looked at", async () => {
        expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, a, "1000", 3000)]), 32);
        await mustAsOffice(chain, op1, [landMsg.restrict(office, 1n, { kind: "no_fractionalisation", lift: true, index: 0 })]);
      });
      it("28 ErrNoLandAuthorisation", async () => {
        expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, a, "1000", 3000)]), 28);
      });
      it("29 ErrAuthorisationWithdrawn", async () => {
        await mustAsOffice(chain, op1, [landMsg.authorise(office, 1n, { maxShareBps: 5000, expiresAt: FAR })]);
        await mustAsOffice(chain, op1, [landMsg.authorise(office, 1n, { maxShareBps: 5000, expiresAt: FAR, withdraw: true })]);
        expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, a, "1000", 3000)]), 29);
      });
      it("30 ErrAuthorisationExpired (against block time)", async () => {
        const expiresAt = chain.engine.lastBlockTime.seconds + 100n;
        await mustAsOffice(chain, op1, [landMsg.authorise(office, 1n, { maxShareBps: 5000, expiresAt })]);
        chain.setNextBlockTime({ seconds: expiresAt, nanos: 0 });
        expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, a, "1000", 3000)]), 30);
      });
      it("31 ErrShareCeilingExceeded: the ceiling is cumulative over every vehicle on the parcel", async () => {
        await mustAsOffice(chain, op1, [landMsg.authorise(office, 1n, { maxShareBps: 5000, expiresAt: FAR })]);
        expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, a, "1000", 5001)]), 31);
        await chain.mustDeliver(owner, [msg.fractionalise(owner.address, a, "1000", 3000)]);
        const b = await mint("plain", owner.address, 1n);
        expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, b, "1000", 2001)]), 31);
        await chain.mustDeliver(owner, [msg.fractionalise(owner.address, b, "1000", 2000)]);
      });
      it("31: closing a vehicle gives nothing back; a higher ceiling admits only the difference", async () => {
        await chain.mustDeliver(owner, [msg.report(owner.address, a, 1000n)]);
        advance(5n);
        await chain.mustDeliver(owner, [msg.redeem(owner.address, a, 1000n)]);
        expect(status(a)).toBe(Status.STATUS_CLOSED);
        const c = await mint("plain", owner.address, 1n);
        expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, c, "1000", 1)]), 31);
        await mustAsOffice(chain, op1, [landMsg.authorise(office, 1n, { maxShareBps: 6000, expiresAt: FAR })]);
        expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, c, "1000", 1001)]), 31);
        await chain.mustDeliver(owner, [msg.fractionalise(owner.address, c, "1000", 1000)]);
      });
    });
  });

  describe("rule 4: MsgFundVault only while ACTIVE or REALISED; funded is the gross paid", () => {
    it("HELD → 12 (not 9)", async () => {
      expectTokError(await chain.deliver(mallory, [msg.fund(mallory.address, await mint("plain"), 10_000n)]), 12);
    });

    it("ACTIVE: only the holders' share is taken, funded grows by the whole amount", async () => {
      const id = await issue("plain", { bps: 6000 });
      const before = chain.balance(mallory.address);
      const res = await chain.mustDeliver(mallory, [msg.fund(mallory.address, id, 10_000n)]);
      expect(responseOf(res, tx.MsgFundVaultResponse).collected).toEqual({ denom: DENOM, amount: "6000" });
      expect(before - chain.balance(mallory.address)).toBe(6000n + 5000n /* fee */);
      await chain.mustDeliver(mallory, [msg.fund(mallory.address, id, 5_000n)]);
      expect(getAsset(chain, id).vault).toMatchObject({
        funded: [{ denom: DENOM, amount: "15000" }],
        held: [{ denom: DENOM, amount: "9000" }],
      });
    });

    it("REPORTED, DISPUTED, CLOSED → 12; REALISED accepted", async () => {
      const id = await issue("plain");
      await chain.mustDeliver(owner, [msg.report(owner.address, id, 50_000n)]);
      expectTokError(await chain.deliver(mallory, [msg.fund(mallory.address, id, 10_000n)]), 12);
      await chain.mustDeliver(challenger, [msg.dispute(challenger.address, id)]);
      await mustGov(chain, [msg.resolve(id, { denom: DENOM, amount: "60000" })]);
      expect(status(id)).toBe(Status.STATUS_DISPUTED);
      expectTokError(await chain.deliver(mallory, [msg.fund(mallory.address, id, 10_000n)]), 12);

      const realised = await issue("instant");
      await chain.mustDeliver(owner, [msg.report(owner.address, realised, 1000n)]);
      advance(5n);
      await chain.mustDeliver(owner, [msg.finalise(owner.address, realised)]);
      await chain.mustDeliver(mallory, [msg.fund(mallory.address, realised, 10_000n)]);
      await chain.mustDeliver(owner, [msg.redeem(owner.address, realised, 1000n)]);
      expect(status(realised)).toBe(Status.STATUS_CLOSED);
      expectTokError(await chain.deliver(mallory, [msg.fund(mallory.address, realised, 10_000n)]), 12);
    });
  });

  describe("rule 5: MsgReportSale only on an ACTIVE asset", () => {
    it("HELD, REPORTED and REALISED → 12", async () => {
      expectTokError(await chain.deliver(alice, [msg.report(alice.address, await mint("plain"), 1000n)]), 12);
      const id = await issue("instant");
      await chain.mustDeliver(alice, [msg.report(alice.address, id, 1000n)]);
      expectTokError(await chain.deliver(alice, [msg.report(alice.address, id, 1000n)]), 12);
      advance(5n);
      await chain.mustDeliver(alice, [msg.finalise(alice.address, id)]);
      expectTokError(await chain.deliver(alice, [msg.report(alice.address, id, 1000n)]), 12);
    });
  });

  describe("rule 6: MsgAttestSale refusal order", () => {
    let plain = 0n;
    let att = 0n;
    beforeAll(async () => {
      plain = await issue("plain");
      att = await issue("attested");
    });

    it("1. unknown asset → 6, even with a zero price from a stranger", async () => {
      expectTokError(await chain.deliver(mallory, [msg.attest(mallory.address, 9999n, 0n)]), 6);
    });
    it("2. a collection not verified by attestors → 12", async () => {
      expectTokError(await chain.deliver(mallory, [msg.attest(mallory.address, plain, 0n)]), 12);
    });
    it("3. a signer off the register → 17, before the sale is looked up", async () => {
      expectTokError(await chain.deliver(mallory, [msg.attest(mallory.address, att, 0n)]), 17);
    });
    it("4. no sale reported → 24", async () => {
      expectTokError(await chain.deliver(attestor1, [msg.attest(attestor1.address, att, 0n)]), 24);
    });
    it("5. another amount or denom than reported → 14 (ErrNotVerified)", async () => {
      await chain.mustDeliver(owner, [msg.report(owner.address, att, 7000n)]);
      expectTokError(await chain.deliver(attestor1, [msg.attest(attestor1.address, att, 6999n)]), 14);
      expectTokError(await chain.deliver(attestor1, [msg.attest(attestor1.address, att, 0n)]), 14);
      expectTokError(await chain.deliver(attestor1, [msg.attest(attestor1.address, att, 7000n, "ueur")]), 14);
    });
    it("6. attested before → 18, after the price check", async () => {
      await chain.mustDeliver(attestor1, [msg.attest(attestor1.address, att, 7000n)]);
      expectTokError(await chain.deliver(attestor1, [msg.attest(attestor1.address, att, 7000n)]), 18);
      expectTokError(await chain.deliver(attestor1, [msg.attest(attestor1.address, att, 1n)]), 14);
    });
    it("the asset's status is not checked: an attestation after realisation is recorded", async () => {
      await chain.mustDeliver(attestor2, [msg.attest(attestor2.address, att, 7000n)]);
      advance(61n);
      await chain.mustDeliver(owner, [msg.finalise(owner.address, att)]);
      expect(status(att)).toBe(Status.STATUS_REALISED);
      await chain.mustDeliver(carol, [msg.attest(carol.address, att, 7000n)]);
      expect(getAsset(chain, att).sale!.attestors).toEqual([attestor1.address, attestor2.address, carol.address]);
    });
  });

  describe("rule 7: MsgRedeem pays floor(accrued × n / balance)", () => {
    let id = 0n;
    beforeAll(async () => {
      id = await issue("instant", { supply: "1000", bps: 10_000 });
      await chain.mustDeliver(owner, [send(owner.address, alice.address, 300n, shareDenom(id))]);
      // 1000 over 1000 tokens: alice accrues 300.
      await chain.mustDeliver(mallory, [msg.fund(mallory.address, id, 1000n)]);
    });

    it("guards run after the status: an ACTIVE asset without a sale answers 24 whatever the amount", async () => {
      expectTokError(await chain.deliver(alice, [msg.redeem(alice.address, id, 0n)]), 24);
      await chain.mustDeliver(owner, [msg.report(owner.address, id, 1000n)]);
      advance(5n);
      await chain.mustDeliver(owner, [msg.finalise(owner.address, id)]);
    });
    it("1. amount ≤ 0 → 22", async () => {
      expectTokError(await chain.deliver(alice, [msg.redeem(alice.address, id, 0n)]), 22);
      expectTokError(await chain.deliver(alice, [msg.redeem(alice.address, id, "-3")]), 22);
    });
    it("2. a zero balance → 23, even for an amount above it", async () => {
      expectTokError(await chain.deliver(bob, [msg.redeem(bob.address, id, 5n)]), 23);
    });
    it("3. amount above the balance → 22 (a module error, not bank's)", async () => {
      expectTokError(await chain.deliver(alice, [msg.redeem(alice.address, id, 301n)]), 22);
    });
    it("pays the redeemed tokens' share; the rest stays accrued", async () => {
      expect(entitlement(chain, id, alice.address)).toBe(300n);
      const r1 = await chain.mustDeliver(alice, [msg.redeem(alice.address, id, 7n)]);
      expect(responseOf(r1, tx.MsgRedeemResponse).paid).toEqual([{ denom: DENOM, amount: "7" }]); // floor(300 × 7 / 300)
      expect(entitlement(chain, id, alice.address)).toBe(293n);
      const r2 = await chain.mustDeliver(alice, [msg.redeem(alice.address, id, 100n)]);
      expect(responseOf(r2, tx.MsgRedeemResponse).paid).toEqual([{ denom: DENOM, amount: "100" }]); // floor(293 × 100 / 293)
      // Income after realisation, over the 893 tokens left: alice's 193 earn their part on top of what stays accrued.
      await chain.mustDeliver(mallory, [msg.fund(mallory.address, id, 1000n)]);
      const owed = 193n + (193n * ((1000n * 10n ** 18n) / 893n)) / 10n ** 18n;
      expect(entitlement(chain, id, alice.address)).toBe(owed);
      const r3 = await chain.mustDeliver(alice, [msg.redeem(alice.address, id, 50n)]);
      const part = (owed * 50n) / 193n;
      expect(responseOf(r3, tx.MsgRedeemResponse).paid).toEqual([{ denom: DENOM, amount: part.toString() }]);
      expect(entitlement(chain, id, alice.address)).toBe(owed - part);
      const r4 = await chain.mustDeliver(alice, [msg.redeem(alice.address, id, 143n)]);
      expect(responseOf(r4, tx.MsgRedeemResponse).paid).toEqual([{ denom: DENOM, amount: (owed - part).toString() }]);
      expect(chain.balance(alice.address, shareDenom(id))).toBe(0n);
    });
  });

  describe("rule 8: disputes and governance's decision", () => {
    it("MsgResolveDispute with no open dispute → 12, also where no sale was ever reported", async () => {
      const active = await issue("plain");
      expectTokError(await chain.govExec([msg.resolve(active)]), 12);
      await chain.mustDeliver(owner, [msg.report(owner.address, active, 1000n)]);
      expectTokError(await chain.govExec([msg.resolve(active)]), 12);
      expectTokError(await chain.govExec([msg.resolve(9999n)]), 6);
    });

    it("a dispute filed exactly at claimable_at is accepted; a second later it is refused (12)", async () => {
      const [at, after] = [await issue("plain"), await issue("plain")];
      const t = chain.engine.lastBlockTime.seconds + 10n;
      chain.setNextBlockTime({ seconds: t, nanos: 0 });
      await chain.mustDeliver(owner, [msg.report(owner.address, at, 1000n), msg.report(owner.address, after, 1000n)]);
      chain.setNextBlockTime({ seconds: t + 3600n, nanos: 0 });
      await chain.mustDeliver(challenger, [msg.dispute(challenger.address, at)]);
      chain.setNextBlockTime({ seconds: t + 3601n, nanos: 0 });
      expectTokError(await chain.deliver(challenger, [msg.dispute(challenger.address, after)]), 12);
    });

    it("a VERIFY_GOVERNANCE sale reported by anyone finalises without attestations once the window has passed", async () => {
      const id = await issue("gov");
      await chain.mustDeliver(alice, [msg.report(alice.address, id, 1000n)]);
      expectTokError(await chain.deliver(alice, [msg.finalise(alice.address, id)]), 15);
      advance(61n);
      await chain.mustDeliver(alice, [msg.finalise(alice.address, id)]);
      expect(status(id)).toBe(Status.STATUS_REALISED);
      expect(getAsset(chain, id).sale!.reporter).not.toBe(govAuthority());
    });
  });

  describe("consensus version 2: per-parcel issued shares", () => {
    const tokenisation = () => chain.app.modules.modules.find((x) => x.name === "tokenisation") as Module & { keeper: TokenisationKeeper };

    it("the 1 -> 2 migration rebuilds them from the assets (closed vehicles included)", () => {
      const m = tokenisation();
      expect(m.consensusVersion).toBe(3);
      const ctx = chain.app.queryContext();
      const before = [...m.keeper.parcelShareIssued.iterate(ctx)];
      expect(before).toEqual([[1n, 6000n]]);
      m.keeper.parcelShareIssued.remove(ctx, 1n);
      m.migrations!.find((x) => x.from === 1)!.migrate(ctx);
      expect([...m.keeper.parcelShareIssued.iterate(ctx)]).toEqual(before);
    });

    it("genesis export -> import rebuilds them: the imported chain starts at the same app hash", async () => {
      const imported = await importGenesis({ ...chain.genesis, app_state: chain.app.exportAppState() as Record<string, unknown> });
      expect(imported.appHash).toBe(Buffer.from(chain.app.store.lastAppHash).toString("hex"));
    });
  });
});
