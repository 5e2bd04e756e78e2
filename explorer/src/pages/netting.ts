import { maybe, must, q } from "../api";
import { badge, facts, section, table } from "../dom";
import { groupDigits } from "../format";
import type { Page } from "../router";

type Rec = Record<string, unknown>;

const HISTORY = 10;

function status(s: unknown): string {
  return String(s ?? "")
    .replace(/^(CYCLE|DENOM)_STATUS_/, "")
    .toLowerCase();
}

export const nettingPage: Page = async () => {
  const current = await must<{ cycle: Rec; closes_at_height: string }>("blockchain/netting/v1/cycle/current");
  const currentId = Number(current.cycle.id ?? 0);
  const ids = Array.from({ length: Math.min(HISTORY, Math.max(0, currentId - 1)) }, (_, i) => currentId - 1 - i).filter((i) => i >= 1);
  const past = (await Promise.all(ids.map((id) => maybe<{ cycle: Rec }>(`blockchain/netting/v1/cycle/${q(String(id))}`)))).flatMap((c) =>
    c?.cycle ? [c.cycle] : [],
  );
  const cycles = [current.cycle, ...past].filter((c) => Number(c.id ?? 0) > 0);
  return {
    title: "Netting cycles",
    content: [
      facts([
        ["Current cycle", currentId > 0 ? String(currentId) : "none open"],
        ["Status", status(current.cycle.status)],
        ["Opened at height", String(current.cycle.opened_at_height ?? "—")],
        ["Closes at height", String(current.closes_at_height ?? "—")],
      ]),
      section(
        "Cycles",
        table(
          "Netting cycles",
          ["Cycle", "Status", "Opened", "Closed", "Outcomes"],
          cycles.map((c) => [
            String(c.id),
            badge(status(c.status), /SETTLED/.test(String(c.status)) ? "good" : "neutral"),
            String(c.opened_at_height),
            Number(c.closed_at_height) > 0 ? String(c.closed_at_height) : "—",
            String((c.outcomes as unknown[] | undefined)?.length ?? 0),
          ]),
          "No netting cycle yet.",
        ),
        cycles.map((c) =>
          ((c.outcomes as Rec[] | undefined) ?? []).length === 0
            ? null
            : table(
                `Outcomes of cycle ${String(c.id)}`,
                ["Denom", "Status", "Gross", "Net", "Obligations", "Hold reason"],
                (c.outcomes as Rec[]).map((o) => [
                  String(o.denom),
                  status(o.status),
                  groupDigits(String(o.gross_amount)),
                  groupDigits(String(o.net_amount)),
                  String(o.obligation_count),
                  String(o.hold_reason || "—"),
                ]),
              ),
        ),
      ),
    ],
  };
};
