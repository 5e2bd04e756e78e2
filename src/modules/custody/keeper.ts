import type { Metadata } from "cosmjs-types/cosmos/bank/v1beta1/bank";
import {
  Asset, Attestation, Deposit, DepositStatus, Redemption, RedemptionStatus, ReserveReport, type Solvency,
} from "../../gen/blockchain/custody/v1/custody";
import { Params } from "../../gen/blockchain/custody/v1/params";
import { Schema } from "../../store/collections";
import { pairKey, protoValue, stringKey, tripleKey, uint64Key } from "../../store/codecs";
import { moduleAddress } from "../../types/address";
import type { Context } from "../../types/context";
import { noFreeze, type FreezeGuard } from "../../types/hooks";
import { sdkErrors } from "../../types/errors";
import { custodyErrors as E } from "./errors";
import { custodyEvents as events } from "./events";
import type { BankKeeper } from "./expected-keepers";
import { defaultCustodyParams, MAX_FEE_BPS } from "./params";

export const CUSTODY_MODULE = "custody";

/** A deposit's id: `denom:external_ref` (the wire sheet's form; refs never contain ':'). */
export function depositId(denom: string, externalRef: string): string {
  return `${denom}:${externalRef}`;
}

/** Splits a deposit id at its last ':' (external refs carry none), or undefined. */
export function parseDepositId(id: string): [string, string] | undefined {
  const at = id.lastIndexOf(":");
  if (at <= 0 || at === id.length - 1) return undefined;
  return [id.slice(0, at), id.slice(at + 1)];
}

/**
 * Assets, attestors, deposits with their attestations, redemptions and reserve reports. The
 * claim of an asset is the bank denom of the same name, minted one unit per asset unit.
 */
export class CustodyKeeper {
  private readonly schema = new Schema("custody/");
  readonly params = this.schema.item(1, "params", protoValue(Params, "Params"), defaultCustodyParams());
  readonly assets = this.schema.map(2, "assets", stringKey, protoValue(Asset, "Asset"));
  readonly attestors = this.schema.keySet(3, "attestors", stringKey);
  readonly depositKeys = pairKey(stringKey, stringKey);
  readonly deposits = this.schema.map(4, "deposits", this.depositKeys, protoValue(Deposit, "Deposit"));
  readonly attestationKeys = tripleKey(stringKey, stringKey, stringKey);
  readonly attestations = this.schema.map(5, "attestations", this.attestationKeys, protoValue(Attestation, "Attestation"));
  readonly redemptions = this.schema.map(6, "redemptions", uint64Key, protoValue(Redemption, "Redemption"));
  readonly nextRedemption = this.schema.sequence(7, "next_redemption");
  readonly nextDeposit = this.schema.sequence(8, "next_deposit");
  readonly reserveReports = this.schema.map(9, "reserve_reports", pairKey(stringKey, stringKey), protoValue(ReserveReport, "ReserveReport"));

  /** The chain's freeze (enforcement's), bound at wiring. */
  freeze: FreezeGuard = noFreeze;

  constructor(readonly bank: BankKeeper) {}

  getParams(ctx: Context): Params {
    return this.params.get(ctx);
  }

  isAttestor(ctx: Context, address: string): boolean {
    return this.attestors.has(ctx, address);
  }

  /** Governance registers an asset; its claim denom must not exist on the chain yet. */
  registerAsset(ctx: Context, asset: Omit<Asset, "paused">): void {
    if (this.assets.has(ctx, asset.denom)) throw E.ErrAssetExists.wrap(`asset ${asset.denom}`);
    if (this.bank.getSupply(ctx, asset.denom) > 0n || this.bank.getDenomMetadata(ctx, asset.denom)) {
      throw E.ErrAssetExists.wrap(`denom ${asset.denom} already exists on the chain`);
    }
    this.assets.set(ctx, asset.denom, { ...asset, paused: false });
    this.bank.setDenomMetadata(ctx, claimMetadata(asset));
    events.assetRegistered(ctx, asset.denom, asset.sourceChain, asset.symbol, asset.exponent);
  }

  /** Governance appoints (active) or removes an attestor; removing a non-attestor is refused. */
  setAttestor(ctx: Context, attestor: string, active: boolean): void {
    if (active) this.attestors.set(ctx, attestor);
    else {
      if (!this.attestors.has(ctx, attestor)) throw E.ErrNotAttestor.wrap(`${attestor} is not an attestor`);
      this.attestors.remove(ctx, attestor);
    }
    events.attestorSet(ctx, attestor, active);
  }

  private requireAttestor(ctx: Context, address: string): void {
    if (!this.attestors.has(ctx, address)) throw E.ErrNotAttestor.wrap(`${address} is not an appointed attestor`);
  }

  /**
   * An attestor whose attestation moves value (a deposit's credit mints claims for anyone, a
   * settlement releases a redemption) and is not frozen: a frozen attestor creates no money.
   */
  private requireActingAttestor(ctx: Context, address: string): void {
    this.requireAttestor(ctx, address);
    this.freeze.assertNotFrozen(ctx, address);
  }

