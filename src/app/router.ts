import type { AnyMsg } from "../types/codec";
import { MAX_MSG_DEPTH, type Context } from "../types/context";
import { sdkErrors } from "../types/errors";
import type { Module, MsgDef, MsgRouter, QueryDef } from "../types/module";
import { validateMsg } from "./msg-validate";

/**
 * Message and query routing tables, built once from the module list. A type URL or query
 * path claimed twice is a wiring bug caught at start-up.
 */
export class Router implements MsgRouter {
  private readonly msgs = new Map<string, { def: MsgDef; module: string }>();
  private readonly queries = new Map<string, { def: QueryDef; module: string }>();

  constructor(modules: readonly Module[]) {
    for (const m of modules) {
      for (const def of m.msgs ?? []) {
        if (this.msgs.has(def.typeUrl)) throw new Error(`message ${def.typeUrl} registered twice`);
        this.msgs.set(def.typeUrl, { def, module: m.name });
      }
      for (const def of m.queries ?? []) {
        if (this.queries.has(def.path)) throw new Error(`query ${def.path} registered twice`);
        this.queries.set(def.path, { def, module: m.name });
      }
    }
  }

  msgDef(typeUrl: string): MsgDef | undefined {
    return this.msgs.get(typeUrl)?.def;
  }

  moduleOfMsg(typeUrl: string): string {
    return this.msgs.get(typeUrl)?.module ?? "";
  }

  queryDef(path: string): QueryDef | undefined {
    return this.queries.get(path)?.def;
  }

  allMsgs(): MsgDef[] {
    return [...this.msgs.values()].map((e) => e.def);
  }

  allQueries(): Array<{ def: QueryDef; module: string }> {
    return [...this.queries.values()];
  }

  has(typeUrl: string): boolean {
    return this.msgs.has(typeUrl);
  }

  private resolve(msg: AnyMsg): { def: MsgDef; decoded: unknown; parsed: unknown } {
    const def = this.msgs.get(msg.typeUrl)?.def;
    if (!def) throw sdkErrors.ErrUnknownRequest.wrap(`unrecognized message type ${JSON.stringify(msg.typeUrl.slice(0, 200))}`);
    let decoded: unknown;
    try {
      decoded = def.codec.decode(msg.value);
    } catch (e) {
      throw sdkErrors.ErrTxDecode.wrap(`${msg.typeUrl}: ${(e as Error).message}`);
    }
    return { def, decoded, parsed: validateMsg(def, decoded) };
  }

  signersOf(msg: AnyMsg): string[] {
    const { def, decoded } = this.resolve(msg);
    return def.signers(decoded);
  }

  /**
   * Runs a message a message executes (authz, group, gov), one level deeper than `ctx`'s, in
   * its own branch with the SDK's "message" event; returns the packed response. Every module
   * that executes messages comes through here, so the depth bound holds for all of them.
   */
  execute(ctx: Context, msg: AnyMsg): AnyMsg {
    const depth = ctx.msgDepth + 1;
    if (depth > MAX_MSG_DEPTH)
      throw sdkErrors.ErrInvalidRequest.wrap(
        `${msg.typeUrl.slice(0, 200)} nested deeper than ${MAX_MSG_DEPTH} levels of messages executing messages`,
      );
    const { def, decoded, parsed } = this.resolve(msg);
    return ctx.withMsgDepth(depth).atomic((inner) => this.run(inner, def, decoded, msg.typeUrl, parsed));
  }

  /**
   * Runs an already decoded and validated message in the caller's branch (the tx runner owns
   * atomicity there); `parsed` is what its validation returned.
   */
  run(ctx: Context, def: MsgDef, decoded: unknown, typeUrl: string, parsed: unknown): AnyMsg {
    const signers = def.signers(decoded);
    ctx.events.emit("message", { action: typeUrl, sender: signers[0] ?? "", module: this.moduleOfMsg(typeUrl) });
    const response = def.handle(ctx, decoded, parsed);
    return { typeUrl: `${typeUrl}Response`, value: def.responseCodec.encode(response).finish() };
  }
}
