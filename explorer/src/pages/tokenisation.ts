import { listIn, maybe, must, q } from "../api";
import { h, section, table } from "../dom";
import { accountLink, bps, coins, dec, groupDigits } from "../format";
import type { Page } from "../router";

type Rec = Record<string, unknown>;

export const tokenisationPage: Page = async () => {
  const assets = listIn(await must("blockchain/tokenisation/v1/assets?pagination.limit=100"));
  const details = await Promise.all(
    assets.map(async (a) => {
      const [detail, owners] = await Promise.all([
        maybe<{ vault: Rec; sale?: Rec }>(`blockchain/tokenisation/v1/assets/${q(String(a.id))}`),
        a.fraction_denom ? maybe(`cosmos/bank/v1beta1/denom_owners/${q(String(a.fraction_denom))}?pagination.limit=50`) : undefined,
      ]);
      return { asset: a, vault: detail?.vault ?? {}, owners: listIn(owners) };
    }),
  );
  return {
    title: "Tokenised assets",
    content: [
      section(
        "Assets",
        table(
          "Tokenised assets",
          ["Asset", "Collection", "Share denom", "Holders' share", "Income index", "Income funded", "Land parcel"],
          details.map(({ asset, vault }) => [
            String(asset.id),
            String(asset.collection_id ?? ""),
            h("span", { class: "mono" }, String(asset.fraction_denom || "—")),
            bps(asset.holder_share_bps as string),
            dec(vault.cumulative_per_token),
            coins(vault.funded as never),
            Number(asset.parcel_id ?? 0) > 0 ? String(asset.parcel_id) : "—",
          ]),
          "No tokenised assets.",
        ),
      ),
      details.map(({ asset, owners }) =>
        owners.length === 0
          ? null
          : section(
              `Shareholding of asset ${String(asset.id)}`,
              table(
                `Holders of ${String(asset.fraction_denom)}`,
                ["Holder", "Shares"],
                owners.map((o) => [accountLink(String(o.address)), groupDigits(String((o.balance as Rec)?.amount ?? "0"))]),
              ),
            ),
      ),
    ],
  };
};
