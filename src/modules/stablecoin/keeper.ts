import type { Metadata } from "cosmjs-types/cosmos/bank/v1beta1/bank";
import { Params } from "../../gen/blockchain/stablecoin/v1/params";
import { ApprovedIssuer, IssuerApplication } from "../../gen/blockchain/stablecoin/v1/stablecoin";
import { Schema } from "../../store/collections";
import { protoValue, stringKey } from "../../store/codecs";
import { Applications, ApplicationStatus as CommonStatus } from "../../types/applications";
import type { Coin } from "../../types/coins";
import type { Context } from "../../types/context";
import { noFreeze, type FreezeGuard } from "../../types/hooks";
import { stablecoinErrors } from "./errors";
import { stablecoinEvents } from "./events";
import { ceilingFor, defaultStablecoinParams } from "./params";
import type { BankKeeper } from "./expected-keepers";

export const STABLECOIN_MODULE = "stablecoin";

/** The common application statuses, and "revoked" for an issuer governance removed. */
export const ApplicationStatus = { ...CommonStatus, revoked: "revoked" } as const;

/**
 * Currency applications, the approved issuer of each denom and the mint ceilings. The
 * operations here carry the rules; message handlers only check the signer and call them.
 */
export class StablecoinKeeper {
  private readonly schema = new Schema("stablecoin/");
  readonly params = this.schema.item(1, "params", protoValue(Params, "Params"), defaultStablecoinParams());
  readonly applications = this.schema.map(2, "issuer_applications", stringKey, protoValue(IssuerApplication, "IssuerApplication"));
  readonly issuers = this.schema.map(3, "approved_issuers", stringKey, protoValue(ApprovedIssuer, "ApprovedIssuer"));
  // Prefix byte 4 held the retired "unissued_denoms" set; it is never reused.
  private readonly review = new Applications(
    this.applications,
    {
      exists: stablecoinErrors.ErrCurrencyExists,
      notFound: stablecoinErrors.ErrApplicationNotFound,
      notPending: stablecoinErrors.ErrApplicationNotPending,
    },
    (denom: string) => `denom ${denom}`,
  );

  /** The chain's freeze (enforcement's), bound at wiring. */
  freeze: FreezeGuard = noFreeze;

  constructor(
    readonly bank: BankKeeper,
    /** The chain's own fee denom, the one fee denomination that needs no approved issuer. */
    private readonly feeDenom: string,
  ) {}

  getParams(ctx: Context): Params {
    return this.params.get(ctx);
  }

  /** The approved issuer's address, or undefined when the denom has none. */
  approvedIssuer(ctx: Context, denom: string): string | undefined {
    return this.issuers.get(ctx, denom)?.issuer;
  }

  /** A new application for a denom nobody holds; a rejected or revoked one may be replaced. */
  registerCurrency(ctx: Context, app: Omit<IssuerApplication, "status">): void {
    this.review.apply(ctx, app.denom, app, (existing) => {
      // A denom that already circulates without ever being ours (the staking token, another
      // module's coins) must not fall under an applicant's control.
      if (!existing && (this.bank.getSupply(ctx, app.denom) > 0n || this.bank.getDenomMetadata(ctx, app.denom))) {
        throw stablecoinErrors.ErrCurrencyExists.wrap(`denom ${app.denom} already exists on the chain`);
      }
    });
    stablecoinEvents.currencyRegistered(ctx, app.denom, app.creator);
  }

  /** Governance's decision on a pending application; approval publishes the bank metadata. */
  decideApplication(ctx: Context, denom: string, approve: boolean): void {
    const app = this.review.decide(ctx, denom, approve);
    if (approve) {
      this.issuers.set(ctx, denom, { denom, issuer: app.creator });
      this.bank.setDenomMetadata(ctx, denomMetadata(app));
    }
    stablecoinEvents.applicationDecided(ctx, app, approve);
  }

