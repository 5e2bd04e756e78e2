import { Params } from "../../gen/blockchain/tokenisation/v1/params";
import { HolderSlot, ShareDenomState } from "../../gen/blockchain/tokenisation/v1/state";
import { Asset, Collection, SaleReport, Status, Vault, VerificationMode } from "../../gen/blockchain/tokenisation/v1/tokenisation";
import { Schema } from "../../store/collections";
import { pairKey, protoValue, stringKey, uint64Key, uint64Value } from "../../store/codecs";
import { multiIndex } from "../../store/indexed-map";
import { accAddress, moduleAddress } from "../../types/address";
import { accAddressKey } from "../../types/address-key";
import { addCoins, amountOf, coinToProto, isValidDenom, type Coin, type ProtoCoin } from "../../types/coins";
import type { Context } from "../../types/context";
import { noFreeze, type FreezeGuard } from "../../types/hooks";
import { decFromWire, decToWire } from "../../types/dec";
import { sdkErrors } from "../../types/errors";
import { compareTime, formatTime } from "../../types/time";
import { tokenisationErrors as E } from "./errors";
import { tokenisationEvents as events } from "./events";
import type { BankKeeper, EscrowAccounts, LandKeeper, LandParcel } from "./expected-keepers";
import { bpsOf, holderPortion, indexIncrement, owedSince } from "./income";
import { BPS_DENOMINATOR, defaultTokenisationParams } from "./params";

export const TOKENISATION_MODULE = "tokenisation";
/** A share denom is `tok/<asset id>/<symbol>`; what makes a denom a share is its entry in `shares`. */
export const FRACTION_DENOM_PREFIX = "tok/";
/** The form of share denoms issued before consensus version 2; those assets keep theirs. */
export const LEGACY_FRACTION_DENOM_PREFIX = "tokenisation/";

export function fractionDenom(assetId: bigint, symbol: string): string {
  return `${FRACTION_DENOM_PREFIX}${assetId}/${symbol}`;
}

/**
 * Only a cheap filter in front of the lookup, so a send of any other denom reads nothing of this
 * module: every share denom this module ever issued starts with one of the two prefixes.
 */
function mayBeShareDenom(denom: string): boolean {
  return denom.startsWith(FRACTION_DENOM_PREFIX) || denom.startsWith(LEGACY_FRACTION_DENOM_PREFIX);
}

/** Int amounts stay below 2^256, like sdk.Int. */
const MAX_INT = 1n << 256n;
const COLLECTION_ID_RE = /^[a-zA-Z0-9][a-zA-Z0-9._:-]{0,63}$/;
const SYMBOL_RE = /^[A-Za-z][A-Za-z0-9]{0,31}$/;

function coinString(c: Coin): string {
  return `${c.amount}${c.denom}`;
}

/** A holder's place in the index (stored as a HolderSlot: the send hook writes it on every share transfer). */
export interface Slot {
  lastIndex: bigint;
  accrued: bigint;
}

/** What the send hook needs about a share denom, in one small read (stored as a ShareDenomState). */
export interface ShareState {
  assetId: bigint;
  index: bigint;
  halted: boolean;
}

export function slotOf(stored: HolderSlot): Slot {
  return { lastIndex: BigInt(stored.lastIndex), accrued: BigInt(stored.accrued) };
}

export function storedSlot(slot: Slot): HolderSlot {
  return { lastIndex: slot.lastIndex.toString(), accrued: slot.accrued.toString() };
}

export function shareStateOf(stored: ShareDenomState): ShareState {
  return { assetId: stored.assetId, index: BigInt(stored.index), halted: stored.halted };
}

export function storedShareState(share: ShareState): ShareDenomState {
  return { assetId: share.assetId, index: share.index.toString(), halted: share.halted };
}

/**
 * Trading in a share denom halts when the asset is realised and stays halted once it closes:
 * the share state's flag follows from the status alone, so genesis rebuilds it exactly.
 */
export function tradingHalted(status: Status): boolean {
  return status === Status.STATUS_REALISED || status === Status.STATUS_CLOSED;
}

function emptyVault(assetId: bigint): Vault {
  return { assetId, cumulativePerToken: "0", funded: [], denom: "", held: [] };
}

/** A proto Coin that carries nothing (an unset corrected_price sent as an empty value). */
function isEmptyCoin(c: ProtoCoin | undefined): boolean {
  return c === undefined || (c.denom === "" && (c.amount === "" || c.amount === "0"));
}

/**
 * Collections, assets (title), vaults with their cumulative per-token index, holder positions
 * and sale reports. Income is exact: a payment moves the index, never a holder list, and every
 * movement of a share denom settles both parties first (the bank send hook below).
 */
