import { Router } from "../../app/router";
import { buildModules } from "../../app/modules";
import { protoRegistry } from "../../codec/proto-json";
import { accAddress, valAddress } from "../../types/address";
import type { MsgDef, QueryDef } from "../../types/module";
import { kebab } from "./names";
import { schemaOf, type MessageSchema } from "./schema";

export interface MsgEntry {
  module: string;
  /** Sub-command name: "MsgMultiSend" → "multi-send". */
  command: string;
  def: MsgDef;
  schema: MessageSchema;
  /** The field `--from` fills: an account address, a validator operator address, or a one-element list. */
  signer?: SignerField;
}

export interface QueryEntry {
  module: string;
  command: string;
  aliases: string[];
  def: QueryDef;
  method: string;
  request: MessageSchema;
  response: MessageSchema;
}

export interface Catalogue {
  msgs: MsgEntry[];
  queries: QueryEntry[];
  msgByType(typeUrl: string): MsgEntry | undefined;
  queryByPath(path: string): QueryEntry | undefined;
}

let cached: Catalogue | undefined;

/** Every message and query the app routes, read from the same module list the node runs. */
export function catalogue(): Catalogue {
  if (cached) return cached;
  const router = new Router(buildModules().modules);
  const msgs = router.allMsgs().map((def): MsgEntry => {
    const typeName = def.typeUrl.slice(1);
    const schema = schemaOf(typeName, def.codec);
    return {
      module: router.moduleOfMsg(def.typeUrl),
      command: kebab(typeName.slice(typeName.lastIndexOf(".") + 1).replace(/^Msg/, "")),
      def,
      schema,
      signer: signerField(def, schema),
    };
  });
  const queries = router.allQueries().map(({ def, module }): QueryEntry => {
    const [service, method] = def.path.slice(1).split("/");
    const types = queryTypeNames(service, method);
    const command = kebab(method);
    // The SDK's CLI names list queries without their "All" prefix: `query bank balances`.
    const aliases = method.startsWith("All") && method.length > 3 ? [kebab(method.slice(3))] : [];
    return {
      module,
      command,
      aliases,
      def,
      method,
      request: schemaOf(types.request, def.requestCodec),
      response: schemaOf(types.response, def.responseCodec),
    };
  });
  qualifyCollidingCommands(msgs);
  for (const q of queries) q.aliases = q.aliases.filter((a) => !queries.some((o) => o.module === q.module && o.command === a));
  const byType = new Map(msgs.map((m) => [m.def.typeUrl, m]));
  const byPath = new Map(queries.map((q) => [q.def.path, q]));
  cached = { msgs, queries, msgByType: (t) => byType.get(t), queryByPath: (p) => byPath.get(p) };
  return cached;
}

/** The request/response names from the service descriptor, else the SDK convention Query<M>Request. */
function queryTypeNames(service: string, method: string): { request: string; response: string } {
  const m = protoRegistry()
    .getService(service)
    ?.methods.find((x) => x.name === method);
  if (m) return { request: m.input.typeName, response: m.output.typeName };
  const pkg = service.slice(0, service.lastIndexOf("."));
  return { request: `${pkg}.Query${method}Request`, response: `${pkg}.Query${method}Response` };
}

export interface SignerField {
  name: string;
  form: "account" | "validator" | "list";
}

const PROBE_BYTES = new Uint8Array(20).fill(7);

/** Finds the signer field by asking the MsgDef itself which field it reads a signer from. */
function signerField(def: MsgDef, schema: MessageSchema): SignerField | undefined {
  const acc = accAddress.encode(PROBE_BYTES);
  const val = valAddress.encode(PROBE_BYTES);
  const tries: Array<[SignerField["form"], unknown]> = [
    ["account", acc],
    ["validator", val],
    ["list", [acc]],
  ];
  for (const f of schema.fields) {
    if (f.kind !== "string") continue;
    for (const [form, value] of tries) {
      if ((form === "list") !== f.repeated) continue;
      try {
        if (def.signers(def.codec.fromPartial({ [f.localName]: value })).includes(acc)) return { name: f.name, form };
      } catch {
        // A signer function that needs other fields: not this one.
      }
    }
  }
  return undefined;
}

/**
 * A module whose protos span several packages (ibc: client, connection, channel) can route two
 * messages of one name (`MsgUpdateParams`): each of those is named after its package, e.g.
 * `tx ibc connection-update-params`, as ibc-go's CLI puts them under `client`/`connection`.
 */
function qualifyCollidingCommands(msgs: MsgEntry[]): void {
  const key = (m: MsgEntry) => `${m.module} ${m.command}`;
  const counts = new Map<string, number>();
  for (const m of msgs) counts.set(key(m), (counts.get(key(m)) ?? 0) + 1);
  for (const m of msgs) {
    if (counts.get(key(m))! < 2) continue;
    const pkg = m.def.typeUrl.slice(1).split(".");
    const sub = pkg.length >= 3 ? pkg[pkg.length - 3] : pkg[0];
    m.command = `${kebab(sub!)}-${m.command}`;
  }
}
