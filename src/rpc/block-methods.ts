import { Block } from "cosmjs-types/tendermint/types/block";
import { TxQueryError } from "../node/backend";
import { parseTxQuery, type Condition } from "../node/tx-query";
import { type DevChainView, int, MAX_QUERY_LENGTH, page, perPage, type RpcMethod, str } from "./dev-chain-view";
import { eventMap, matches } from "./event-match";
import { rpcErrors } from "./errors";
import * as json from "./shapes";

const BLOCKCHAIN_LIMIT = 20n;

/** The heights block.height conditions leave, within what the node has. */
function heightRange(conditions: readonly Condition[], lo: bigint, hi: bigint): [bigint, bigint] {
  for (const c of conditions) {
    if (c.key !== "block.height" || !/^\d+$/.test(c.value)) continue;
    const v = BigInt(c.value);
    if (c.op === "=" || c.op === ">=") lo = v > lo ? v : lo;
    if (c.op === ">") lo = v + 1n > lo ? v + 1n : lo;
    if (c.op === "=" || c.op === "<=") hi = v < hi ? v : hi;
    if (c.op === "<") hi = v - 1n < hi ? v - 1n : hi;
  }
  return [lo, hi];
}

/** Blocks, headers, commits, block results and the validator set. */
export function blockMethods(chain: DevChainView): Record<string, RpcMethod> {
  return {
    block: {
      params: [["height", "int"]],
      async run(p) {
        const h = chain.heightOf(int(p, "height"));
        if (h === 0n) return { block_id: json.blockIdJson(undefined), block: null };
        const view = await chain.blockView(h);
        return { block_id: json.blockIdJson(view.blockId), block: json.blockJson(view.block) };
      },
    },

    header: {
      params: [["height", "int"]],
      async run(p) {
        const view = await chain.blockView(chain.heightOf(int(p, "height")));
        return { header: json.headerJson(view.block.header) };
      },
    },

    commit: {
      params: [["height", "int"]],
      run: async (p) => chain.commitFor(chain.heightOf(int(p, "height"))),
    },

    block_results: {
      params: [["height", "int"]],
      async run(p) {
        const h = chain.heightOf(int(p, "height"));
        const r = await chain.engine.blocks.results(h);
        if (!r) throw rpcErrors.internal(`could not find results for height #${h}`);
        const orNull = <T>(xs: T[]) => (xs.length > 0 ? xs : null);
        return {
          height: h.toString(),
          txs_results: orNull(r.txResults.map(json.execTxResultJson)),
          finalize_block_events: orNull(r.events.map(json.eventJson)),
          validator_updates: orNull(r.validatorUpdates.map(json.validatorUpdateJson)),
          consensus_param_updates: null,
          app_hash: json.base64(r.appHash),
        };
      },
    },

    blockchain: {
      params: [
        ["minHeight", "int"],
        ["maxHeight", "int"],
      ],
      async run(p) {
        const latest = chain.engine.height;
        let min = int(p, "minHeight") ?? 0n;
        let max = int(p, "maxHeight") ?? 0n;
        if (min < 0n || max < 0n) throw rpcErrors.internal("heights must be non-negative");
        if (min === 0n) min = 1n;
        if (max === 0n || max > latest) max = latest;
        if (min < chain.initialHeight) min = chain.initialHeight;
        if (min < max - BLOCKCHAIN_LIMIT + 1n) min = max - BLOCKCHAIN_LIMIT + 1n;
        if (min > max) throw rpcErrors.internal(`min height ${min} can't be greater than max height ${max}`);
        const metas = [];
        for (let h = max; h >= min; h--) {
          const view = await chain.blockView(h);
          metas.push({
            block_id: json.blockIdJson(view.blockId),
            block_size: String(Block.encode(view.block).finish().length),
            header: json.headerJson(view.block.header),
            num_txs: String(view.block.data?.txs.length ?? 0),
          });
        }
        return { last_height: latest.toString(), block_metas: metas };
      },
    },

    block_search: {
      params: [
        ["query", "string"],
        ["page", "int"],
        ["per_page", "int"],
        ["order_by", "string"],
      ],
      async run(p) {
        const query = str(p, "query");
        if (query.length > MAX_QUERY_LENGTH) throw rpcErrors.internal("maximum query length exceeded");
        const orderBy = str(p, "order_by");
        if (orderBy !== "" && orderBy !== "asc" && orderBy !== "desc")
          throw rpcErrors.invalidRequest("expected order_by to be either `asc` or `desc` or empty: invalid request");
        let conditions;
        try {
          conditions = parseTxQuery(query);
        } catch (e) {
          throw rpcErrors.internal(e instanceof TxQueryError ? e.message : String(e));
        }
        // The block indexer holds block.height and every FinalizeBlock event attribute; heights bound the scan.
        const [lo, hi] = heightRange(conditions, chain.initialHeight, chain.engine.height);
        const found: bigint[] = [];
        for (let h = lo; h <= hi; h++) {
          const r = await chain.engine.blocks.results(h);
          if (r && matches(conditions, eventMap(r.events, { "block.height": h.toString() }))) found.push(h);
        }
        if (orderBy === "desc") found.reverse();
        const per = perPage(int(p, "per_page"));
        const pg = page(int(p, "page"), per, found.length);
        const blocks = [];
        for (const h of found.slice((pg - 1) * per, pg * per)) {
          const view = await chain.blockView(h);
          blocks.push({ block_id: json.blockIdJson(view.blockId), block: json.blockJson(view.block) });
        }
        return { blocks, total_count: String(found.length) };
      },
    },

    validators: {
      params: [
        ["height", "int"],
        ["page", "int"],
        ["per_page", "int"],
      ],
      async run(p) {
        // As CometBFT: the latest set known is the next height's (the last block's NextValidators).
        const h = chain.heightOf(int(p, "height"), chain.engine.height + 1n);
        const all = await chain.validatorsAt(h);
        const per = perPage(int(p, "per_page"));
        const pg = page(int(p, "page"), per, all.length);
        const slice = all.slice((pg - 1) * per, pg * per);
        return {
          block_height: h.toString(),
          validators: slice.map(json.validatorJson),
          count: String(slice.length),
          total: String(all.length),
        };
      },
    },
  };
}