  /** Ends an issuer's right to mint and burn; issued coins stay with their holders. */
  revokeIssuer(ctx: Context, denom: string, reason: string): void {
    const issuer = this.approvedIssuer(ctx, denom);
    if (issuer === undefined) throw stablecoinErrors.ErrNotApprovedIssuer.wrap(`denom ${denom} has no approved issuer`);
    this.issuers.remove(ctx, denom);
    const app = this.applications.get(ctx, denom)!;
    this.applications.set(ctx, denom, { ...app, status: ApplicationStatus.revoked });
    stablecoinEvents.issuerRevoked(ctx, denom, issuer, reason);
  }

  /** Mints through the module account up to the denom's ceiling and pays the recipient. */
  mint(ctx: Context, issuer: string, denom: string, amount: bigint, recipient: string): void {
    this.requireIssuer(ctx, issuer, denom);
    const ceiling = ceilingFor(this.params.get(ctx), denom);
    const supply = this.bank.getSupply(ctx, denom);
    if (supply + amount > ceiling) {
      throw stablecoinErrors.ErrMintCeiling.wrap(`supply ${supply}${denom} plus ${amount} exceeds the ceiling ${ceiling}`);
    }
    const coins = [{ denom, amount }];
    this.bank.mintCoins(ctx, STABLECOIN_MODULE, coins);
    this.bank.sendCoinsFromModuleToAccount(ctx, STABLECOIN_MODULE, recipient, coins);
    stablecoinEvents.minted(ctx, issuer, denom, amount, recipient, supply + amount);
  }

  /** Burns from the issuer's own balance. */
  burn(ctx: Context, issuer: string, denom: string, amount: bigint): void {
    this.requireIssuer(ctx, issuer, denom);
    const coins = [{ denom, amount }];
    this.bank.sendCoinsFromAccountToModule(ctx, issuer, STABLECOIN_MODULE, coins);
    this.bank.burnCoins(ctx, STABLECOIN_MODULE, coins);
    stablecoinEvents.burned(ctx, issuer, denom, amount, this.bank.getSupply(ctx, denom));
  }

  /**
   * Refuses a fee coin in any denomination without an approved issuer (never issued, pending,
   * rejected or revoked), the chain's own fee denom excepted; one read per fee coin, before
   * any balance is looked at.
   */
  checkFeeDenoms(ctx: Context, fee: readonly Coin[]): void {
    for (const c of fee) {
      if (c.denom === this.feeDenom || this.issuers.has(ctx, c.denom)) continue;
      throw stablecoinErrors.ErrFeeDenomNotIssued.wrap(`fee denom ${c.denom}`);
    }
  }

  /**
   * The signer is the denom's approved issuer and not frozen: a frozen issuer creates no money
   * (a mint moves value from the issuer's authority to any recipient, outside bank's check on
   * the sender) and burns none.
   */
  private requireIssuer(ctx: Context, signer: string, denom: string): void {
    const issuer = this.approvedIssuer(ctx, denom);
    if (issuer === undefined) throw stablecoinErrors.ErrNotApprovedIssuer.wrap(`denom ${denom} has no approved issuer`);
    if (issuer !== signer) throw stablecoinErrors.ErrNotApprovedIssuer.wrap(`${signer} may not mint or burn ${denom}`);
    this.freeze.assertNotFrozen(ctx, signer);
  }
}

/** Bank metadata of an approved currency: base unit at exponent 0, display unit at the exponent. */
export function denomMetadata(app: IssuerApplication): Metadata {
  return {
    description: app.description,
    denomUnits: [
      { denom: app.denom, exponent: 0, aliases: [] },
      { denom: app.displayDenom, exponent: Number(app.exponent), aliases: [] },
    ],
    base: app.denom,
    display: app.displayDenom,
    name: app.name,
    symbol: app.symbol,
    uri: "",
    uriHash: "",
  };
}
