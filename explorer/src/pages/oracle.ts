import { listIn, maybe, must } from "../api";
import { section, table } from "../dom";
import { accountLink, bps, dec, unixTime, value } from "../format";
import type { Page } from "../router";

export const oraclePage: Page = async () => {
  const [rates, appraisers] = await Promise.all([
    must("blockchain/oracle/v1/rate?pagination.limit=200"),
    maybe("blockchain/oracle/v1/appraiser?pagination.limit=200"),
  ]);
  return {
    title: "Oracle rates",
    content: [
      section(
        "Exchange rates",
        table(
          "Exchange rates",
          ["Pair", "Rate", "Updated", "At height", "Voting power"],
          listIn(rates).map((r) => [
            String(r.denom),
            dec(r.rate),
            unixTime(r.updated_at as string),
            String(r.updated_height),
            bps(r.voting_power_bps as string),
          ]),
          "No rates published yet.",
        ),
      ),
      section(
        "Appraisers",
        table(
          "Approved appraisers",
          ["Appraiser", "Details"],
          listIn(appraisers).map((a) => [accountLink(String(a.address ?? "")), value(a, 2)]),
          "No appraisers approved.",
        ),
      ),
    ],
  };
};