  private requireAsset(ctx: Context, denom: string): Asset {
    const asset = this.assets.get(ctx, denom);
    if (!asset) throw E.ErrUnknownAsset.wrap(`asset ${denom} is not registered`);
    return asset;
  }

  /** Attestations of a deposit by attestors still appointed (a removed attestor's no longer count). */
  activeAttestations(ctx: Context, denom: string, ref: string): number {
    let n = 0;
    for (const [[, , attestor]] of this.attestations.iterate(ctx, { prefix: this.attestationKeys.prefix2(denom, ref) })) {
      if (this.attestors.has(ctx, attestor)) n++;
    }
    return n;
  }

  /**
   * One attestor's attestation of a deposit seen on the source chain. The first creates the
   * pending deposit; the one that reaches the threshold credits it (mints the claim).
   */
  attestDeposit(ctx: Context, attestor: string, denom: string, recipient: string, amount: bigint, ref: string): { depositId: string; attestations: number; credited: boolean } {
    this.requireActingAttestor(ctx, attestor);
    const asset = this.requireAsset(ctx, denom);
    if (asset.paused) throw E.ErrIssuancePaused.wrap(`issuance of ${denom} is paused`);
    const id = depositId(denom, ref);
    let deposit = this.deposits.get(ctx, [denom, ref]);
    if (deposit) {
      if (deposit.status !== DepositStatus.DEPOSIT_STATUS_PENDING) throw E.ErrDuplicateRef.wrap(`deposit ${id} is no longer pending`);
      if (this.attestations.has(ctx, [denom, ref, attestor])) throw E.ErrAlreadyAttested.wrap(`${attestor} already attested ${id}`);
      if (deposit.recipient !== recipient || BigInt(deposit.amount) !== amount) {
        throw E.ErrDuplicateRef.wrap(`${id} is pending for ${deposit.amount} to ${deposit.recipient}; this attestation names ${amount} to ${recipient}`);
      }
    } else {
      // Refused now rather than at crediting, where it would leave the deposit pending forever.
      if (this.bank.isBlocked(recipient)) throw sdkErrors.ErrUnauthorized.wrap(`${recipient} is not allowed to receive funds`);
      deposit = {
        id, denom, recipient, amount: amount.toString(), externalRef: ref,
        status: DepositStatus.DEPOSIT_STATUS_PENDING, createdAtHeight: ctx.height,
      };
      this.nextDeposit.next(ctx);
    }
    this.attestations.set(ctx, [denom, ref, attestor], { depositId: id, attestor, attestedAtHeight: ctx.height });
    const count = this.activeAttestations(ctx, denom, ref);
    events.depositAttested(ctx, id, attestor, count);
    const credited = count >= this.params.get(ctx).attestationThreshold;
    if (credited) {
      deposit = { ...deposit, status: DepositStatus.DEPOSIT_STATUS_CREDITED };
      this.credit(ctx, deposit, amount);
    }
    this.deposits.set(ctx, [denom, ref], deposit);
    return { depositId: id, attestations: count, credited };
  }

  /** Mints the deposit's amount: the fee share to the module account, the rest to the recipient. */
  private credit(ctx: Context, deposit: Deposit, amount: bigint): void {
    const fee = (amount * BigInt(this.params.get(ctx).feeBps)) / BigInt(MAX_FEE_BPS);
    this.bank.mintCoins(ctx, CUSTODY_MODULE, [{ denom: deposit.denom, amount }]);
    if (amount - fee > 0n) this.bank.sendCoinsFromModuleToAccount(ctx, CUSTODY_MODULE, deposit.recipient, [{ denom: deposit.denom, amount: amount - fee }]);
    events.depositCredited(ctx, deposit.id, deposit.recipient, deposit.denom, amount - fee, fee);
  }

  /** An attestor states what the custodian holds of an asset, as of this block. */
  reportReserve(ctx: Context, attestor: string, denom: string, held: bigint): void {
    this.requireAttestor(ctx, attestor);
    this.requireAsset(ctx, denom);
    this.reserveReports.set(ctx, [denom, attestor], { denom, attestor, held: held.toString(), asOfHeight: ctx.height });
    events.reserveReported(ctx, denom, attestor, held);
  }

  /** Governance withdraws issuance fees (claims kept by the module account); zero = everything. */
  withdrawFees(ctx: Context, denom: string, recipient: string, amount: bigint): bigint {
    this.requireAsset(ctx, denom);
    const available = this.bank.getBalance(ctx, moduleAddress(CUSTODY_MODULE), denom);
    const paid = amount === 0n ? available : amount;
    if (paid === 0n) throw E.ErrInvalidAmount.wrap(`no fees collected in ${denom}`);
    if (paid > available) throw E.ErrInvalidAmount.wrap(`${paid}${denom} exceeds the ${available}${denom} of fees collected`);
    this.bank.sendCoinsFromModuleToAccount(ctx, CUSTODY_MODULE, recipient, [{ denom, amount: paid }]);
    events.feesWithdrawn(ctx, denom, recipient, paid);
    return paid;
  }

