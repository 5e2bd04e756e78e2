import { listIn, maybe, q, rest, searchTxs, type Coin } from "../api";
import { badge, facts, h, notice, section, table } from "../dom";
import { blockLink, coins, enumText, groupDigits, isAddress, msgName, txLink, value } from "../format";
import type { Page } from "../router";

type Rec = Record<string, unknown>;

export const accountPage: Page = async (arg) => {
  const address = arg.trim();
  if (!isAddress(address)) return { title: "Account", content: [notice("error", `“${address}” is not an account address.`)] };
  const [balances, delegations, alias, jurisdiction, roles, freeze, cases, txs] = await Promise.all([
    rest<{ balances: Coin[] }>(`cosmos/bank/v1beta1/balances/${q(address)}`),
    maybe<{ delegation_responses: { delegation: Rec; balance: Coin }[] }>(`cosmos/staking/v1beta1/delegations/${q(address)}`),
    maybe<{ alias: Rec }>(`blockchain/alias/v1/alias_of/${q(address)}`),
    maybe<{ jurisdiction: Rec }>(`blockchain/alias/v1/jurisdiction/${q(address)}`),
    maybe(`blockchain/alias/v1/role_grants/${q(address)}`),
    maybe<{ frozen: boolean; freeze: Rec; case: Rec }>(`blockchain/enforcement/v1/freeze/${q(address)}`),
    maybe("blockchain/enforcement/v1/case?pagination.limit=500"),
    searchTxs(`message.sender='${address}'`, 10).catch(() => []),
  ]);
  if (!balances.ok) return { title: "Account", content: [notice("error", `This node cannot read ${address}: ${balances.message}`)] };
  const myCases = listIn(cases).filter((c) => c.target === address);
  const frozen = freeze?.frozen === true;
  return {
    title: `Account ${address.slice(0, 10)}…${address.slice(-6)}`,
    content: [
      facts([
        ["Address", h("span", { class: "mono wrap" }, address)],
        ["Alias", alias?.alias ? String(alias.alias.id) : "none registered"],
        ["Jurisdiction", jurisdiction?.jurisdiction ? String(jurisdiction.jurisdiction.country) : "none recorded"],
        [
          "Freeze status",
          frozen
            ? [
                badge("frozen", "bad"),
                ` by case ${String(freeze?.freeze?.case_id ?? "")}`,
                ` until height ${String(freeze?.freeze?.expires_at_height ?? "—")}`,
              ]
            : badge("not frozen", "good"),
        ],
      ]),
      section(
        "Balances",
        table(
          "Balances",
          ["Denom", "Amount"],
          balances.data.balances.map((c) => [c.denom, groupDigits(c.amount)]),
          "No balances.",
        ),
      ),
      section(
        "Delegations",
        table(
          "Delegations",
          ["Validator", "Shares", "Balance"],
          (delegations?.delegation_responses ?? []).map((d) => [
            h("span", { class: "mono wrap" }, String(d.delegation.validator_address)),
            String(d.delegation.shares),
            coins([d.balance]),
          ]),
          "No delegations.",
        ),
      ),
      section(
        "Roles",
        table(
          "Role grants",
          ["Role", "Jurisdiction", "Granted by"],
          listIn(roles).map((g) => [enumText(g.role, "ROLE_"), String(g.jurisdiction || "chain-wide"), value(g.granted_by)]),
          "No roles granted.",
        ),
      ),
      section(
        "Enforcement cases",
        table(
          "Cases about this account",
          ["Case", "Action", "Status", "Reason"],
          myCases.map((c) => [
            String(c.id),
            enumText(c.action, "CASE_ACTION_"),
            enumText(c.status, "CASE_STATUS_"),
            String(c.reason ?? ""),
          ]),
          "No cases about this account.",
        ),
      ),
      section(
        "Recent transactions",
        table(
          "Transactions sent by this account",
          ["Hash", "Height", "First message"],
          txs.map((t) => [txLink(t.txhash), blockLink(t.height), msgName(String(t.tx.body.messages[0]?.["@type"] ?? ""))]),
          "No transactions sent.",
        ),
      ),
    ],
  };
};
