import { maybe, type TxResponse } from "../api";
import { badge, facts, h, notice, section, table } from "../dom";
import { attributeValue, blockLink, coins, isTxHash, msgName, time, value } from "../format";
import type { Page } from "../router";

export const txPage: Page = async (arg) => {
  if (!isTxHash(arg)) return { title: "Transaction", content: [notice("error", `“${arg}” is not a tx hash (64 hex characters).`)] };
  const hash = arg.toUpperCase();
  const found = await maybe<{ tx_response: TxResponse }>(`cosmos/tx/v1beta1/txs/${hash}`);
  if (!found) return { title: "Transaction not found", content: [notice("info", `No transaction ${hash} is indexed on this node.`)] };
  const t = found.tx_response;
  const messages = t.tx.body.messages;
  return {
    title: `Transaction ${hash.slice(0, 8)}…`,
    content: [
      facts([
        ["Hash", h("span", { class: "mono wrap" }, hash)],
        ["Result", t.code === 0 ? badge("success", "good") : badge(`failed: code ${t.code} (${t.codespace})`, "bad")],
        ["Height", blockLink(t.height)],
        ["Time", time(t.timestamp)],
        ["Gas used / wanted", `${t.gas_used} / ${t.gas_wanted}`],
        ["Fee", coins(t.tx.auth_info?.fee?.amount)],
        ["Memo", t.tx.body.memo],
        t.code !== 0 ? ["Log", t.raw_log ?? ""] : ["Messages", String(messages.length)],
      ]),
      section(
        `Messages (${messages.length})`,
        messages.map((m, i) => h("article", { class: "card" }, h("h3", null, `${i + 1}. ${msgName(String(m["@type"]))}`), value(m))),
      ),
      section(
        "Events",
        (t.events ?? []).map((e) =>
          table(
            e.type,
            ["Attribute", "Value"],
            e.attributes.map((a) => [a.key, attributeValue(a.key, a.value)]),
            "No attributes.",
          ),
        ),
      ),
    ],
  };
};