export class TokenisationKeeper {
  private readonly schema = new Schema("tokenisation/");
  readonly params = this.schema.item(1, "params", protoValue(Params, "Params"), defaultTokenisationParams());
  readonly collections = this.schema.map(2, "collections", stringKey, protoValue(Collection, "Collection"));
  /** Assets by id, indexed by collection for the Assets query. */
  readonly assets = this.schema.indexedMap(3, "assets", uint64Key, protoValue(Asset, "Asset"), {
    byCollection: multiIndex(4, stringKey, (_id: bigint, a: Asset) => a.collectionId),
  });
  readonly vaults = this.schema.map(5, "vaults", uint64Key, protoValue(Vault, "Vault"));
  /** (asset id, holder) → the holder's slot in the index. */
  readonly positionKey = pairKey(uint64Key, accAddressKey);
  readonly positions = this.schema.map(6, "positions", this.positionKey, protoValue(HolderSlot, "HolderSlot"));
  readonly sales = this.schema.map(7, "sale_reports", uint64Key, protoValue(SaleReport, "SaleReport"));
  /**
   * fraction denom → asset id, current index and whether trading is halted: the send hook's one
   * read. The index here always equals the vault's cumulative_per_token (both written by distribute).
   */
  readonly shares = this.schema.map(8, "share_states", stringKey, protoValue(ShareDenomState, "ShareDenomState"));
  readonly nextAssetId = this.schema.sequence(9, "next_asset_id", 1n);
  /**
   * parcel id → holder_share_bps issued over the parcel by every vehicle ever opened on it: the
   * land ceiling bounds the sum, and closing a vehicle gives nothing back. Derived from the
   * assets (rebuilt at genesis and by the version-2 migration), so genesis carries no copy.
   */
  readonly parcelShareIssued = this.schema.map(10, "parcel_share_issued", uint64Key, uint64Value);
  readonly moduleAccount = moduleAddress(TOKENISATION_MODULE);

  /** Enforcement's freeze (bound at wiring): title transfers consult it, and the send hook lets a seizure take a halted share. */
  freeze: FreezeGuard = noFreeze;

  constructor(
    readonly bank: BankKeeper,
    readonly land: LandKeeper,
    readonly escrows: EscrowAccounts,
  ) {}

  getParams(ctx: Context): Params {
    return this.params.get(ctx);
  }

  // ---------------------------------------------------------------- collections

  validateCollection(ctx: Context, c: Collection): void {
    if (!COLLECTION_ID_RE.test(c.id))
      throw sdkErrors.ErrInvalidRequest.wrap(
        `collection id ${JSON.stringify(c.id.slice(0, 80))} must be 1-64 characters of [a-zA-Z0-9._:-]`,
      );
    if (c.authority !== "") accAddress.validate(c.authority);
    if (!(c.verification in VerificationMode) || c.verification === VerificationMode.UNRECOGNIZED) {
      throw sdkErrors.ErrInvalidRequest.wrap(`unknown verification mode ${c.verification}`);
    }
    if (c.verification === VerificationMode.VERIFY_ATTESTORS) validateAttestorRegister(c.attestationThreshold, c.attestors);
    const p = this.getParams(ctx);
    if (c.challengeWindowSeconds < p.minChallengeWindowSeconds || c.challengeWindowSeconds > p.maxChallengeWindowSeconds) {
      throw E.ErrInvalidParams.wrap(
        `challenge_window_seconds ${c.challengeWindowSeconds} must be within ${p.minChallengeWindowSeconds}..${p.maxChallengeWindowSeconds}`,
      );
    }
    if (c.disputeBondBps > p.maxDisputeBondBps)
      throw E.ErrInvalidParams.wrap(`dispute_bond_bps ${c.disputeBondBps} exceeds ${p.maxDisputeBondBps}`);
  }

  createCollection(ctx: Context, c: Collection): void {
    this.validateCollection(ctx, c);
    if (this.collections.has(ctx, c.id)) throw E.ErrCollectionExists.wrap(`collection ${c.id}`);
    this.collections.set(ctx, c.id, { ...c, attestors: [...c.attestors] });
    events.collectionCreated(ctx, c.id, c.authority);
  }

  getCollection(ctx: Context, id: string): Collection {
    const c = this.collections.get(ctx, id);
    if (!c) throw E.ErrCollectionNotFound.wrap(`collection ${JSON.stringify(id.slice(0, 80))}`);
    return c;
  }

  /** Empty revokes: mints stop, issued assets are untouched, governance does not take over minting. */
  setCollectionAuthority(ctx: Context, id: string, authority: string): void {
    const c = this.getCollection(ctx, id);
    if (authority !== "") accAddress.validate(authority);
    this.collections.set(ctx, id, { ...c, authority });
    events.collectionAuthoritySet(ctx, id, authority);
  }

  /** Only an attestor-verified collection reads its register, so only there is the new one judged. */
  setCollectionAttestors(ctx: Context, id: string, attestors: string[]): void {
    const c = this.getCollection(ctx, id);
    if (c.verification === VerificationMode.VERIFY_ATTESTORS) validateAttestorRegister(c.attestationThreshold, attestors);
    this.collections.set(ctx, id, { ...c, attestors: [...attestors] });
    events.collectionAttestorsSet(ctx, id, attestors);
  }

  // ---------------------------------------------------------------- assets

  getAsset(ctx: Context, id: bigint): Asset {
    const a = this.assets.get(ctx, id);
    if (!a) throw E.ErrAssetNotFound.wrap(`asset ${id}`);
    return a;
  }

