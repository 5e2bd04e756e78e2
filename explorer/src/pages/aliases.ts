import { eventsOf, maybe, q, searchTxs } from "../api";
import { h, section, table } from "../dom";
import { accountLink, blockLink } from "../format";
import type { Page } from "../router";

type Rec = Record<string, unknown>;

/** Aliases have no list query: they are found through the txs that issued them, then read. */
export const aliasesPage: Page = async () => {
  const [issuing, setting] = await Promise.all([
    searchTxs("message.action='/blockchain.alias.v1.MsgRegisterAlias'", 100),
    searchTxs("message.action='/blockchain.alias.v1.MsgSetJurisdiction'", 100),
  ]);
  const ids = [...new Set(eventsOf(issuing, "alias_issued").map((e) => e.id))];
  const aliases = (await Promise.all(ids.map((id) => maybe<{ alias: Rec }>(`blockchain/alias/v1/alias/${q(id)}`)))).flatMap((a) =>
    a?.alias ? [a.alias] : [],
  );
  const addresses = [
    ...new Set([...eventsOf(setting, "alias_jurisdiction_set").map((e) => e.address), ...aliases.map((a) => String(a.address))]),
  ];
  const jurisdictions = (
    await Promise.all(addresses.map((a) => maybe<{ jurisdiction: Rec }>(`blockchain/alias/v1/jurisdiction/${q(a)}`)))
  ).flatMap((j) => (j?.jurisdiction ? [j.jurisdiction] : []));
  const countryOf = new Map(jurisdictions.map((j) => [String(j.address), String(j.country)]));
  return {
    title: "Aliases and jurisdictions",
    content: [
      h("p", null, "Aliases issued by transactions on this node's index, with the account each names."),
      section(
        "Aliases",
        table(
          "Aliases",
          ["Alias", "Account", "Registered at", "Jurisdiction"],
          aliases.map((a) => [
            h("span", { class: "mono" }, String(a.id)),
            accountLink(String(a.address)),
            blockLink(String(a.registered_at_height)),
            countryOf.get(String(a.address)) ?? "—",
          ]),
          "No aliases registered yet.",
        ),
      ),
      section(
        "Jurisdictions",
        table(
          "Recorded jurisdictions",
          ["Account", "Country", "Recorded by", "At height"],
          jurisdictions.map((j) => [
            accountLink(String(j.address)),
            String(j.country),
            accountLink(String(j.recorded_by)),
            String(j.recorded_at_height),
          ]),
          "No jurisdictions recorded yet.",
        ),
      ),
    ],
  };
};
