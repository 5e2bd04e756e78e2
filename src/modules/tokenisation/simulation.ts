import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgDepositValidatorRewardsPool, MsgFundCommunityPool } from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import { Status, VerificationMode, type Asset, type Collection, type SaleReport } from "../../gen/blockchain/tokenisation/v1/tokenisation";
import * as tx from "../../gen/blockchain/tokenisation/v1/tx";
import { accAddress, valAddress } from "../../types/address";
import type { AnyMsg } from "../../types/codec";
import type { Context } from "../../types/context";
import { decFromWire } from "../../types/dec";
import { otherAccount, simMsg, type ModuleSimulation, type SimState, sampleById, sampleFrom } from "../../types/simulation";
import type { LandKeeper } from "./expected-keepers";
import { holderPortion, indexIncrement, owedSince } from "./income";
import { slotOf, TOKENISATION_MODULE, tradingHalted, type TokenisationKeeper } from "./keeper";

const T = "/blockchain.tokenisation.v1.";
const SEND = "/cosmos.bank.v1beta1.MsgSend";
const DISTR = "/cosmos.distribution.v1beta1.";
const St = Status;

type Codec = { encode(m: any): { finish(): Uint8Array }; fromPartial(o: any): any };
const tokMsg = (name: string, codec: Codec, fields: object): AnyMsg => simMsg(T + name, codec, fields);

/** An asset `ok` accepts from a bounded sample, mostly one `prefer` accepts too (the stage the operation moves on). */
function pickAsset(
  k: TokenisationKeeper,
  s: SimState,
  ok: (a: Asset) => boolean,
  prefer: (a: Asset) => boolean = () => true,
): Asset | undefined {
  const found = sampleById(k.assets, s.ctx, s.rng, k.nextAssetId.peek(s.ctx) - 1n, 12).filter(ok);
  const preferred = found.filter(prefer);
  if (preferred.length > 0 && !s.rng.oneIn(4)) return s.rng.pick(preferred);
  return found.length === 0 ? undefined : s.rng.pick(found);
}

function collections(k: TokenisationKeeper, s: SimState): Collection[] {
  return sampleFrom(k.collections, s.ctx, undefined, 16).map(([, c]) => c);
}

/**
 * Every act on an asset names its owner among the accounts it involves: the runner then puts at
 * most one act per asset in a block (the owner signs nothing else in it), so each outcome
 * follows from the committed state. A closed asset has no owner and only claims remain on it,
 * which touch nothing but the claimant's own position.
 */
function lockOn(a: Asset, signer: string, also: string[] = []): string[] {
  return [a.owner, ...also].filter((x) => x !== "" && x !== signer);
}

/** Simulated holders of the asset's shares with a position (a bounded read of its positions). */
function holders(k: TokenisationKeeper, s: SimState, a: Asset): Array<{ address: string; balance: bigint }> {
  const out: Array<{ address: string; balance: bigint }> = [];
  for (const [[, address]] of sampleFrom(k.positions, s.ctx, undefined, 12, { prefix: k.positionKey.prefix(a.id) })) {
    if (s.accounts.includes(address)) out.push({ address, balance: k.bank.getBalance(s.ctx, address, a.fractionDenom) });
  }
  return out;
}

