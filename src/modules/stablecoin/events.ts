import type { IssuerApplication } from "../../gen/blockchain/stablecoin/v1/stablecoin";
import type { Context } from "../../types/context";

/**
 * Plain Cosmos events: stablecoin has no events.proto (docs/wire/fields-part-b.md), so there are no
 * typed events to keep compatible with. Attribute names are the proto field names.
 */
export const stablecoinEvents = {
  currencyRegistered(ctx: Context, denom: string, creator: string): void {
    ctx.events.emit("stablecoin_currency_registered", { denom, creator });
  },
  applicationDecided(ctx: Context, app: IssuerApplication, approved: boolean): void {
    ctx.events.emit("stablecoin_application_decided", { denom: app.denom, creator: app.creator, approved: String(approved) });
  },
  issuerRevoked(ctx: Context, denom: string, issuer: string, reason: string): void {
    ctx.events.emit("stablecoin_issuer_revoked", { denom, issuer, reason });
  },
  minted(ctx: Context, issuer: string, denom: string, amount: bigint, recipient: string, supply: bigint): void {
    ctx.events.emit("stablecoin_mint", { issuer, denom, amount: amount.toString(), recipient, supply: supply.toString() });
  },
  burned(ctx: Context, issuer: string, denom: string, amount: bigint, supply: bigint): void {
    ctx.events.emit("stablecoin_burn", { issuer, denom, amount: amount.toString(), supply: supply.toString() });
  },
};
