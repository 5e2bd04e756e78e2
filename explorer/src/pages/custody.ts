import { listIn, maybe, must } from "../api";
import { badge, section, table } from "../dom";
import { groupDigits } from "../format";
import type { Page } from "../router";

export const custodyPage: Page = async () => {
  const [solvency, assets] = await Promise.all([must("blockchain/custody/v1/solvency"), maybe("blockchain/custody/v1/assets")]);
  return {
    title: "Custody solvency",
    content: [
      section(
        "Solvency",
        table(
          "Solvency by denom",
          ["Denom", "Issued on chain", "Held in custody", "Reserve age (blocks)", "Solvent"],
          listIn(solvency).map((s) => [
            String(s.denom),
            groupDigits(String(s.issued)),
            groupDigits(String(s.held)),
            String(s.reserve_age_blocks),
            s.solvent ? badge("solvent", "good") : badge("not solvent", "bad"),
          ]),
          "No custodied assets yet.",
        ),
      ),
      section(
        "Custodied assets",
        table(
          "Registered assets",
          ["Denom", "Source chain", "Symbol", "Exponent"],
          listIn(assets).map((a) => [String(a.denom), String(a.source_chain ?? ""), String(a.symbol ?? ""), String(a.exponent ?? "")]),
          "No assets registered.",
        ),
      ),
    ],
  };
};