/** The last parcel id (parcels are never deleted and ids count up from 1): O(log n) reads. */
function lastParcelId(land: LandKeeper, ctx: Context): bigint {
  const exists = (id: bigint) => land.getParcel(ctx, id) !== undefined;
  if (!exists(1n)) return 0n;
  let lo = 1n;
  while (exists(lo * 2n)) lo *= 2n;
  let hi = lo * 2n;
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (exists(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** The next block comes at least a second after the committed one. */
const passedByNextBlock = (s: SimState, t: { seconds: bigint }) => t.seconds <= s.ctx.unixSeconds + 1n;

function finalisable(k: TokenisationKeeper, s: SimState, a: Asset, sale: SaleReport): "ok" | "fail" | "any" {
  if (sale.disputed || !k.isVerified(s.ctx, a, sale)) return "fail";
  return passedByNextBlock(s, sale.claimableAt!) ? "ok" : "any";
}

function readyToFinalise(k: TokenisationKeeper, s: SimState, a: Asset): boolean {
  const sale = a.status === St.STATUS_REPORTED ? k.sales.get(s.ctx, a.id) : undefined;
  return sale !== undefined && finalisable(k, s, a, sale) === "ok";
}

const price = (s: SimState, denom: string) => ({ denom, amount: (1n + s.rng.bigint(1_000_000_000_000n)).toString() });

/**
 * Tokenisation operations over the genesis collections (plain, attestor-, valuer-, schedule-
 * and governance-verified, and one for land parcels): assets minted (also over parcels, to
 * their holder), fractionalised, transferred; shares sent between holders (the send hook
 * settles both) and into the community pool and validators' reward pools (refused once
 * realised; rewards and spends then pay them out); vaults funded; income claimed; sales reported (by governance where the
 * collection wants it), attested, paid, disputed, resolved by governance, finalised and
 * redeemed until the asset closes; collections created and their authority changed by
 * governance. Invalid ones: a stranger minting, fractionalising or attesting, a fund in the
 * wrong denom or around a sale, a report on an asset with no shares, an attestation outside an
 * attestor-verified collection, a redemption above the balance, and
 * every act the status forbids. Invariants: the module account holds exactly every vault's
 * `held` plus the bonds of open disputes; no holder is owed more than its vault holds; each
 * share denom's index equals its vault's and its halt flag the asset's status; supply is
 * positive for every live share denom and zero once closed; the collection index agrees
 * with the assets; sale reports exist exactly for the statuses that have one.
 */
export function tokenisationSimulation(k: TokenisationKeeper): ModuleSimulation {
  return {
    operations: [
      {
        name: "tokenisation/mint",
        weight: 3,
        build: (s) => {
          const cs = collections(k, s).filter((c) => s.accounts.includes(c.authority));
          if (cs.length === 0) return undefined;
          const c = s.rng.pick(cs);
          return {
            signer: c.authority,
            msgs: [
              tokMsg("MsgMintAsset", tx.MsgMintAsset, {
                minter: c.authority,
                collectionId: c.id,
                owner: s.rng.pick(s.accounts),
                uri: `ipfs://sim/${s.ctx.height}`,
                parcelId: 0n,
              }),
            ],
            expect: "ok",
          };
        },
      },
      {
        name: "tokenisation/mint-over-parcel",
        weight: 1,
        build: (s) => {
          const cs = collections(k, s).filter((c) => s.accounts.includes(c.authority));
          const last = k.land ? lastParcelId(k.land, s.ctx) : 0n;
          if (cs.length === 0 || last === 0n) return undefined;
          const parcelId = 1n + s.rng.bigint(last);
          const holder = k.land!.getParcel(s.ctx, parcelId)!.holder;
          const c = s.rng.pick(cs);
          const msg = tokMsg("MsgMintAsset", tx.MsgMintAsset, {
            minter: c.authority,
            collectionId: c.id,
            owner: holder,
            uri: `land://${parcelId}`,
            parcelId,
          });
          // The holder is involved: no transfer of the parcel completes beside it (land's acts involve the holder).
          return { signer: c.authority, msgs: [msg], expect: "ok", involves: [holder] };
        },
      },
      {
        name: "tokenisation/mint-not-authority",
        weight: 1,
        build: (s) => {
          const c = s.rng.pick(collections(k, s));
          if (!c) return undefined;
          const who = otherAccount(s, c.authority);
          return {
            signer: who,
            msgs: [tokMsg("MsgMintAsset", tx.MsgMintAsset, { minter: who, collectionId: c.id, owner: who, uri: "", parcelId: 0n })],
            expect: "fail",
          };
        },
      },
      {
        name: "tokenisation/fractionalise",
        weight: 3,
        build: (s) => {
          const a = pickAsset(k, s, (x) => x.status === St.STATUS_HELD && s.accounts.includes(x.owner));
          if (!a) return undefined;
          const msg = tokMsg("MsgFractionalise", tx.MsgFractionalise, {
            owner: a.owner,
            assetId: a.id,
            symbol: `SIM${a.id}`,
            supply: (1n + s.rng.bigint(1_000_000_000_000n)).toString(),
            holderShareBps: 1 + s.rng.int(10_000),
            incomeDenom: s.bondDenom,
          });
          // Over a parcel the land registry's permission decides (its office may change it in the same block).
          return { signer: a.owner, msgs: [msg], expect: a.parcelId === 0n ? "ok" : "any", involves: lockOn(a, a.owner) };
        },
      },
      {
        name: "tokenisation/fractionalise-not-owner",
        weight: 1,
        build: (s) => {
          const a = pickAsset(k, s, (x) => x.status === St.STATUS_HELD);
          if (!a) return undefined;
          const who = otherAccount(s, a.owner);
          const msg = tokMsg("MsgFractionalise", tx.MsgFractionalise, {
            owner: who,
            assetId: a.id,
            symbol: "STOLEN",
            supply: "1000",
            holderShareBps: 5000,
            incomeDenom: s.bondDenom,
          });
          return { signer: who, msgs: [msg], expect: "fail", involves: lockOn(a, who) };
        },
      },
      {
        name: "tokenisation/transfer-asset",
        weight: 1,
        build: (s) => {
          const a = pickAsset(k, s, (x) => x.status !== St.STATUS_CLOSED && s.accounts.includes(x.owner));
          if (!a) return undefined;
          return {
            signer: a.owner,
            msgs: [tokMsg("MsgTransferAsset", tx.MsgTransferAsset, { owner: a.owner, assetId: a.id, recipient: otherAccount(s, a.owner) })],
            expect: "ok",
          };
        },
      },
      {
        name: "tokenisation/send-shares",
        weight: 3,
        build: (s) => {
          const a = pickAsset(k, s, (x) => x.fractionDenom !== "" && x.status !== St.STATUS_CLOSED);
          const from = a && holders(k, s, a).filter((h) => h.balance > 0n);
          if (!a || !from || from.length === 0) return undefined;
          const h = s.rng.pick(from);
          const halted = k.shareState(s.ctx, a.fractionDenom)!.halted;
          const msg = simMsg(SEND, MsgSend, {
            fromAddress: h.address,
            toAddress: otherAccount(s, h.address),
            amount: [{ denom: a.fractionDenom, amount: (1n + s.rng.bigint(h.balance)).toString() }],
          });
          return { signer: h.address, msgs: [msg], expect: halted ? "fail" : "ok", involves: lockOn(a, h.address) };
        },
      },
      {
        // The poisoned-payout attack: shares put where payouts move every denom at once, mostly
        // before the asset is realised; once halted such deposits fail and later payouts must not.
        name: "tokenisation/shares-into-pools",
        weight: 2,
        build: (s) => {
          // Mostly an asset whose sale is pending, the attacker's moment.
          const a = pickAsset(
            k,
            s,
            (x) => x.fractionDenom !== "" && x.status !== St.STATUS_CLOSED,
            (x) => x.status === St.STATUS_REPORTED,
          );
          const from = a && holders(k, s, a).filter((h) => h.balance > 0n);
          if (!a || !from || from.length === 0) return undefined;
          const h = s.rng.pick(from);
          const amount = [{ denom: a.fractionDenom, amount: (1n + s.rng.bigint(h.balance < 1000n ? h.balance : 1000n)).toString() }];
          const halted = tradingHalted(a.status);
          const involves = lockOn(a, h.address);
          if (s.rng.oneIn(2)) {
            return {
              signer: h.address,
              msgs: [simMsg(DISTR + "MsgFundCommunityPool", MsgFundCommunityPool, { depositor: h.address, amount })],
              expect: halted ? "fail" : "ok",
              involves,
            };
          }
          // The genesis validator (account 0) never leaves; an admitted operator's validator may not exist (yet or any more).
          const genesis = s.rng.oneIn(2);
          const operator = genesis ? s.accounts[0] : s.accounts[1 + s.rng.int(8)];
          const msg = simMsg(DISTR + "MsgDepositValidatorRewardsPool", MsgDepositValidatorRewardsPool, {
            depositor: h.address,
            validatorAddress: valAddress.encode(accAddress.decode(operator)),
            amount,
          });
          return { signer: h.address, msgs: [msg], expect: halted ? "fail" : genesis ? "ok" : "any", involves };
        },
      },
      {
        name: "tokenisation/fund-vault",
        weight: 3,
        build: (s) => {
          const a = pickAsset(k, s, (x) => x.fractionDenom !== "" && x.status !== St.STATUS_CLOSED);
          if (!a) return undefined;
          const funder = s.rng.pick(s.accounts);
          const amount = 1n + s.rng.bigint(s.rng.oneIn(4) ? 1000n : 1_000_000_000n);
          const collected = holderPortion(amount, a.holderShareBps);
          const moves = collected > 0n && indexIncrement(collected, k.bank.getSupply(s.ctx, a.fractionDenom)) > 0n;
          // Income is taken while the shares trade and after realisation, never around a sale.
          const open = a.status === St.STATUS_ACTIVE || a.status === St.STATUS_REALISED;
          const msg = tokMsg("MsgFundVault", tx.MsgFundVault, {
            funder,
            assetId: a.id,
            amount: { denom: k.vaults.get(s.ctx, a.id)!.denom, amount: amount.toString() },
          });
          return { signer: funder, msgs: [msg], expect: open && moves ? "ok" : "fail", involves: lockOn(a, funder) };
        },
      },
      {
        name: "tokenisation/fund-wrong-denom",
        weight: 1,
        build: (s) => {
          const a = pickAsset(k, s, (x) => x.fractionDenom !== "" && x.status !== St.STATUS_CLOSED);
          if (!a) return undefined;
          const funder = s.rng.pick(s.accounts);
          return {
            signer: funder,
            msgs: [tokMsg("MsgFundVault", tx.MsgFundVault, { funder, assetId: a.id, amount: { denom: "usimother", amount: "1000000" } })],
            expect: "fail",
          };
        },
      },
      {
        name: "tokenisation/claim",
        weight: 3,
        build: (s) => {
          const a = pickAsset(k, s, (x) => x.fractionDenom !== "");
          const hs = a && holders(k, s, a);
          if (!a || !hs || hs.length === 0) return undefined;
          const h = s.rng.pick(hs).address;
          return {
            signer: h,
            msgs: [tokMsg("MsgClaim", tx.MsgClaim, { holder: h, assetId: a.id })],
            expect: k.entitlement(s.ctx, a, h) > 0n ? "ok" : "fail",
            involves: lockOn(a, h),
          };
        },
      },
      {
        name: "tokenisation/report-sale",
        weight: 2,
        build: (s) => {
          const a = pickAsset(k, s, (x) => x.status === St.STATUS_ACTIVE || x.status === St.STATUS_HELD);
          if (!a) return undefined;
          const denom = k.vaults.get(s.ctx, a.id)?.denom ?? s.bondDenom;
          const byGov = k.collections.get(s.ctx, a.collectionId)!.verification === VerificationMode.VERIFY_GOVERNANCE;
          if (byGov && a.status === St.STATUS_ACTIVE) {
            return {
              signer: s.rng.pick(s.accounts),
              authority: true,
              msgs: [
                tokMsg("MsgReportSale", tx.MsgReportSale, {
                  reporter: s.govAuthority,
                  assetId: a.id,
                  price: price(s, denom),
                  evidenceUri: "ipfs://sim-sale",
                }),
              ],
              expect: "ok",
            };
          }
          const reporter = s.rng.pick(s.accounts);
          const msg = tokMsg("MsgReportSale", tx.MsgReportSale, {
            reporter,
            assetId: a.id,
            price: price(s, denom),
            evidenceUri: "ipfs://sim-sale",
          });
          // A held asset has no shareholders to sell for.
          return { signer: reporter, msgs: [msg], expect: a.status === St.STATUS_ACTIVE ? "ok" : "fail", involves: lockOn(a, reporter) };
        },
      },
      {
        name: "tokenisation/attest-sale",
        weight: 2,
        build: (s) => {
          const a = pickAsset(k, s, (x) => x.status === St.STATUS_REPORTED);
          if (!a) return undefined;
          const sale = k.sales.get(s.ctx, a.id)!;
          const c = k.collections.get(s.ctx, a.collectionId)!;
          const attestors = c.attestors.filter((x) => s.accounts.includes(x) && !sale.attestors.includes(x));
          if (attestors.length === 0) return undefined;
          const who = s.rng.pick(attestors);
          const wrong = s.rng.oneIn(4);
          const amount = wrong ? (BigInt(sale.price!.amount) + 1n).toString() : sale.price!.amount;
          // Only an attestor-verified collection takes attestations (the valuer's is refused).
          const ok = !wrong && c.verification === VerificationMode.VERIFY_ATTESTORS;
          return {
            signer: who,
            msgs: [
              tokMsg("MsgAttestSale", tx.MsgAttestSale, { attestor: who, assetId: a.id, price: { denom: sale.price!.denom, amount } }),
            ],
            expect: ok ? "ok" : "fail",
            involves: lockOn(a, who),
          };
        },
      },
      {
        name: "tokenisation/attest-not-attestor",
        weight: 1,
        build: (s) => {
          const a = pickAsset(k, s, (x) => x.status === St.STATUS_REPORTED);
          if (!a) return undefined;
          const who = s.rng.pick(s.accounts);
          if (k.collections.get(s.ctx, a.collectionId)!.attestors.includes(who)) return undefined;
          const sale = k.sales.get(s.ctx, a.id)!;
          return {
            signer: who,
            msgs: [tokMsg("MsgAttestSale", tx.MsgAttestSale, { attestor: who, assetId: a.id, price: sale.price })],
            expect: "fail",
            involves: lockOn(a, who),
          };
        },
      },
      {
        name: "tokenisation/pay-proceeds",
        weight: 2,
        build: (s) => {
          const a = pickAsset(k, s, (x) => x.status === St.STATUS_REPORTED || x.status === St.STATUS_REALISED);
          if (!a) return undefined;
          const sale = k.sales.get(s.ctx, a.id)!;
          const outstanding = holderPortion(BigInt(sale.price!.amount), a.holderShareBps) - BigInt(sale.proceedsPaid!.amount);
          const payer = s.rng.pick(s.accounts);
          const amount = 1n + s.rng.bigint(outstanding > 0n ? outstanding * 2n : 1000n);
          const pay = amount < outstanding ? amount : outstanding;
          const ok = outstanding > 0n && indexIncrement(pay, k.bank.getSupply(s.ctx, a.fractionDenom)) > 0n;
          const msg = tokMsg("MsgPaySaleProceeds", tx.MsgPaySaleProceeds, {
            payer,
            assetId: a.id,
            amount: { denom: sale.price!.denom, amount: amount.toString() },
          });
          return { signer: payer, msgs: [msg], expect: ok ? "ok" : "fail", involves: lockOn(a, payer) };
        },
      },
      {
        name: "tokenisation/dispute-sale",
        weight: 1,
        build: (s) => {
          const a = pickAsset(k, s, (x) => x.status === St.STATUS_REPORTED);
          if (!a) return undefined;
          const sale = k.sales.get(s.ctx, a.id)!;
          const who = s.rng.pick(s.accounts);
          // Open up to claimable_at inclusive: certain only once the committed block is past it (the next block's time is unknown).
          const expect = sale.challenger !== "" || sale.claimableAt!.seconds < s.ctx.unixSeconds ? "fail" : "any";
          return {
            signer: who,
            msgs: [tokMsg("MsgDisputeSale", tx.MsgDisputeSale, { challenger: who, assetId: a.id, reason: "sim: price too low" })],
            expect,
            involves: lockOn(a, who),
          };
        },
      },
      {
        name: "tokenisation/resolve-dispute",
        weight: 1,
        build: (s) => {
          const a = pickAsset(
            k,
            s,
            (x) => x.status === St.STATUS_DISPUTED || (x.status === St.STATUS_REPORTED && k.sales.get(s.ctx, x.id)?.disputed === true),
          );
          if (!a) return undefined;
          const sale = k.sales.get(s.ctx, a.id)!;
          const corrected = sale.disputed && s.rng.oneIn(2) ? price(s, sale.price!.denom) : undefined;
          return {
            signer: s.rng.pick(s.accounts),
            authority: true,
            msgs: [
              tokMsg("MsgResolveDispute", tx.MsgResolveDispute, { authority: s.govAuthority, assetId: a.id, correctedPrice: corrected }),
            ],
            expect: "ok",
          };
        },
      },
      {
        name: "tokenisation/finalise-sale",
        weight: 2,
        build: (s) => {
          const a = pickAsset(
            k,
            s,
            (x) => x.status === St.STATUS_REPORTED || x.status === St.STATUS_ACTIVE,
            (x) => readyToFinalise(k, s, x),
          );
          if (!a) return undefined;
          const who = s.rng.pick(s.accounts);
          const sale = k.sales.get(s.ctx, a.id);
          const expect = a.status === St.STATUS_REPORTED && sale ? finalisable(k, s, a, sale) : "fail";
          return {
            signer: who,
            msgs: [tokMsg("MsgFinaliseSale", tx.MsgFinaliseSale, { caller: who, assetId: a.id })],
            expect,
            involves: lockOn(a, who),
          };
        },
      },
      {
        name: "tokenisation/redeem",
        weight: 3,
        build: (s) => {
          const a = pickAsset(
            k,
            s,
            (x) => x.status === St.STATUS_REALISED || x.status === St.STATUS_REPORTED,
            (x) => x.status === St.STATUS_REALISED || readyToFinalise(k, s, x),
          );
          const hs = a && holders(k, s, a).filter((h) => h.balance > 0n);
          if (!a || !hs || hs.length === 0) return undefined;
          const h = s.rng.pick(hs);
          // Often the whole balance, so assets close.
          const amount = s.rng.oneIn(2) ? h.balance : 1n + s.rng.bigint(h.balance);
          const expect = a.status === St.STATUS_REALISED ? "ok" : finalisable(k, s, a, k.sales.get(s.ctx, a.id)!);
          return {
            signer: h.address,
            msgs: [tokMsg("MsgRedeem", tx.MsgRedeem, { holder: h.address, assetId: a.id, amount: amount.toString() })],
            expect,
            involves: lockOn(a, h.address),
          };
        },
      },
      {
        name: "tokenisation/redeem-more-than-held",
        weight: 1,
        build: (s) => {
          const a = pickAsset(k, s, (x) => x.status === St.STATUS_REALISED);
          const hs = a && holders(k, s, a);
          if (!a || !hs || hs.length === 0) return undefined;
          const h = s.rng.pick(hs);
          return {
            signer: h.address,
            msgs: [tokMsg("MsgRedeem", tx.MsgRedeem, { holder: h.address, assetId: a.id, amount: (h.balance + 1n).toString() })],
            expect: "fail",
            involves: lockOn(a, h.address),
          };
        },
      },
      {
        name: "tokenisation/create-collection",
        weight: 1,
        build: (s) => {
          if (!s.rng.oneIn(4)) return undefined;
          const collection = {
            id: `simgov-${s.ctx.height}-${s.rng.int(1_000_000)}`,
            authority: s.rng.pick(s.accounts),
            verification: VerificationMode.VERIFY_VALUER,
            attestationThreshold: 0,
            challengeWindowSeconds: BigInt(s.rng.int(300)),
            disputeBondBps: s.rng.int(2000),
            attestors: [s.rng.pick(s.accounts)],
          };
          return {
            signer: s.rng.pick(s.accounts),
            authority: true,
            msgs: [tokMsg("MsgCreateCollection", tx.MsgCreateCollection, { authority: s.govAuthority, collection })],
            expect: "ok",
          };
        },
      },
      {
        name: "tokenisation/set-collection-authority",
        weight: 1,
        build: (s) => {
          const c = s.rng.pick(collections(k, s));
          if (!c || !s.rng.oneIn(3)) return undefined;
          return {
            signer: s.rng.pick(s.accounts),
            authority: true,
            msgs: [
              tokMsg("MsgSetCollectionAuthority", tx.MsgSetCollectionAuthority, {
                authority: s.govAuthority,
                collectionId: c.id,
                newAuthority: s.rng.pick(s.accounts),
              }),
            ],
            expect: "ok",
          };
        },
      },
    ],
    invariants: [{ name: "tokenisation/vaults-bonds-shares", check: (ctx) => tokenisationInvariant(k, ctx) }],
  };
}

function tokenisationInvariant(k: TokenisationKeeper, ctx: Context): string | undefined {
  const want = new Map<string, bigint>();
  const add = (denom: string, n: bigint) => want.set(denom, (want.get(denom) ?? 0n) + n);
  const next = k.nextAssetId.peek(ctx);
  let assets = 0;
  for (const [id, a] of k.assets.iterate(ctx)) {
    assets++;
    if (id >= next) return `asset ${id} at or beyond next_asset_id ${next}`;
    if (!k.collections.has(ctx, a.collectionId)) return `asset ${id} in missing collection ${a.collectionId}`;
    if (!k.assets.indexes.byCollection.has(ctx, a.collectionId, id)) return `asset ${id} missing from the collection index`;
    const sale = k.sales.get(ctx, id);
    const hasSale = a.status === St.STATUS_REPORTED || a.status === St.STATUS_REALISED || a.status === St.STATUS_DISPUTED;
    if (hasSale && !sale) return `asset ${id} is ${St[a.status]} without a sale report`;
    if ((a.status === St.STATUS_ACTIVE || a.status === St.STATUS_HELD) && sale) return `asset ${id} is ${St[a.status]} with a sale report`;
    if (sale?.disputed) {
      const bond = BigInt(sale.bond!.amount);
      if (bond < 0n) return `asset ${id}: negative dispute bond`;
      add(sale.bond!.denom, bond);
    }
    if (a.fractionDenom === "") {
      if (a.status !== St.STATUS_HELD) return `asset ${id} is ${St[a.status]} without shares`;
      if (k.vaults.has(ctx, id)) return `asset ${id} has a vault but no shares`;
      continue;
    }
    const vault = k.vaults.get(ctx, id);
    const share = k.shareState(ctx, a.fractionDenom);
    if (!vault || !share) return `asset ${id} has shares without a vault or share state`;
    if (share.assetId !== id || share.index !== decFromWire(vault.cumulativePerToken))
      return `share state of ${a.fractionDenom} (asset ${share.assetId}, index ${share.index}) differs from vault ${id} (${vault.cumulativePerToken})`;
    const closed = a.status === St.STATUS_CLOSED;
    if (share.halted !== tradingHalted(a.status)) return `${a.fractionDenom} halted=${share.halted} while asset ${id} is ${St[a.status]}`;
    const supply = k.bank.getSupply(ctx, a.fractionDenom);
    if (closed ? supply !== 0n || a.owner !== "" : supply <= 0n)
      return `asset ${id} is ${St[a.status]} with supply ${supply} and owner ${JSON.stringify(a.owner)}`;
    let held = 0n;
    for (const c of vault.held) {
      const n = BigInt(c.amount);
      const funded = BigInt(vault.funded.find((f) => f.denom === c.denom)?.amount ?? "0");
      if (n < 0n || n > funded) return `vault ${id} holds ${n}${c.denom} of ${funded} funded`;
      add(c.denom, n);
      if (c.denom === vault.denom) held = n;
    }
    // Nothing created: what every position is owed fits in what the vault still holds.
    let owed = 0n;
    for (const [[, holder], stored] of k.positions.iterate(ctx, { prefix: k.positionKey.prefix(id) })) {
      const slot = slotOf(stored);
      if (slot.accrued < 0n || slot.lastIndex > share.index)
        return `position of ${holder} in asset ${id} is ahead of the index or negative`;
      owed += slot.accrued + owedSince(k.bank.getBalance(ctx, holder, a.fractionDenom), share.index, slot.lastIndex);
    }
    if (owed > held) return `holders of asset ${id} are owed ${owed}${vault.denom}, its vault holds ${held}`;
  }
  let indexed = 0;
  for (const [collectionId, id] of k.assets.indexes.byCollection.entries(ctx)) {
    if (k.assets.get(ctx, id)?.collectionId !== collectionId) return `collection index names asset ${id} under ${collectionId}`;
    indexed++;
  }
  if (indexed !== assets) return `collection index has ${indexed} entries for ${assets} assets`;
  for (const [denom, s] of k.shares.iterate(ctx))
    if (k.assets.get(ctx, s.assetId)?.fractionDenom !== denom) return `share state ${denom} names asset ${s.assetId}`;
  for (const c of k.bank.getAllBalances(ctx, k.moduleAccount)) {
    if ((want.get(c.denom) ?? 0n) !== c.amount)
      return `${TOKENISATION_MODULE} account holds ${c.amount}${c.denom}, vaults and open bonds say ${want.get(c.denom) ?? 0n}`;
    want.delete(c.denom);
  }
  for (const [denom, n] of want)
    if (n !== 0n) return `vaults and open bonds say ${n}${denom}, the ${TOKENISATION_MODULE} account holds none`;
  return undefined;
}

/**
 * Genesis for the simulation: one collection per verification mode (the governance one gets
 * its reports through proposals) and one for land parcels, each with a simulated minting
 * authority; attestors and the valuer are simulated accounts too.
 */
export function addSimCollections(appState: Record<string, any>, accounts: readonly string[]): void {
  const [a1, a2, a3, a4, a5, a6, v1, v2, v3, valuer] = accounts;
  const c = (
    id: string,
    authority: string,
    verification: string,
    threshold: number,
    window: number,
    bond: number,
    attestors: string[],
  ) => ({
    id,
    authority,
    verification,
    attestation_threshold: threshold,
    challenge_window_seconds: String(window),
    dispute_bond_bps: bond,
    attestors,
  });
  appState.tokenisation.collections.push(
    c("sim-attest", a2!, "VERIFY_ATTESTORS", 2, 300, 1000, [v1!, v2!, v3!]),
    c("sim-gov", a5!, "VERIFY_GOVERNANCE", 0, 60, 0, []),
    c("sim-land", a6!, "VERIFICATION_UNSPECIFIED", 0, 600, 200, []),
    c("sim-plain", a1!, "VERIFICATION_UNSPECIFIED", 0, 60, 500, []),
    c("sim-schedule", a4!, "VERIFY_SCHEDULE", 0, 0, 0, []),
    c("sim-valuer", a3!, "VERIFY_VALUER", 0, 120, 0, [valuer!]),
  );
}
