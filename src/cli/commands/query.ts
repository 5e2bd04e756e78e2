import { Command } from "commander";
import { catalogue, type QueryEntry } from "../client/catalogue";
import { addClientOptions, clientContext, type ClientOptions } from "../client/context";
import { addFieldOptions, collectFields } from "../client/fields-cli";
import { queryDoc } from "../client/help";
import { encodeMessage, messageToJson } from "../client/msg-json";
import { action, NodeError, print, UsageError } from "../client/output";
import { waitForTx } from "../client/tx-flow";
import { parseBytes } from "../client/values";

const PAGE_REQUEST = "cosmos.base.query.v1beta1.PageRequest";

/** `query <module> <query>` for every query the app routes, through abci_query (or REST with --rest). */
export function queryCommand(): Command {
  const query = new Command("query").alias("q").description("query the chain state");
  const modules = new Map<string, Command>();
  for (const entry of catalogue().queries) {
    let mod = modules.get(entry.module);
    if (!mod) {
      mod = new Command(entry.module).description(`${entry.module} queries`);
      modules.set(entry.module, mod);
    }
    mod.addCommand(queryLeaf(entry));
  }
  for (const name of [...modules.keys()].sort()) query.addCommand(modules.get(name)!);
  query.addCommand(txQueryCommand());
  return query;
}

function queryLeaf(entry: QueryEntry): Command {
  const pathParams = [...(entry.def.rest?.path.matchAll(/\{([a-z0-9_]+)\}/g) ?? [])]
    .map((m) => m[1])
    .filter((n) => entry.request.fields.some((f) => f.name === n));
  const pagination = entry.request.desc?.fields.find((f) => f.name === "pagination" && f.message?.typeName === PAGE_REQUEST);
  const [service] = entry.def.path.slice(1).split("/");
  const doc = queryDoc({
    service,
    method: entry.method,
    requestType: entry.request.typeName,
    path: entry.def.path,
    rest: entry.def.rest?.path,
  });
  const cmd = new Command(entry.command).aliases(entry.aliases).summary(doc.summary).description(doc.description);
  for (const p of pathParams) cmd.argument(`[${p}]`, entry.request.fields.find((f) => f.name === p)?.doc);
  cmd.optionsGroup("Request fields:");
  const flags = addFieldOptions(cmd, entry.request, (f) => f.name === "pagination" && pagination !== undefined);
  cmd.optionsGroup("Query flags:");
  addClientOptions(cmd, { output: "text", keyring: false });
  // A request with a field of that name (a block by height) keeps --height for the field.
  const pinsHeight = !entry.request.fields.some((f) => f.name === "height");
  if (pinsHeight) cmd.option("--height <h>", "answer at this height (0 = latest; the node keeps what its pruning settings say)");
  if (pagination) {
    cmd
      .option("--page-key <key>", "next_key of the previous page (base64 or hex)")
      .option("--offset <n>", "skip this many results (instead of --page-key)")
      .option("--limit <n>", "at most this many results")
      .option("--count-total", "also count all results")
      .option("--reverse", "results in descending order");
  }
  cmd.action(
    action(async (...all: unknown[]) => {
      const opts = all[pathParams.length] as ClientOptions & Record<string, unknown>;
      const positional = new Map<string, string>();
      pathParams.forEach((p, i) => {
        if (all[i] !== undefined) positional.set(p, all[i] as string);
      });
      const { protoJson, codecJson } = collectFields(flags, opts, positional);
      if (pagination) protoJson.pagination = pageRequest(opts);
      const ctx = clientContext(opts);
      const bytes = await ctx
        .node()
        .query(entry.def.path, encodeMessage(entry.request, protoJson, codecJson), pinsHeight ? queryHeight(opts.height) : 0n);
      print(messageToJson(entry.response, bytes), ctx.output);
    }),
  );
  return cmd;
}

function queryHeight(raw: unknown): bigint {
  if (raw === undefined) return 0n;
  if (!/^[0-9]{1,19}$/.test(String(raw))) throw new UsageError("--height: expected a non-negative integer");
  return BigInt(String(raw));
}

function pageRequest(o: Record<string, unknown>): Record<string, unknown> {
  const uint = (name: string, v: unknown) => {
    if (v === undefined) return undefined;
    if (!/^[0-9]+$/.test(String(v))) throw new UsageError(`--${name}: expected a non-negative integer`);
    return String(v);
  };
  if (o.pageKey !== undefined && o.offset !== undefined) throw new UsageError("give --page-key or --offset, not both");
  const req: Record<string, unknown> = {};
  if (o.pageKey !== undefined) req.key = parseBytes(String(o.pageKey));
  if (o.offset !== undefined) req.offset = uint("offset", o.offset);
  if (o.limit !== undefined) req.limit = uint("limit", o.limit);
  if (o.countTotal) req.count_total = true;
  if (o.reverse) req.reverse = true;
  return req;
}

/** `query tx <hash>`: the committed result of a tx. */
function txQueryCommand(): Command {
  const cmd = new Command("tx").description("the result of a committed tx by hash").argument("<hash>", "tx hash (hex)");
  addClientOptions(cmd, { output: "json", keyring: false }).option("--wait", "wait for the tx to be included");
  return cmd.action(
    action(async (hash: string, opts: ClientOptions & { wait?: boolean }) => {
      if (!/^[0-9a-fA-F]{64}$/.test(hash)) throw new UsageError("expected a 64-character hex tx hash");
      const ctx = clientContext(opts);
      const result = opts.wait ? await waitForTx(ctx.node(), hash.toUpperCase()) : await ctx.node().getTx(hash.toUpperCase());
      if (!result) throw new NodeError(`tx ${hash} not found (not yet in a block, or unknown to this node)`);
      print(result, ctx.output);
    }),
  );
}
