import type { Metadata } from "cosmjs-types/cosmos/bank/v1beta1/bank";
import {
  Asset,
  Attestation,
  Deposit,
  DepositStatus,
  Redemption,
  RedemptionStatus,
  Reserve,
  ReserveReport,
  type Solvency,
} from "../../gen/blockchain/custody/v1/custody";
import type { MsgAttestDeposit } from "../../gen/blockchain/custody/v1/tx";
import { Params } from "../../gen/blockchain/custody/v1/params";
import { Schema } from "../../store/collections";
import { pairKey, protoValue, stringKey, tripleKey, uint64Key } from "../../store/codecs";
import { accAddress, moduleAddress } from "../../types/address";
import { accAddressKey } from "../../types/address-key";
import type { Context } from "../../types/context";
import { noFreeze, type FreezeGuard } from "../../types/hooks";
import { sdkErrors } from "../../types/errors";
import { custodyErrors as E } from "./errors";
import { custodyEvents as events } from "./events";
import type { BankKeeper } from "./expected-keepers";
import { externalRef, parseAmount, text } from "./fields";
import { boundedCustodyParams, BPS, defaultCustodyParams } from "./params";

export const CUSTODY_MODULE = "custody";

export type DepositAttestation = Pick<MsgAttestDeposit, "attestor" | "denom" | "recipient" | "amount" | "externalRef">;