  mintAsset(ctx: Context, minter: string, collectionId: string, owner: string, uri: string, parcelId: bigint): bigint {
    const c = this.getCollection(ctx, collectionId);
    if (c.authority === "") throw E.ErrNoAuthority.wrap(`collection ${collectionId}`);
    if (c.authority !== minter) throw E.ErrNotAuthority.wrap(`${minter} is not the minting authority of ${collectionId}`);
    if (parcelId !== 0n) this.requireParcelHolder(ctx, parcelId, owner);
    const id = this.nextAssetId.next(ctx);
    this.assets.set(ctx, id, { id, collectionId, owner, uri, fractionDenom: "", holderShareBps: 0, status: Status.STATUS_HELD, parcelId });
    events.assetMinted(ctx, id, collectionId, owner, parcelId);
    return id;
  }

  private requireParcelHolder(ctx: Context, parcelId: bigint, owner: string): LandParcel {
    const parcel = this.land.getParcel(ctx, parcelId);
    if (parcel === undefined) throw E.ErrNoParcel.wrap(`parcel ${parcelId}`);
    if (parcel.holder !== owner) throw E.ErrNotParcelHolder.wrap(`parcel ${parcelId} is held by ${parcel.holder}, not ${owner}`);
    return parcel;
  }

  /**
   * A vehicle over a parcel, judged now: the owner still holds the parcel, no restriction in
   * force forbids it, the registry's permission exists, stands and has not expired, and the
   * shares of every vehicle ever opened on the parcel, this one included, stay within its ceiling.
   */
  private requireLandPermission(ctx: Context, parcelId: bigint, owner: string, holderShareBps: number): void {
    this.requireParcelHolder(ctx, parcelId, owner);
    if (this.land.fractionalisationForbidden(ctx, parcelId)) throw E.ErrLandFractionalisationForbidden.wrap(`parcel ${parcelId}`);
    const { authorisation } = this.land.fractionalisationAuthority(ctx, parcelId);
    if (!authorisation) throw E.ErrNoLandAuthorisation.wrap(`parcel ${parcelId}`);
    if (authorisation.withdrawn) throw E.ErrAuthorisationWithdrawn.wrap(`parcel ${parcelId}`);
    if (BigInt(authorisation.expiresAt) <= ctx.unixSeconds)
      throw E.ErrAuthorisationExpired.wrap(`parcel ${parcelId} permission expired at ${authorisation.expiresAt}`);
    const issued = this.parcelShareIssued.get(ctx, parcelId) ?? 0n;
    if (issued + BigInt(holderShareBps) > BigInt(authorisation.maxShareBps)) {
      throw E.ErrShareCeilingExceeded.wrap(
        `holder_share_bps ${holderShareBps} on top of the ${issued} already issued over parcel ${parcelId} exceeds the ceiling ${authorisation.maxShareBps}`,
      );
    }
  }

  /** Rebuilds the per-parcel issued shares from the assets (genesis and the version-2 migration). */
  rebuildParcelShareIssued(ctx: Context): void {
    const issued = new Map<bigint, bigint>();
    for (const [, a] of this.assets.iterate(ctx)) {
      if (a.parcelId !== 0n && a.fractionDenom !== "") issued.set(a.parcelId, (issued.get(a.parcelId) ?? 0n) + BigInt(a.holderShareBps));
    }
    for (const [parcelId, bps] of issued) this.parcelShareIssued.set(ctx, parcelId, bps);
  }

  /** Whether the denom is a share denom (any asset's, legacy form included). */
  isShareDenom(ctx: Context, denom: string): boolean {
    return mayBeShareDenom(denom) && this.shares.has(ctx, denom);
  }

  /** The send hook's view of a share denom, if it is one. */
  shareState(ctx: Context, denom: string): ShareState | undefined {
    const stored = this.shares.get(ctx, denom);
    return stored === undefined ? undefined : shareStateOf(stored);
  }

  setShareState(ctx: Context, denom: string, share: ShareState): void {
    this.shares.set(ctx, denom, storedShareState(share));
  }

  /** The holder's slot in the asset's index, if it has one. */
  slot(ctx: Context, assetId: bigint, holder: string): Slot | undefined {
    const stored = this.positions.get(ctx, [assetId, holder]);
    return stored === undefined ? undefined : slotOf(stored);
  }

  setSlot(ctx: Context, assetId: bigint, holder: string, slot: Slot): void {
    this.positions.set(ctx, [assetId, holder], storedSlot(slot));
  }

