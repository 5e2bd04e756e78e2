import type { Context } from "../../src/types/context";
import type { Module } from "../../src/types/module";

/**
 * Answers a module's query against `ctx` (a state a test changed in place, such as a migrated
 * one) as the chain would: the request and the response go through their codecs, so the result
 * compares equal to what `chain.query` returns for the same state.
 */
export function queryAt<R>(ctx: Context, module: Module, path: string, request: Record<string, unknown>): R {
  const def = module.queries?.find((d) => d.path === path);
  if (def === undefined) throw new Error(`${module.name} serves no ${path}`);
  const req = def.requestCodec.decode(def.requestCodec.encode(def.requestCodec.fromPartial(request)).finish());
  return def.responseCodec.decode(def.responseCodec.encode(def.handle(ctx, req)).finish()) as R;
}
