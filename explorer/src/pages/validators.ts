import { listIn, must, maybe } from "../api";
import { badge, facts, h, section, table } from "../dom";
import { rePrefix } from "../bech32";
import { bps, groupDigits, value } from "../format";
import type { Page } from "../router";

type Rec = Record<string, unknown>;

/** ymlvaloper1… → yml1… (validatorgov names candidates by their account). */
function accountOf(operator: string): string {
  const prefix = operator.slice(0, operator.lastIndexOf("1")).replace(/valoper$/, "");
  return rePrefix(operator, prefix) ?? operator;
}

export const validatorsPage: Page = async () => {
  const [validators, approved, applications, concentration, demotions] = await Promise.all([
    must("cosmos/staking/v1beta1/validators?pagination.limit=200"),
    maybe("blockchain/validatorgov/v1/approved_validator?pagination.limit=200"),
    maybe("blockchain/validatorgov/v1/validator_application?pagination.limit=200"),
    maybe<{ groups: Rec[]; total_power: string; active_validators: number; min_active_validators: number }>(
      "blockchain/validatorgov/v1/concentration",
    ),
    maybe("blockchain/validatorgov/v1/demotion?pagination.limit=200"),
  ]);
  const approvedSet = new Set(listIn(approved).map((a) => String(a.candidate)));
  return {
    title: "Validators",
    content: [
      section(
        "Validator set",
        table(
          "Validators",
          ["Moniker", "Operator", "Status", "Tokens", "Commission", "Validatorgov"],
          listIn(validators).map((v) => {
            const operator = String(v.operator_address);
            const desc = (v.description ?? {}) as Rec;
            const rate = Number(((v.commission as Rec)?.commission_rates as Rec)?.rate ?? 0);
            return [
              String(desc.moniker || "—"),
              h("span", { class: "mono wrap" }, operator),
              [String(v.status).replace("BOND_STATUS_", "").toLowerCase(), v.jailed ? [" ", badge("jailed", "bad")] : null],
              groupDigits(String(v.tokens)),
              `${(rate * 100).toFixed(2)} %`,
              approvedSet.has(operator) || approvedSet.has(accountOf(operator))
                ? badge("approved", "good")
                : badge("not approved", "neutral"),
            ];
          }),
        ),
      ),
      section(
        "Concentration",
        concentration
          ? [
              facts([
                ["Total power", groupDigits(concentration.total_power)],
                ["Active validators", `${concentration.active_validators} (minimum ${concentration.min_active_validators})`],
              ]),
              table(
                "Concentration by group",
                ["Group", "Cap", "Power", "Share", "Cap share", "Over cap"],
                concentration.groups.map((g) => [
                  value(g.group),
                  String(g.cap).replace("CONCENTRATION_CAP_", "").toLowerCase().replace(/_/g, " "),
                  String(g.power),
                  bps(String(g.power_bps)),
                  bps(String(g.cap_bps)),
                  g.over ? badge("over", "warn") : badge("within", "good"),
                ]),
              ),
            ]
          : h("p", null, "No concentration figures."),
      ),
      section(
        "Validatorgov",
        table(
          "Approved validators",
          ["Candidate", "Approved", "Declaration"],
          listIn(approved).map((a) => [value(a.candidate), value(a.approved), value(a.declaration, 2)]),
          "No approved validators listed.",
        ),
        table(
          "Applications",
          ["Candidate", "Details"],
          listIn(applications).map((a) => [value(a.candidate), value(a, 2)]),
          "No pending applications.",
        ),
        table(
          "Demotions",
          ["Validator", "Details"],
          listIn(demotions).map((d) => [value(Object.values(d)[0]), value(d, 2)]),
          "No demotions.",
        ),
      ),
    ],
  };
};