  fractionalise(
    ctx: Context,
    owner: string,
    assetId: bigint,
    symbol: string,
    supply: bigint,
    holderShareBps: number,
    incomeDenom: string,
  ): string {
    const a = this.getAsset(ctx, assetId);
    if (a.owner !== owner) throw E.ErrNotOwner.wrap(`${owner} does not hold title to asset ${assetId}`);
    if (a.fractionDenom !== "") throw E.ErrAlreadyFractionalised.wrap(`asset ${assetId} issued ${a.fractionDenom}`);
    if (a.status !== Status.STATUS_HELD) throw E.ErrWrongStatus.wrap(`asset ${assetId} is ${Status[a.status]}`);
    if (holderShareBps < 1 || holderShareBps > BPS_DENOMINATOR) throw E.ErrInvalidShare.wrap(`holder_share_bps ${holderShareBps}`);
    if (supply <= 0n || supply >= MAX_INT) throw E.ErrInvalidAmount.wrap(`supply ${supply} must be positive`);
    if (!isValidDenom(incomeDenom))
      throw E.ErrWrongDenom.wrap(`income_denom ${JSON.stringify(incomeDenom.slice(0, 140))} is not a valid denom`);
    if (this.isShareDenom(ctx, incomeDenom)) throw E.ErrWrongDenom.wrap("income cannot be paid in a share denom");
    if (!SYMBOL_RE.test(symbol)) throw sdkErrors.ErrInvalidRequest.wrap("symbol must be 1-32 letters or digits starting with a letter");
    if (a.parcelId !== 0n) this.requireLandPermission(ctx, a.parcelId, owner, holderShareBps);
    const denom = fractionDenom(assetId, symbol);
    if (this.bank.getSupply(ctx, denom) > 0n || this.bank.getDenomMetadata(ctx, denom)) {
      throw E.ErrAlreadyFractionalised.wrap(`denom ${denom} already exists`);
    }
    this.assets.set(ctx, assetId, { ...a, fractionDenom: denom, holderShareBps, status: Status.STATUS_ACTIVE });
    this.setShareState(ctx, denom, { assetId, index: 0n, halted: false });
    this.vaults.set(ctx, assetId, { assetId, cumulativePerToken: "0", funded: [], denom: incomeDenom, held: [] });
    this.bank.setDenomMetadata(ctx, {
      description: `Shares in tokenisation asset ${assetId} (${holderShareBps} bps of its economics)`,
      denomUnits: [{ denom, exponent: 0, aliases: [] }],
      base: denom,
      display: denom,
      name: `${symbol} shares`,
      symbol,
      uri: a.uri,
      uriHash: "",
    });
    if (a.parcelId !== 0n) {
      this.parcelShareIssued.set(ctx, a.parcelId, (this.parcelShareIssued.get(ctx, a.parcelId) ?? 0n) + BigInt(holderShareBps));
      this.land.setParcelVehicle(ctx, a.parcelId, assetId);
    }
    const coins = [{ denom, amount: supply }];
    this.bank.mintCoins(ctx, TOKENISATION_MODULE, coins);
    this.bank.sendCoinsFromModuleToAccount(ctx, TOKENISATION_MODULE, owner, coins);
    events.fractionalised(ctx, assetId, denom, supply, holderShareBps, incomeDenom);
    return denom;
  }

  /** Moves title only: the shareholding and the vault stay as they are. */
  transferAsset(ctx: Context, owner: string, assetId: bigint, recipient: string): void {
    const a = this.getAsset(ctx, assetId);
    if (a.owner !== owner) throw E.ErrNotOwner.wrap(`${owner} does not hold title to asset ${assetId}`);
    if (a.status === Status.STATUS_CLOSED) throw E.ErrWrongStatus.wrap(`asset ${assetId} is closed`);
    // Title is value leaving the owner's control outside bank's sends: the freeze holds it here.
    this.freeze.assertNotFrozen(ctx, owner);
    this.assets.set(ctx, assetId, { ...a, owner: recipient });
    events.assetTransferred(ctx, assetId, owner, recipient);
  }

  // ---------------------------------------------------------------- income

  /**
   * Puts `amount` (already in the module account) on the index. Rounds down; what the index
   * cannot carry stays in the vault as dust. With `strict`, a payment too small to move the
   * index is refused instead (ErrAmountTooSmall). `funded` grows by `gross`: the whole payment,
   * of which `amount` is the part that reached the vault.
   */
  private distribute(ctx: Context, a: Asset, vault: Vault, amount: bigint, strict: boolean, gross = amount): Vault {
    const supply = this.bank.getSupply(ctx, a.fractionDenom);
    const inc = indexIncrement(amount, supply);
    if (strict && inc === 0n) throw E.ErrAmountTooSmall.wrap(`${amount}${vault.denom} over ${supply} tokens`);
    const next: Vault = {
      ...vault,
      cumulativePerToken: decToWire(decFromWire(vault.cumulativePerToken) + inc),
      funded: addProto(vault.funded, [{ denom: vault.denom, amount: gross }]),
      held: addProto(vault.held, [{ denom: vault.denom, amount }]),
    };
    this.vaults.set(ctx, a.id, next);
    if (inc !== 0n)
      this.setShareState(ctx, a.fractionDenom, {
        assetId: a.id,
        index: decFromWire(next.cumulativePerToken),
        halted: tradingHalted(a.status),
      });
    return next;
  }

  private requireDenom(vault: Vault, c: Coin, what: string): void {
    if (c.denom !== vault.denom) throw E.ErrWrongDenom.wrap(`${what} in ${c.denom}, vault pays ${vault.denom}`);
  }

