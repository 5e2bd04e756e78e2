import type { Context } from "../../types/context";

/**
 * Plain Cosmos events: tokenisation has no events.proto (docs/wire/fields-part-a.md). Types are
 * tokenisation_<what>, attributes snake_case.
 */
export const tokenisationEvents = {
  collectionCreated(ctx: Context, id: string, authority: string): void {
    ctx.events.emit("tokenisation_collection_created", { collection_id: id, authority });
  },
  collectionAuthoritySet(ctx: Context, id: string, authority: string): void {
    ctx.events.emit("tokenisation_collection_authority_set", { collection_id: id, authority });
  },
  collectionAttestorsSet(ctx: Context, id: string, attestors: readonly string[]): void {
    ctx.events.emit("tokenisation_collection_attestors_set", { collection_id: id, attestors: attestors.join(",") });
  },
  assetMinted(ctx: Context, assetId: bigint, collectionId: string, owner: string, parcelId: bigint): void {
    ctx.events.emit("tokenisation_asset_minted", {
      asset_id: assetId.toString(),
      collection_id: collectionId,
      owner,
      parcel_id: parcelId.toString(),
    });
  },
  fractionalised(ctx: Context, assetId: bigint, denom: string, supply: bigint, holderShareBps: number, incomeDenom: string): void {
    ctx.events.emit("tokenisation_fractionalised", {
      asset_id: assetId.toString(),
      fraction_denom: denom,
      supply: supply.toString(),
      holder_share_bps: String(holderShareBps),
      income_denom: incomeDenom,
    });
  },
  assetTransferred(ctx: Context, assetId: bigint, from: string, to: string): void {
    ctx.events.emit("tokenisation_asset_transferred", { asset_id: assetId.toString(), from, to });
  },
  vaultFunded(ctx: Context, assetId: bigint, funder: string, collected: string, index: string): void {
    ctx.events.emit("tokenisation_vault_funded", { asset_id: assetId.toString(), funder, collected, cumulative_per_token: index });
  },
  claimed(ctx: Context, assetId: bigint, holder: string, paid: string): void {
    ctx.events.emit("tokenisation_claimed", { asset_id: assetId.toString(), holder, paid });
  },
  redeemed(ctx: Context, assetId: bigint, holder: string, burned: bigint, paid: string): void {
    ctx.events.emit("tokenisation_redeemed", { asset_id: assetId.toString(), holder, burned: burned.toString(), paid });
  },
  closed(ctx: Context, assetId: bigint): void {
    ctx.events.emit("tokenisation_asset_closed", { asset_id: assetId.toString() });
  },
  saleReported(ctx: Context, assetId: bigint, reporter: string, price: string, claimableAt: string, evidenceUri: string): void {
    ctx.events.emit("tokenisation_sale_reported", {
      asset_id: assetId.toString(),
      reporter,
      price,
      claimable_at: claimableAt,
      evidence_uri: evidenceUri,
    });
  },
  saleAttested(ctx: Context, assetId: bigint, attestor: string, attestations: number): void {
    ctx.events.emit("tokenisation_sale_attested", { asset_id: assetId.toString(), attestor, attestations: String(attestations) });
  },
  proceedsPaid(ctx: Context, assetId: bigint, payer: string, paid: string, outstanding: string): void {
    ctx.events.emit("tokenisation_sale_proceeds_paid", { asset_id: assetId.toString(), payer, paid, outstanding });
  },
  saleDisputed(ctx: Context, assetId: bigint, challenger: string, bond: string, reason: string): void {
    ctx.events.emit("tokenisation_sale_disputed", { asset_id: assetId.toString(), challenger, bond, reason });
  },
  disputeResolved(ctx: Context, assetId: bigint, outcome: string, bond: string): void {
    ctx.events.emit("tokenisation_dispute_resolved", { asset_id: assetId.toString(), outcome, bond });
  },
  saleFinalised(ctx: Context, assetId: bigint): void {
    ctx.events.emit("tokenisation_sale_finalised", { asset_id: assetId.toString() });
  },
};
