import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DENOM, type TestChain } from "../../helpers/chain";
import { getProposal, govParams, submitMsg } from "../../helpers/gov";
import { blockEventsOf } from "../../helpers/module-setup";
import { EUR, approveEuro, currency, eventOf, expectStablecoinError, getApplication, keys, msg, queryCode, stablecoinChain } from "./setup";

/** Conformance of stablecoin with the documented rules (docs/modules/stablecoin.md) and with clients of the existing chain. */

const { issuer, other, holder, mallory } = keys;
/** Never registered with stablecoin; holder has some from genesis. */
const GOLD = "ugold";

describe("stablecoin conformance (issue 12)", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await stablecoinChain((s) => {
      const balance = s.bank.balances.find((b: { address: string }) => b.address === holder.address);
      balance.coins = [{ denom: GOLD, amount: "1000000" }, ...balance.coins];
    });
    await approveEuro(chain);
    await chain.mustDeliver(issuer, [msg.mint(issuer.address, "100000", holder.address)]);
  });
  afterAll(async () => chain.close());

  const register = (denom: string) =>
    msg.register(currency(holder.address, { denom, displayDenom: denom.slice(1), symbol: denom.slice(1).toUpperCase() }));

  describe("1. a fee in a denomination with no approved issuer is 1111, naming the denom", () => {
    it("a denom never issued at all is refused in CheckTx before its balance is looked at; nothing is charged", async () => {
      const before = { gold: chain.balance(holder.address, GOLD), sequence: chain.account(holder.address)!.sequence };
      const res = await chain.deliver(holder, [register("uaaa")], { fee: [{ denom: GOLD, amount: "100" }] });
      expect(res.checkTx).toBe(true);
      expectStablecoinError(res, 1111);
      expect(res.log).toBe(`fee denom ${GOLD}: fee denomination has no approved issuer`);
      expect(chain.balance(holder.address, GOLD)).toBe(before.gold);
      expect(chain.account(holder.address)!.sequence).toBe(before.sequence);
    });

    it("a denom nobody holds is 1111, not insufficient funds", async () => {
      const res = await chain.deliver(holder, [register("uaaa")], { fee: [{ denom: "unever", amount: "1" }] });
      expectStablecoinError(res, 1111);
      expect(res.log).toMatch(/^fee denom unever: fee denomination has no approved issuer$/);
    });

    it("mixed fee lists: one coin without an approved issuer refuses the whole fee", async () => {
      const res = await chain.deliver(holder, [register("uaaa")], {
        fee: [
          { denom: GOLD, amount: "1" },
          { denom: DENOM, amount: "5000" },
        ],
      });
      expectStablecoinError(res, 1111);
      expect(res.log).toMatch(/fee denom ugold/);
      // An approved currency beside the chain's own fee denom is accepted.
      await chain.mustDeliver(holder, [register("uaab")], {
        fee: [
          { denom: EUR, amount: "10" },
          { denom: DENOM, amount: "5000" },
        ],
      });
      expect(chain.balance(holder.address, EUR)).toBe(99_990n);
    });

    it("a pending application is not an approved issuer", async () => {
      // uaab was registered above and is pending.
      expect(getApplication(chain, "uaab").status).toBe("pending");
      const res = await chain.deliver(holder, [register("uaac")], {
        fee: [
          { denom: "uaab", amount: "1" },
          { denom: DENOM, amount: "5000" },
        ],
      });
      expectStablecoinError(res, 1111);
    });

    it("in the block too: a tx admitted while its fee currency had an issuer is refused once the issuer is revoked", async () => {
      const tx = chain.sign(holder, [register("uaad")], { fee: [{ denom: EUR, amount: "10" }] });
      const check = await chain.engine.broadcastTxSync(tx);
      expect(check.code).toBe(0);
      const before = { eur: chain.balance(holder.address, EUR), sequence: chain.account(holder.address)!.sequence };
      // The revocation runs at the start of the block that includes the tx.
      expect((await chain.govExec([msg.revoke(EUR)])).log).toBe("");
      const included = await chain.engine.getTx(check.hash);
      expect(included).toBeDefined();
      expect({ codespace: included!.result.codespace, code: included!.result.code }).toEqual({ codespace: "stablecoin", code: 1111 });
      expect(included!.result.log).toBe(`fee denom ${EUR}: fee denomination has no approved issuer`);
      expect(chain.balance(holder.address, EUR)).toBe(before.eur);
      expect(chain.account(holder.address)!.sequence).toBe(before.sequence);
      // Restore an issuer for the tests below.
      await chain.mustDeliver(issuer, [msg.register(currency(issuer.address))]);
      expect((await chain.govExec([msg.approve(EUR)])).log).toBe("");
    });

    it("the chain's own fee denom needs no issuer", async () => {
      await chain.mustDeliver(holder, [register("uaae")], { fee: [{ denom: DENOM, amount: "5000" }] });
    });
  });

  describe("4. a rejected issuer application is removed", () => {
    it("Get answers NotFound; the decision stays in the event and the tx result", async () => {
      await chain.mustDeliver(mallory, [msg.register(currency(mallory.address, { denom: "urej", displayDenom: "rej", symbol: "REJ" }))]);
      expect(getApplication(chain, "urej").status).toBe("pending");
      const res = await blockEventsOf(chain, () => chain.govExec([msg.approve("urej", false)]));
      expect(res.result).toEqual({ code: 0, codespace: "", log: "" });
      expect(res.events("stablecoin_application_decided")).toEqual([
        expect.objectContaining({ denom: "urej", creator: mallory.address, approved: "false" }),
      ]);
      expect(queryCode(() => getApplication(chain, "urej"))).toBe(22);
      // Deciding it again: there is nothing to decide.
      expect(await chain.govExec([msg.approve("urej", true)])).toMatchObject({ codespace: "stablecoin", code: 1102 });
      // The key is free: anyone may apply for it.
      const again = await chain.mustDeliver(other, [
        msg.register(currency(other.address, { denom: "urej", displayDenom: "rej", symbol: "REJ" })),
      ]);
      expect(eventOf(again, "stablecoin_currency_registered")).toEqual({ denom: "urej", creator: other.address });
    });
  });

  describe("5. errors name the field", () => {
    it("a malformed recipient is sdk 7 naming the recipient", async () => {
      const res = await chain.deliver(issuer, [msg.mint(issuer.address, "1", "yml1notanaddress")]);
      expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 7 });
      expect(res.log).toMatch(/^invalid recipient address: /);
    });

    it("a recipient with another chain's prefix likewise", async () => {
      const res = await chain.deliver(issuer, [msg.mint(issuer.address, "1", "cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu")]);
      expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 7 });
      expect(res.log).toMatch(/^invalid recipient address: /);
    });

    it('a zero or malformed mint amount is 1105 "invalid mint amount"; burn likewise', async () => {
      for (const amount of ["0", "-5", "1.5"]) {
        const res = await chain.deliver(issuer, [msg.mint(issuer.address, amount, holder.address)]);
        expectStablecoinError(res, 1105);
        expect(res.log).toMatch(/^invalid mint amount: /);
      }
      const burn = await chain.deliver(issuer, [msg.burn(issuer.address, "0")]);
      expectStablecoinError(burn, 1105);
      expect(burn.log).toMatch(/^invalid burn amount: /);
    });
  });

  describe("6. a gov proposal with invalid params is refused at submission with the module's error", () => {
    it("stablecoin MsgUpdateParams with a malformed ceiling is 1112 at submission; no proposal, no deposit locked", async () => {
      const deposit = govParams(chain).minDeposit;
      const before = chain.balance(holder.address);
      const bad = msg.updateParams({ defaultMintCeiling: "-1", mintCeilings: [] });
      const res = await chain.deliver(holder, [submitMsg(holder.address, [bad], deposit)]);
      expectStablecoinError(res, 1112);
      expect(res.log).toMatch(/default_mint_ceiling/);
      expect(getProposal(chain, 1n)).toBeUndefined();
      expect(chain.balance(holder.address)).toBe(before - 5000n);

      const missing = await chain.deliver(holder, [submitMsg(holder.address, [msg.updateParams(undefined as never)], deposit)]);
      expectStablecoinError(missing, 1112);
      // Valid params are accepted as a proposal.
      const ok = await chain.deliver(holder, [
        submitMsg(holder.address, [msg.updateParams({ defaultMintCeiling: "5", mintCeilings: [] })], deposit),
      ]);
      expect(ok.log).toBe("");
      expect(getProposal(chain, 1n)).toBeDefined();
    });
  });

  describe("issue 33 rule 24: error wording", () => {
    it("minting a denom with no approved issuer is 1104 saying it has no approved issuer; another issuer's denom names the signer", async () => {
      const none = await chain.deliver(holder, [msg.mint(holder.address, "1", holder.address, GOLD)]);
      expectStablecoinError(none, 1104);
      expect(none.log).toBe(`denom ${GOLD} has no approved issuer: not the approved issuer of the denom`);
      const notYours = await chain.deliver(other, [msg.mint(other.address, "1", holder.address)]);
      expectStablecoinError(notYours, 1104);
      expect(notYours.log).toMatch(/may not mint or burn ueur/);
    });
  });
});