  /**
   * Takes holder_share_bps of `amount` from the funder onto the index; the remainder is never
   * taken. Income arrives while the shares trade and after realisation, never around a sale.
   */
  fundVault(ctx: Context, funder: string, assetId: bigint, amount: Coin): Coin {
    const a = this.getAsset(ctx, assetId);
    if (a.status !== Status.STATUS_ACTIVE && a.status !== Status.STATUS_REALISED)
      throw E.ErrWrongStatus.wrap(`asset ${assetId} is ${Status[a.status]}`);
    const vault = this.vaults.get(ctx, a.id)!;
    this.requireDenom(vault, amount, "payment");
    const collected = holderPortion(amount.amount, a.holderShareBps);
    if (collected === 0n) throw E.ErrAmountTooSmall.wrap(`${a.holderShareBps} bps of ${coinString(amount)} is zero`);
    const coin = { denom: vault.denom, amount: collected };
    const next = this.distribute(ctx, a, vault, collected, true, amount.amount);
    this.bank.sendCoinsFromAccountToModule(ctx, funder, TOKENISATION_MODULE, [coin]);
    events.vaultFunded(ctx, assetId, funder, coinString(coin), next.cumulativePerToken);
    return coin;
  }

  /** Brings a holder's slot up to the index on the balance it has held since it last moved. */
  private settle(ctx: Context, assetId: bigint, index: bigint, holder: string, balance: bigint): Slot {
    const pos = this.slot(ctx, assetId, holder);
    if (!pos) {
      const fresh = { lastIndex: index, accrued: 0n };
      this.setSlot(ctx, assetId, holder, fresh);
      return fresh;
    }
    if (pos.lastIndex === index) return pos;
    const settled = { lastIndex: index, accrued: pos.accrued + owedSince(balance, index, pos.lastIndex) };
    this.setSlot(ctx, assetId, holder, settled);
    return settled;
  }

  /**
   * The bank send hook: runs before any transfer changes balances. For a share denom it halts
   * trading once the asset is realised (see haltedMayMove) and settles both parties at their
   * current balances.
   */
  beforeSend(ctx: Context, from: string, to: string, coins: readonly Coin[]): void {
    for (const c of coins) {
      if (!mayBeShareDenom(c.denom)) continue;
      const share = this.shareState(ctx, c.denom);
      if (share === undefined) continue;
      if (share.halted && !this.haltedMayMove(ctx, from, to)) {
        throw E.ErrTradingHalted.wrap(
          `asset ${share.assetId} is realised, its shares can only be redeemed: ${from} may not send ${c.denom} to ${to}`,
        );
      }
      for (const who of from === to ? [from] : [from, to]) {
        if (who !== this.moduleAccount) this.settle(ctx, share.assetId, share.index, who, this.bank.getBalance(ctx, who, c.denom));
      }
    }
  }

  /**
   * Which moves of a halted share remain. Into this module: redemption. Out of any module
   * account: a payout of what the module already held (reward pools, the community pool,
   * deposits, escrows) must never fail on a denom a user put there; no account can put a halted
   * share into a module account, so those holdings only shrink. Out of an IBC escrow account:
   * a refund or a token coming home (a share escrowed before its asset was realised); no halted
   * share can be escrowed, so those holdings only shrink too. Out of a frozen account: the
   * freeze refuses every send of a frozen account except its seizure's, so this is the seizure
   * taking the share to the recovery destination (which may then redeem it).
   */
  private haltedMayMove(ctx: Context, from: string, to: string): boolean {
    return (
      to === this.moduleAccount ||
      this.bank.isModuleAccount(from) ||
      this.escrows.isEscrowAccount(ctx, from) ||
      this.freeze.isFrozen(ctx, from)
    );
  }

  /** What the holder could withdraw now (accrued plus income since the balance last moved). */
  entitlement(ctx: Context, a: Asset, holder: string): bigint {
    if (a.fractionDenom === "") return 0n;
    const index = decFromWire(this.vaults.get(ctx, a.id)!.cumulativePerToken);
    const pos = this.slot(ctx, a.id, holder);
    if (!pos) return 0n;
    return pos.accrued + owedSince(this.bank.getBalance(ctx, holder, a.fractionDenom), index, pos.lastIndex);
  }

  /**
   * Settles the holder on `balance` and pays `part(accrued)` of what it has accrued; the rest
   * stays accrued. Returns the amount paid (undefined when it is zero).
   */
  private payOut(ctx: Context, a: Asset, holder: string, balance: bigint, part: (accrued: bigint) => bigint): Coin | undefined {
    const vault = this.vaults.get(ctx, a.id)!;
    const pos = this.settle(ctx, a.id, decFromWire(vault.cumulativePerToken), holder, balance);
    const owed = part(pos.accrued);
    if (owed === 0n) return undefined;
    const coin = { denom: vault.denom, amount: owed };
    this.setSlot(ctx, a.id, holder, { ...pos, accrued: pos.accrued - owed });
    this.vaults.set(ctx, a.id, { ...vault, held: subProto(vault.held, coin) });
    this.bank.sendCoinsFromModuleToAccount(ctx, TOKENISATION_MODULE, holder, [coin]);
    return coin;
  }

