import { maybe, must, searchTxs } from "../api";
import { facts, h, link, notice, section, table } from "../dom";
import { hex, msgName, time, txLink } from "../format";
import type { Page } from "../router";

interface BlockBody {
  block_id: { hash: string };
  block: {
    header: { height: string; time: string; chain_id: string; proposer_address: string; app_hash: string; last_block_id: { hash: string } };
    data: { txs: string[] | null };
  };
}

export const blockPage: Page = async (arg) => {
  if (!/^\d+$/.test(arg) || BigInt(arg) < 1n) return { title: "Block", content: [notice("error", `“${arg}” is not a block height.`)] };
  const height = BigInt(arg).toString();
  const latest = await must<BlockBody>("cosmos/base/tendermint/v1beta1/blocks/latest");
  const top = BigInt(latest.block.header.height);
  const missing = () => ({ title: `Block ${height}`, content: [notice("info", `Block ${height} is not on this node (latest: ${top}).`)] });
  if (BigInt(height) > top) return missing();
  const b = await maybe<BlockBody>(`cosmos/base/tendermint/v1beta1/blocks/${height}`);
  if (!b) return missing();
  const txs = (b.block.data.txs?.length ?? 0) > 0 ? await searchTxs(`tx.height=${height}`, 100) : [];
  const hdr = b.block.header;
  const prev = BigInt(height) - 1n;
  const next = BigInt(height) + 1n;
  return {
    title: `Block ${height}`,
    content: [
      h(
        "nav",
        { class: "pager", "aria-label": "Neighbouring blocks" },
        prev >= 1n ? link(`#/block/${prev}`, `← Block ${prev}`) : null,
        next <= top ? link(`#/block/${next}`, `Block ${next} →`) : null,
      ),
      facts([
        ["Time", time(hdr.time)],
        ["Chain", hdr.chain_id],
        ["Block hash", h("span", { class: "mono wrap" }, hex(b.block_id.hash))],
        ["Previous block hash", h("span", { class: "mono wrap" }, hex(hdr.last_block_id?.hash))],
        ["App hash", h("span", { class: "mono wrap" }, hex(hdr.app_hash))],
        ["Proposer", h("span", { class: "mono wrap" }, hex(hdr.proposer_address))],
        ["Transactions", String(b.block.data.txs?.length ?? 0)],
      ]),
      section(
        "Transactions",
        table(
          `Transactions in block ${height}`,
          ["Hash", "Messages", "Result", "Gas used"],
          txs.map((t) => [
            txLink(t.txhash),
            t.tx.body.messages.map((m) => msgName(String(m["@type"]))).join(", "),
            t.code === 0 ? "ok" : `failed (code ${t.code})`,
            t.gas_used,
          ]),
          "No transactions in this block.",
        ),
      ),
    ],
  };
};