  /** Burns the claim now and queues the payout for payable_at_height (fixed here). */
  requestRedemption(ctx: Context, redeemer: string, denom: string, amount: bigint, destination: string): Redemption {
    this.requireAsset(ctx, denom);
    const coins = [{ denom, amount }];
    this.bank.sendCoinsFromAccountToModule(ctx, redeemer, CUSTODY_MODULE, coins);
    this.bank.burnCoins(ctx, CUSTODY_MODULE, coins);
    const seq = this.nextRedemption.next(ctx);
    const redemption: Redemption = {
      id: seq.toString(), denom, redeemer, amount: amount.toString(), destination,
      status: RedemptionStatus.REDEMPTION_STATUS_PENDING, requestedAtHeight: ctx.height,
      payableAtHeight: ctx.height + this.params.get(ctx).redemptionDelayBlocks, settledRef: "",
    };
    this.redemptions.set(ctx, seq, redemption);
    events.redemptionRequested(ctx, redemption.id, redeemer, denom, amount, redemption.payableAtHeight);
    return redemption;
  }

  getRedemption(ctx: Context, id: string): Redemption | undefined {
    if (!/^[1-9][0-9]{0,19}$/.test(id) || BigInt(id) >= 1n << 64n) return undefined;
    return this.redemptions.get(ctx, BigInt(id));
  }

  /** An attestor records the payout on the source chain, at or after payable_at_height. */
  settleRedemption(ctx: Context, attestor: string, id: string, settledRef: string): void {
    this.requireActingAttestor(ctx, attestor);
    const r = this.getRedemption(ctx, id);
    if (!r) throw E.ErrNotFound.wrap(`redemption ${id}`);
    if (r.status !== RedemptionStatus.REDEMPTION_STATUS_PENDING) throw E.ErrAlreadySettled.wrap(`redemption ${id} is not pending`);
    if (ctx.height < r.payableAtHeight) throw E.ErrNotPayableYet.wrap(`redemption ${id} is payable at height ${r.payableAtHeight}, now ${ctx.height}`);
    this.redemptions.set(ctx, BigInt(id), { ...r, status: RedemptionStatus.REDEMPTION_STATUS_SETTLED, settledRef });
    events.redemptionSettled(ctx, id, attestor, settledRef);
  }

  /**
   * The last attested reserve of an asset: the report with the highest as_of_height; between
   * reports of the same height, the smallest figure (the conservative one).
   */
  lastReserve(ctx: Context, denom: string): ReserveReport | undefined {
    let best: ReserveReport | undefined;
    for (const [, r] of this.reserveReports.iterate(ctx, { prefix: pairKey(stringKey, stringKey).prefix(denom) })) {
      if (!best || r.asOfHeight > best.asOfHeight || (r.asOfHeight === best.asOfHeight && BigInt(r.held) < BigInt(best.held))) best = r;
    }
    return best;
  }

  /** The public solvency view of one asset, computed at query time. */
  solvency(ctx: Context, denom: string): Solvency {
    const issued = this.bank.getSupply(ctx, denom);
    const reserve = this.lastReserve(ctx, denom);
    const held = reserve ? BigInt(reserve.held) : 0n;
    // Clamped at zero: a chain restarted from an export at a lower height (initial_height not
    // carried over) would otherwise show negative ages.
    const age = reserve && ctx.height > reserve.asOfHeight ? ctx.height - reserve.asOfHeight : 0n;
    const maxAge = this.params.get(ctx).reserveReportMaxAgeBlocks;
    const fresh = reserve !== undefined && (maxAge === 0n || age <= maxAge);
    const solvent = issued === 0n || (fresh && issued <= held);
    return { denom, issued: issued.toString(), held: held.toString(), reserveAgeBlocks: age, solvent };
  }
}

/** Bank metadata of a claim: the base unit at exponent 0, the symbol's unit at the asset's exponent. */
export function claimMetadata(asset: Pick<Asset, "denom" | "symbol" | "exponent" | "sourceChain">): Metadata {
  const display = asset.symbol.toLowerCase();
  const units = [{ denom: asset.denom, exponent: 0, aliases: [] }];
  if (asset.exponent > 0 && display !== asset.denom) units.push({ denom: display, exponent: asset.exponent, aliases: [] });
  return {
    description: `Custodial claim on ${asset.symbol} held on ${asset.sourceChain}, one unit per unit held`,
    denomUnits: units,
    base: asset.denom,
    display: units[units.length - 1]!.denom,
    name: asset.symbol,
    symbol: asset.symbol,
    uri: "",
    uriHash: "",
  };
}