  claim(ctx: Context, holder: string, assetId: bigint): Coin {
    const a = this.getAsset(ctx, assetId);
    if (a.fractionDenom === "") throw E.ErrNoShareholders.wrap(`asset ${assetId}`);
    const paid = this.payOut(ctx, a, holder, this.bank.getBalance(ctx, holder, a.fractionDenom), (accrued) => accrued);
    if (!paid) throw E.ErrNothingOwed.wrap(`${holder} on asset ${assetId}`);
    this.dropEmptyPosition(ctx, a, holder);
    events.claimed(ctx, assetId, holder, coinString(paid));
    return paid;
  }

  private dropEmptyPosition(ctx: Context, a: Asset, holder: string): void {
    if (this.bank.getBalance(ctx, holder, a.fractionDenom) === 0n) this.positions.remove(ctx, [a.id, holder]);
  }

  /**
   * Burns `amount` of the holder's `balance` tokens and pays, in the same step, their share of
   * what the holder has accrued: floor(accrued × amount / balance); the rest stays accrued. Opens
   * only on a finalisable sale (finalising it here) or a realised asset; title burns at zero supply.
   */
  redeem(ctx: Context, holder: string, assetId: bigint, amount: bigint): Coin | undefined {
    let a = this.getAsset(ctx, assetId);
    if (a.fractionDenom === "" || a.status === Status.STATUS_CLOSED) throw E.ErrNoShareholders.wrap(`asset ${assetId}`);
    if (a.status !== Status.STATUS_REALISED) a = this.finalise(ctx, a);
    if (amount <= 0n) throw E.ErrInvalidAmount.wrap(`amount ${amount}`);
    const balance = this.bank.getBalance(ctx, holder, a.fractionDenom);
    if (balance === 0n) throw E.ErrNothingOwed.wrap(`${holder} holds no ${a.fractionDenom}`);
    if (amount > balance) throw E.ErrInvalidAmount.wrap(`redeeming ${amount} of a balance of ${balance}${a.fractionDenom}`);
    const paid = this.payOut(ctx, a, holder, balance, (accrued) => (accrued * amount) / balance);
    const coins = [{ denom: a.fractionDenom, amount }];
    this.bank.sendCoinsFromAccountToModule(ctx, holder, TOKENISATION_MODULE, coins);
    this.bank.burnCoins(ctx, TOKENISATION_MODULE, coins);
    this.dropEmptyPosition(ctx, a, holder);
    events.redeemed(ctx, assetId, holder, amount, paid ? coinString(paid) : "");
    if (this.bank.getSupply(ctx, a.fractionDenom) === 0n) {
      this.assets.set(ctx, assetId, { ...a, owner: "", status: Status.STATUS_CLOSED });
      events.closed(ctx, assetId);
    }
    return paid;
  }

  // ---------------------------------------------------------------- sale pipeline

  private getSale(ctx: Context, assetId: bigint): SaleReport {
    const s = this.sales.get(ctx, assetId);
    if (!s) throw E.ErrNoSaleReported.wrap(`asset ${assetId}`);
    return s;
  }

  reportSale(ctx: Context, reporter: string, assetId: bigint, price: Coin, evidenceUri: string): void {
    const a = this.getAsset(ctx, assetId);
    if (price.amount <= 0n) throw E.ErrInvalidAmount.wrap(`price ${coinString(price)}`);
    if (a.status !== Status.STATUS_ACTIVE) throw E.ErrWrongStatus.wrap(`asset ${assetId} is ${Status[a.status]}`);
    const vault = this.vaults.get(ctx, assetId)!;
    this.requireDenom(vault, price, "price");
    const c = this.getCollection(ctx, a.collectionId);
    const claimableAt = { seconds: ctx.time.seconds + c.challengeWindowSeconds, nanos: ctx.time.nanos };
    const zero = { denom: price.denom, amount: "0" };
    this.sales.set(ctx, assetId, {
      assetId,
      price: coinToProto(price),
      reporter,
      reportedAt: ctx.time,
      claimableAt,
      attestors: [],
      disputed: false,
      proceedsPaid: zero,
      challenger: "",
      bond: zero,
    });
    this.assets.set(ctx, assetId, { ...a, status: Status.STATUS_REPORTED });
    events.saleReported(ctx, assetId, reporter, coinString(price), formatTime(claimableAt), evidenceUri);
  }

  /**
   * An appointed attestor signs the reported figure. Only an attestor-verified collection takes
   * attestations; the asset's status is not consulted (the sale report is what is signed).
   */
  attestSale(ctx: Context, attestor: string, assetId: bigint, price: ProtoCoin | undefined): void {
    const a = this.getAsset(ctx, assetId);
    const c = this.getCollection(ctx, a.collectionId);
    if (c.verification !== VerificationMode.VERIFY_ATTESTORS)
      throw E.ErrWrongStatus.wrap(`collection ${c.id} is not verified by attestors`);
    if (!c.attestors.includes(attestor)) throw E.ErrNotAttestor.wrap(`${attestor} for collection ${c.id}`);
    const sale = this.getSale(ctx, assetId);
    if (!samePrice(price, sale.price!)) {
      throw E.ErrNotVerified.wrap(
        `attested ${price?.amount ?? ""}${price?.denom ?? ""} differs from the reported ${sale.price!.amount}${sale.price!.denom}`,
      );
    }
    if (sale.attestors.includes(attestor)) throw E.ErrAlreadyAttested.wrap(`${attestor} on asset ${assetId}`);
    const attestors = [...sale.attestors, attestor];
    this.sales.set(ctx, assetId, { ...sale, attestors });
    events.saleAttested(ctx, assetId, attestor, attestors.length);
  }

