import type { Context } from "../types/context";
import { canonicaliseAddresses } from "../codec/canonical-addresses";
import { sdkErrors } from "../types/errors";
import type { Module } from "../types/module";
import { binaryToJson, jsonToBinary } from "../codec/proto-json";

/** The `app_state` object of genesis.json: one proto3-JSON document per module, keyed by name. */
export type AppState = Record<string, unknown>;

export function parseAppState(bytes: Uint8Array): AppState {
  if (bytes.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(bytes).toString("utf8"));
  } catch (e) {
    throw sdkErrors.ErrJSONUnmarshal.wrap(`genesis app_state: ${(e as Error).message}`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw sdkErrors.ErrJSONUnmarshal.wrap("genesis app_state must be a JSON object");
  }
  return parsed as AppState;
}

/** Decodes and validates each module's section (missing = the module's default). */
export function decodeGenesis(modules: readonly Module[], appState: AppState): Map<string, unknown> {
  const known = new Set(modules.map((m) => m.name));
  for (const key of Object.keys(appState)) {
    if (!known.has(key)) throw sdkErrors.ErrJSONUnmarshal.wrap(`genesis app_state has unknown module ${JSON.stringify(key)}`);
  }
  const out = new Map<string, unknown>();
  for (const m of modules) {
    if (!m.genesis) continue;
    const section = appState[m.name];
    const state = section === undefined ? m.genesis.defaultGenesis() : m.genesis.codec.decode(jsonToBinary(m.genesis.typeName, section));
    // A genesis file's addresses in the one spelling state is keyed and compared by, as a tx's.
    canonicaliseAddresses(m.genesis.typeName, state);
    m.genesis.validate(state);
    out.set(m.name, state);
  }
  return out;
}

export function defaultAppState(modules: readonly Module[]): AppState {
  const state: AppState = {};
  for (const m of modules) {
    if (m.genesis) state[m.name] = binaryToJson(m.genesis.typeName, m.genesis.codec.encode(m.genesis.defaultGenesis()).finish());
  }
  return state;
}

export function initGenesis(ctx: Context, modulesInOrder: readonly Module[], decoded: Map<string, unknown>): void {
  for (const m of modulesInOrder) {
    if (m.genesis) m.genesis.init(ctx, decoded.get(m.name));
  }
}

export function exportAppState(ctx: Context, modules: readonly Module[]): AppState {
  const state: AppState = {};
  for (const m of modules) {
    if (m.genesis) state[m.name] = binaryToJson(m.genesis.typeName, m.genesis.codec.encode(m.genesis.export(ctx)).finish());
  }
  return state;
}