/** A deposit's id: `denom:external_ref` (as docs/wire/fields-part-a.md has it; refs never contain ':'). */
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
  readonly attestors = this.schema.keySet(3, "attestors", accAddressKey);
  readonly depositKeys = pairKey(stringKey, stringKey);
  readonly deposits = this.schema.map(4, "deposits", this.depositKeys, protoValue(Deposit, "Deposit"));
  readonly attestationKeys = tripleKey(stringKey, stringKey, accAddressKey);
  readonly attestations = this.schema.map(5, "attestations", this.attestationKeys, protoValue(Attestation, "Attestation"));
  readonly redemptions = this.schema.map(6, "redemptions", uint64Key, protoValue(Redemption, "Redemption"));
  readonly nextRedemption = this.schema.sequence(7, "next_redemption");
  readonly nextDeposit = this.schema.sequence(8, "next_deposit");
  readonly reportKeys = pairKey(stringKey, accAddressKey);
  readonly reserveReports = this.schema.map(9, "reserve_reports", this.reportKeys, protoValue(ReserveReport, "ReserveReport"));
  /** The published reserve per asset, recomputed at every report; absent while too few reports count. */
  readonly reserves = this.schema.map(10, "reserves", stringKey, protoValue(Reserve, "Reserve"));

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
   * pending deposit; the one that reaches the threshold credits it (mints the claim). Checks in
   * order: attestor (4, and not frozen), asset (2), paused (7), amount (11), recipient address,
   * external_ref; then against an existing deposit: already credited (6), other amount or
   * recipient (11), no longer pending (6), same attestor again (5).
   */
  attestDeposit(ctx: Context, m: DepositAttestation): { depositId: string; attestations: number; credited: boolean } {
    this.requireActingAttestor(ctx, m.attestor);
    const asset = this.requireAsset(ctx, m.denom);
    if (asset.paused) throw E.ErrIssuancePaused.wrap(`issuance of ${m.denom} is paused`);
    const amount = parseAmount(m.amount, "amount");
    accAddress.validate(m.recipient);
    externalRef(m.externalRef);
    const { attestor, denom, recipient, externalRef: ref } = m;
    const id = depositId(denom, ref);
    let deposit = this.deposits.get(ctx, [denom, ref]);
    if (deposit) this.checkAgainstDeposit(ctx, deposit, attestor, recipient, amount);
    else {
      // Refused now rather than at crediting, where it would leave the deposit pending forever.
      if (this.bank.isBlocked(recipient)) throw sdkErrors.ErrUnauthorized.wrap(`${recipient} is not allowed to receive funds`);
      deposit = {
        id,
        denom,
        recipient,
        amount: amount.toString(),
        externalRef: ref,
        status: DepositStatus.DEPOSIT_STATUS_PENDING,
        createdAtHeight: ctx.height,
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

  /** A further attestation must name the recorded deposit exactly, while it is pending, once per attestor. */
  private checkAgainstDeposit(ctx: Context, deposit: Deposit, attestor: string, recipient: string, amount: bigint): void {
    if (deposit.status === DepositStatus.DEPOSIT_STATUS_CREDITED) throw E.ErrDuplicateRef.wrap(`deposit ${deposit.id} is already credited`);
    if (deposit.recipient !== recipient || BigInt(deposit.amount) !== amount) {
      throw E.ErrInvalidAmount.wrap(
        `${deposit.id} is recorded for ${deposit.amount} to ${deposit.recipient}; this attestation names ${amount} to ${recipient}`,
      );
    }
    if (deposit.status !== DepositStatus.DEPOSIT_STATUS_PENDING) throw E.ErrDuplicateRef.wrap(`deposit ${deposit.id} is no longer pending`);
    if (this.attestations.has(ctx, [deposit.denom, deposit.externalRef, attestor]))
      throw E.ErrAlreadyAttested.wrap(`${attestor} already attested ${deposit.id}`);
  }

  /** The fee on an amount: amount × fee_bps / 10000 rounded up, never more than the amount. */
  fee(ctx: Context, amount: bigint): bigint {
    const fee = (amount * BigInt(this.params.get(ctx).feeBps) + BPS - 1n) / BPS;
    return fee < amount ? fee : amount;
  }

  /** Mints the deposit's amount: the fee stays with the module account, the rest goes to the recipient. */
  private credit(ctx: Context, deposit: Deposit, amount: bigint): void {
    const fee = this.fee(ctx, amount);
    this.bank.mintCoins(ctx, CUSTODY_MODULE, [{ denom: deposit.denom, amount }]);
    if (amount - fee > 0n)
      this.bank.sendCoinsFromModuleToAccount(ctx, CUSTODY_MODULE, deposit.recipient, [{ denom: deposit.denom, amount: amount - fee }]);
    events.depositCredited(ctx, deposit.id, deposit.recipient, deposit.denom, amount - fee, fee);
  }

  /** An attestor states what the custodian holds of an asset, as of this block; the published reserve follows. */
  reportReserve(ctx: Context, attestor: string, denom: string, held: bigint): void {
    this.requireAttestor(ctx, attestor);
    this.requireAsset(ctx, denom);
    this.reserveReports.set(ctx, [denom, attestor], { denom, attestor, held: held.toString(), asOfHeight: ctx.height });
    this.publishReserve(ctx, denom, ctx.height);
    events.reserveReported(ctx, denom, attestor, held);
  }

  /**
   * The reserve published as of `height`: the reports no older than reserve_report_max_age_blocks
   * from attestors still appointed; none with fewer than attestation_threshold of them, else
   * the lowest figure, as of the oldest counted report (attestor: the one of the lowest figure).
   */
  private publishReserve(ctx: Context, denom: string, height: bigint): void {
    const { attestationThreshold, reserveReportMaxAgeBlocks } = this.params.get(ctx);
    let reserve: Reserve | undefined;
    let counted = 0;
    for (const [, r] of this.reserveReports.iterate(ctx, { prefix: this.reportKeys.prefix(denom) })) {
      if (!this.attestors.has(ctx, r.attestor) || height - r.asOfHeight > reserveReportMaxAgeBlocks) continue;
      counted++;
      const held = BigInt(r.held);
      if (!reserve) reserve = { denom, held: r.held, asOfHeight: r.asOfHeight, attestor: r.attestor, attestors: 0 };
      if (held < BigInt(reserve.held)) reserve = { ...reserve, held: r.held, attestor: r.attestor };
      if (r.asOfHeight < reserve.asOfHeight) reserve = { ...reserve, asOfHeight: r.asOfHeight };
    }
    if (reserve && counted >= attestationThreshold) this.reserves.set(ctx, denom, { ...reserve, attestors: counted });
    else this.reserves.remove(ctx, denom);
  }

  /**
   * Publishes every asset's reserve as its newest report last did, with the current attestors
   * and params (the 1 → 2 migration, when the published reserve first became stored state).
   */
  republishReserves(ctx: Context): void {
    const newest = new Map<string, bigint>();
    for (const [, r] of this.reserveReports.iterate(ctx)) {
      if (r.asOfHeight > (newest.get(r.denom) ?? -1n)) newest.set(r.denom, r.asOfHeight);
    }
    for (const [denom, height] of newest) this.publishReserve(ctx, denom, height);
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

  /**
   * Burns the whole claim now and queues the payout of the amount less the fee for
   * payable_at_height (fixed here).
   */
  requestRedemption(ctx: Context, redeemer: string, denom: string, amount: bigint, destination: string): Redemption {
    this.requireAsset(ctx, denom);
    const coins = [{ denom, amount }];
    this.bank.sendCoinsFromAccountToModule(ctx, redeemer, CUSTODY_MODULE, coins);
    this.bank.burnCoins(ctx, CUSTODY_MODULE, coins);
    const fee = this.fee(ctx, amount);
    const seq = this.nextRedemption.next(ctx);
    const redemption: Redemption = {
      id: redemptionId(seq),
      denom,
      redeemer,
      amount: (amount - fee).toString(),
      destination,
      status: RedemptionStatus.REDEMPTION_STATUS_PENDING,
      requestedAtHeight: ctx.height,
      payableAtHeight: ctx.height + this.params.get(ctx).redemptionDelayBlocks,
      settledRef: "",
    };
    this.redemptions.set(ctx, seq, redemption);
    events.redemptionRequested(ctx, redemption.id, redeemer, denom, amount - fee, fee, redemption.payableAtHeight);
    return redemption;
  }

  getRedemption(ctx: Context, id: string): Redemption | undefined {
    const seq = redemptionSeq(id);
    return seq === undefined ? undefined : this.redemptions.get(ctx, seq);
  }

  /**
   * An attestor records the payout on the source chain. In order: attestor (4, and not
   * frozen), the redemption exists (8), is pending (10), is payable (9), settled_ref given (11).
   */
  settleRedemption(ctx: Context, attestor: string, id: string, settledRef: string): void {
    this.requireActingAttestor(ctx, attestor);
    const r = this.getRedemption(ctx, id);
    if (!r) throw E.ErrNotFound.wrap(`redemption ${JSON.stringify(id.slice(0, 100))}`);
    if (r.status !== RedemptionStatus.REDEMPTION_STATUS_PENDING) throw E.ErrAlreadySettled.wrap(`redemption ${id} is not pending`);
    if (ctx.height < r.payableAtHeight)
      throw E.ErrNotPayableYet.wrap(`redemption ${id} is payable at height ${r.payableAtHeight}, now ${ctx.height}`);
    if (settledRef.trim() === "") throw E.ErrInvalidAmount.wrap("settled_ref must not be empty");
    text(settledRef, "settled_ref");
    this.redemptions.set(ctx, redemptionSeq(id)!, { ...r, status: RedemptionStatus.REDEMPTION_STATUS_SETTLED, settledRef });
    events.redemptionSettled(ctx, id, attestor, settledRef);
  }

  /**
   * The public solvency view of one asset, computed at query time from the published reserve.
   * Without one: held 0, age −1, not solvent (whatever is issued).
   */
  solvency(ctx: Context, denom: string): Solvency {
    const issued = this.bank.getSupply(ctx, denom);
    const reserve = this.reserves.get(ctx, denom);
    if (!reserve) return { denom, issued: issued.toString(), held: "0", reserveAgeBlocks: -1n, solvent: false };
    const held = BigInt(reserve.held);
    // Clamped at zero: a chain restarted from an export at a lower height (initial_height not
    // carried over) would otherwise show negative ages, which read as "no reserve".
    const age = ctx.height > reserve.asOfHeight ? ctx.height - reserve.asOfHeight : 0n;
    return { denom, issued: issued.toString(), held: reserve.held, reserveAgeBlocks: age, solvent: held >= issued };
  }

  /**
   * Version 1 → 2: redemption ids become `r<n>`, params are brought within their bounds, and
   * the published reserve of every asset is stored.
   */
  migrateToV2(ctx: Context): void {
    this.params.set(ctx, boundedCustodyParams(this.params.get(ctx)));
    for (const [seq, r] of [...this.redemptions.iterate(ctx)]) this.redemptions.set(ctx, seq, { ...r, id: redemptionId(seq) });
    this.republishReserves(ctx);
  }
}

/** A redemption's id: `r` and its sequence number. */
export function redemptionId(seq: bigint): string {
  return `r${seq}`;
}

/** The sequence number of a redemption id, or undefined when `id` is not of the form `r<n>`. */
export function redemptionSeq(id: string): bigint | undefined {
  if (!/^r[1-9][0-9]{0,19}$/.test(id)) return undefined;
  const seq = BigInt(id.slice(1));
  return seq < 1n << 64n ? seq : undefined;
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