  /** The holders' part of the sale price is what must reach the vault. */
  private expectedProceeds(a: Asset, sale: SaleReport): bigint {
    return holderPortion(BigInt(sale.price!.amount), a.holderShareBps);
  }

  payProceeds(ctx: Context, payer: string, assetId: bigint, amount: Coin): { paid: Coin; outstanding: Coin } {
    const a = this.getAsset(ctx, assetId);
    const sale = this.getSale(ctx, assetId);
    if (a.status !== Status.STATUS_REPORTED && a.status !== Status.STATUS_REALISED)
      throw E.ErrWrongStatus.wrap(`asset ${assetId} is ${Status[a.status]}`);
    if (amount.amount <= 0n) throw E.ErrInvalidAmount.wrap(`amount ${coinString(amount)}`);
    const vault = this.vaults.get(ctx, assetId)!;
    this.requireDenom(vault, amount, "proceeds");
    const already = BigInt(sale.proceedsPaid!.amount);
    const outstanding = this.expectedProceeds(a, sale) - already;
    if (outstanding <= 0n) throw E.ErrNothingOwed.wrap(`sale proceeds of asset ${assetId} are paid in full`);
    const pay = amount.amount < outstanding ? amount.amount : outstanding;
    this.distribute(ctx, a, vault, pay, true);
    this.bank.sendCoinsFromAccountToModule(ctx, payer, TOKENISATION_MODULE, [{ denom: vault.denom, amount: pay }]);
    this.sales.set(ctx, assetId, { ...sale, proceedsPaid: { denom: vault.denom, amount: (already + pay).toString() } });
    const result = { paid: { denom: vault.denom, amount: pay }, outstanding: { denom: vault.denom, amount: outstanding - pay } };
    events.proceedsPaid(ctx, assetId, payer, coinString(result.paid), coinString(result.outstanding));
    return result;
  }

  disputeSale(ctx: Context, challenger: string, assetId: bigint, reason: string): Coin {
    const a = this.getAsset(ctx, assetId);
    const sale = this.getSale(ctx, assetId);
    if (sale.challenger !== "") throw E.ErrAlreadyDisputed.wrap(`asset ${assetId} was disputed by ${sale.challenger}`);
    if (a.status !== Status.STATUS_REPORTED) throw E.ErrWrongStatus.wrap(`asset ${assetId} is ${Status[a.status]}`);
    if (compareTime(ctx.time, sale.claimableAt!) > 0)
      throw E.ErrWrongStatus.wrap(`the challenge window of asset ${assetId} closed at ${formatTime(sale.claimableAt!)}`);
    const c = this.getCollection(ctx, a.collectionId);
    const bond = { denom: sale.price!.denom, amount: bpsOf(BigInt(sale.price!.amount), c.disputeBondBps) };
    if (bond.amount > 0n) this.bank.sendCoinsFromAccountToModule(ctx, challenger, TOKENISATION_MODULE, [bond]);
    this.sales.set(ctx, assetId, { ...sale, disputed: true, challenger, bond: coinToProto(bond) });
    events.saleDisputed(ctx, assetId, challenger, coinString(bond), reason);
    return bond;
  }

  /**
   * Governance's decision. On a pending dispute: no corrected price upholds the report and the
   * bond goes to the vault (onto the index); a corrected price means the challenge succeeded:
   * the bond goes back, the corrected figure is recorded and the asset is STATUS_DISPUTED. On a
   * STATUS_DISPUTED asset: returns it to STATUS_ACTIVE and drops the failed sale. Anything else
   * has no dispute to decide (ErrWrongStatus, whether or not a sale was reported).
   */
  resolveDispute(ctx: Context, assetId: bigint, corrected: ProtoCoin | undefined): void {
    const a = this.getAsset(ctx, assetId);
    if (a.status === Status.STATUS_DISPUTED) {
      this.sales.remove(ctx, assetId);
      this.assets.set(ctx, assetId, { ...a, status: Status.STATUS_ACTIVE });
      events.disputeResolved(ctx, assetId, "reactivated", "");
      return;
    }
    const sale = this.sales.get(ctx, assetId);
    if (!sale?.disputed) throw E.ErrWrongStatus.wrap(`asset ${assetId} has no dispute to resolve`);
    const bond = { denom: sale.bond!.denom, amount: BigInt(sale.bond!.amount) };
    if (isEmptyCoin(corrected)) {
      const vault = this.vaults.get(ctx, assetId)!;
      if (bond.amount > 0n) this.distribute(ctx, a, vault, bond.amount, false);
      this.sales.set(ctx, assetId, { ...sale, disputed: false });
      events.disputeResolved(ctx, assetId, "upheld", coinString(bond));
      return;
    }
    const price = { denom: corrected!.denom, amount: parseCorrected(corrected!.amount) };
    this.requireDenom(this.vaults.get(ctx, assetId)!, price, "corrected price");
    if (bond.amount > 0n) this.bank.sendCoinsFromModuleToAccount(ctx, TOKENISATION_MODULE, sale.challenger, [bond]);
    this.sales.set(ctx, assetId, { ...sale, disputed: false, price: coinToProto(price) });
    this.assets.set(ctx, assetId, { ...a, status: Status.STATUS_DISPUTED });
    events.disputeResolved(ctx, assetId, "corrected", coinString(bond));
  }

