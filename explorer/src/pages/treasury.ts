import { listIn, maybe, must, q } from "../api";
import { badge, section, table } from "../dom";
import { accountLink, coins } from "../format";
import type { Page } from "../router";

export const treasuryPage: Page = async () => {
  const treasuries = listIn(await must("blockchain/treasury/v1/treasury?pagination.limit=100"));
  const rows = await Promise.all(
    treasuries.map(async (t) => {
      const id = q(String(t.id));
      const [balances, locks] = await Promise.all([
        maybe(`blockchain/treasury/v1/treasury/${id}/balances`),
        maybe(`blockchain/treasury/v1/treasury/${id}/locks?pagination.limit=100`),
      ]);
      return { t, balances: listIn(balances), locks: listIn(locks) };
    }),
  );
  return {
    title: "Treasuries",
    content: [
      section(
        "Treasuries",
        table(
          "Treasuries",
          ["Treasury", "Name", "Admin", "Balances", "Locks", "State"],
          rows.map(({ t, balances, locks }) => [
            String(t.id),
            String(t.name ?? ""),
            accountLink(String(t.admin ?? "")),
            coins(balances as never),
            String(locks.length),
            t.paused ? badge("paused", "warn") : badge("active", "good"),
          ]),
          "No treasuries yet.",
        ),
      ),
    ],
  };
};
