import { must, searchTxs, type TxResponse } from "../api";
import { h, section, table, type Child } from "../dom";
import { blockLink, msgName, time, txLink } from "../format";
import { follow } from "../live";
import type { Page } from "../router";

const BLOCKS = 10;

interface BlockBody {
  block: { header: { height: string; time: string }; data: { txs: string[] | null } };
}

function blockRow(height: string, at: string, txs: number): Child[] {
  return [blockLink(height), time(at), String(txs)];
}

function txRow(t: TxResponse): Child[] {
  const first = t.tx?.body?.messages?.[0]?.["@type"];
  return [txLink(t.txhash), blockLink(t.height), first ? msgName(String(first)) : "—", t.code === 0 ? "ok" : `failed (code ${t.code})`];
}

/** Prepends a row to the table inside `wrap`, keeping at most `max` rows. */
function prepend(wrap: HTMLElement, cells: Child[], max: number): void {
  const body = wrap.querySelector("tbody");
  if (!body) return;
  const row = h(
    "tr",
    { class: "fresh" },
    cells.map((c, i) => (i === 0 ? h("th", { scope: "row" }, c) : h("td", null, c))),
  );
  body.prepend(row);
  while (body.rows.length > max) body.deleteRow(body.rows.length - 1);
}

export const homePage: Page = async (_arg, ctx) => {
  const latest = await must<BlockBody>("cosmos/base/tendermint/v1beta1/blocks/latest");
  const top = Number(latest.block.header.height);
  const heights = Array.from({ length: Math.min(BLOCKS, top) }, (_, i) => top - i);
  const blocks = await Promise.all(
    heights.map((n) => (n === top ? latest : must<BlockBody>(`cosmos/base/tendermint/v1beta1/blocks/${n}`))),
  );
  const txs = await searchTxs("tx.height>0", 10);

  const blockTable = table(
    "Latest blocks",
    ["Height", "Time", "Txs"],
    blocks.map((b) => blockRow(b.block.header.height, b.block.header.time, b.block.data.txs?.length ?? 0)),
  );
  // Always a table (even empty) so live txs have somewhere to go.
  const txTable = table("Latest transactions", ["Hash", "Height", "First message", "Result"], txs.map(txRow));
  const txHolder = h("div", null, txs.length ? txTable : emptyTxTable());
  const lastBlock = h("p", { class: "lead" }, `Height ${top}, `, h("span", { id: "last-time" }, time(latest.block.header.time)));
  const status = document.getElementById("live-status");

  // Blocks committed while the page loaded and the websocket connected are read from REST, so
  // the list has no gaps; the chain serialises the updates in height order.
  let shown = top;
  let chain = Promise.resolve();
  const showBlock = (height: number, at: string, count: number) => {
    prepend(blockTable, blockRow(String(height), at, count), BLOCKS);
    lastBlock.replaceChildren(`Height ${height}, `, h("span", { id: "last-time" }, time(at)));
    shown = height;
  };
  const stop = follow({
    block: (b) => {
      chain = chain.then(async () => {
        const height = Number(b.height);
        if (height <= shown) return;
        for (let missing = Math.max(shown + 1, height - BLOCKS + 1); missing < height; missing++) {
          const m = await must<BlockBody>(`cosmos/base/tendermint/v1beta1/blocks/${missing}`).catch(() => undefined);
          if (m) showBlock(missing, m.block.header.time, m.block.data.txs?.length ?? 0);
        }
        showBlock(height, b.time, b.txs);
      });
    },
    tx: (t) => {
      void must<{ tx_response: TxResponse }>(`cosmos/tx/v1beta1/txs/${t.hash}`)
        .then((r) => prepend(txHolder, txRow(r.tx_response), 10))
        .catch(() => prepend(txHolder, [txLink(t.hash), blockLink(t.height), "—", "—"], 10));
    },
    status: (text) => {
      if (status) status.textContent = text;
    },
  });
  ctx.onLeave(() => {
    stop();
    if (status) status.textContent = "Not live.";
  });

  return {
    title: "Latest blocks and transactions",
    content: [lastBlock, section("Blocks", blockTable), section("Transactions", txHolder)],
  };
};

function emptyTxTable(): HTMLElement {
  const t = table("Latest transactions", ["Hash", "Height", "First message", "Result"], [["—", "—", "—", "No transactions yet."]]);
  t.querySelector("tbody")?.replaceChildren();
  return t;
}