  /**
   * Whether the collection's verification requirement is met for the sale. Attestations count
   * only under VERIFY_ATTESTORS; a valuer's or governance's figure needs nothing on chain
   * beyond the window (governance acts through disputes).
   */
  isVerified(ctx: Context, a: Asset, sale: SaleReport): boolean {
    const c = this.getCollection(ctx, a.collectionId);
    switch (c.verification) {
      case VerificationMode.VERIFY_ATTESTORS:
        return sale.attestors.length >= c.attestationThreshold;
      case VerificationMode.VERIFY_SCHEDULE:
        return BigInt(sale.proceedsPaid!.amount) >= this.expectedProceeds(a, sale);
      default:
        return true;
    }
  }

  /** REPORTED → REALISED once verified, out of its window and undisputed; returns the updated asset. */
  finalise(ctx: Context, a: Asset): Asset {
    const sale = this.getSale(ctx, a.id);
    if (a.status !== Status.STATUS_REPORTED) throw E.ErrWrongStatus.wrap(`asset ${a.id} is ${Status[a.status]}`);
    if (sale.disputed) throw E.ErrWrongStatus.wrap(`the sale of asset ${a.id} is under dispute`);
    if (!this.isVerified(ctx, a, sale)) throw E.ErrNotVerified.wrap(`asset ${a.id}`);
    if (compareTime(ctx.time, sale.claimableAt!) < 0)
      throw E.ErrStillInWindow.wrap(`asset ${a.id} is claimable at ${formatTime(sale.claimableAt!)}`);
    const next = { ...a, status: Status.STATUS_REALISED };
    this.assets.set(ctx, a.id, next);
    const share = this.shareState(ctx, a.fractionDenom)!;
    this.setShareState(ctx, a.fractionDenom, { ...share, halted: true });
    events.saleFinalised(ctx, a.id);
    return next;
  }
}

function parseCorrected(amount: string): bigint {
  if (!/^[0-9]{1,78}$/.test(amount) || BigInt(amount) === 0n)
    throw E.ErrInvalidAmount.wrap(`corrected price amount ${JSON.stringify(amount.slice(0, 80))}`);
  return BigInt(amount);
}

/** An attested price must be the reported one: same denom, same amount. */
function samePrice(attested: ProtoCoin | undefined, reported: ProtoCoin): boolean {
  return (
    attested !== undefined &&
    attested.denom === reported.denom &&
    /^[0-9]{1,78}$/.test(attested.amount) &&
    BigInt(attested.amount) === BigInt(reported.amount)
  );
}

/**
 * The register of an attestor-verified collection: at least two must agree, the list (every
 * entry counted) must be able to reach that many, and each entry is a valid address listed once.
 */
export function validateAttestorRegister(threshold: number, attestors: readonly string[]): void {
  if (threshold < 2) throw E.ErrInvalidThreshold.wrap(`attestation_threshold ${threshold}`);
  if (attestors.length < threshold)
    throw E.ErrInvalidThreshold.wrap(`${attestors.length} attestors cannot reach attestation_threshold ${threshold}`);
  const seen = new Set<string>();
  for (const a of attestors) {
    try {
      accAddress.validate(a);
    } catch {
      throw E.ErrNotAttestor.wrap(`attestor ${JSON.stringify(a.slice(0, 100))} is not a valid address`);
    }
    if (seen.has(a)) throw E.ErrNotAttestor.wrap(`attestor ${a} listed twice`);
    seen.add(a);
  }
}

function addProto(list: readonly ProtoCoin[], add: readonly Coin[]): ProtoCoin[] {
  return addCoins(
    list.map((c) => ({ denom: c.denom, amount: BigInt(c.amount) })),
    add,
  ).map(coinToProto);
}

function subProto(list: readonly ProtoCoin[], sub: Coin): ProtoCoin[] {
  const have = amountOf(
    list.map((c) => ({ denom: c.denom, amount: BigInt(c.amount) })),
    sub.denom,
  );
  const rest = list.filter((c) => c.denom !== sub.denom);
  const left = have - sub.amount;
  return left > 0n ? [...rest, { denom: sub.denom, amount: left.toString() }].sort((x, y) => (x.denom < y.denom ? -1 : 1)) : rest;
}

export { emptyVault, isEmptyCoin };

/** The genesis form of a stored slot. */
export function positionOf([assetId, holder]: [bigint, string], stored: HolderSlot) {
  return { assetId, holder, lastIndex: decToWire(BigInt(stored.lastIndex)), accrued: stored.accrued };
}
