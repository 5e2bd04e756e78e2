import { listIn, maybe, must } from "../api";
import { badge, section, table } from "../dom";
import { accountLink, groupDigits } from "../format";
import type { Page } from "../router";

function statusTone(s: string): "good" | "bad" | "warn" | "neutral" {
  if (/EXECUTED|PASSED/.test(s)) return "bad";
  if (/OPEN|VOTING|HELD|PENDING/.test(s)) return "warn";
  if (/REJECTED|DISMISSED|EXPIRED|WITHDRAWN/.test(s)) return "good";
  return "neutral";
}

export const enforcementPage: Page = async () => {
  const [cases, freezes, recovered] = await Promise.all([
    must("blockchain/enforcement/v1/case?pagination.limit=500"),
    maybe("blockchain/enforcement/v1/freeze?pagination.limit=500"),
    maybe("blockchain/enforcement/v1/recovered"),
  ]);
  const rec = (recovered ?? {}) as Record<string, unknown>;
  return {
    title: "Enforcement cases",
    content: [
      section(
        "Cases",
        table(
          "Enforcement cases",
          ["Case", "Subject", "Action", "Status", "Reason", "Opened at", "Votes yes / no / abstain"],
          listIn(cases).map((c) => [
            String(c.id),
            accountLink(String(c.target)),
            String(c.action).replace("CASE_ACTION_", "").toLowerCase(),
            badge(String(c.status).replace("CASE_STATUS_", "").toLowerCase(), statusTone(String(c.status))),
            String(c.reason ?? ""),
            String(c.opened_at_height),
            `${groupDigits(String(c.yes_power))} / ${groupDigits(String(c.no_power))} / ${groupDigits(String(c.abstain_power))}`,
          ]),
          "No enforcement cases.",
        ),
      ),
      section(
        "Frozen accounts",
        table(
          "Frozen accounts",
          ["Account", "Case", "Frozen at", "Expires at"],
          listIn(freezes).map((f) => [
            accountLink(String(f.address)),
            String(f.case_id),
            String(f.frozen_at_height),
            String(f.expires_at_height),
          ]),
          "No account is frozen.",
        ),
      ),
      section(
        "Recovered",
        table(
          "Cases opened and passed",
          ["Measure", "Value"],
          [
            ["Cases opened", String(rec.cases_opened ?? "0")],
            ["Cases passed", String(rec.cases_passed ?? "0")],
          ],
        ),
      ),
    ],
  };
};
