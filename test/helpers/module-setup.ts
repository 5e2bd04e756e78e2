import { expect } from "vitest";
import type { Secp256k1Key } from "../../src/client/signer";
import { TestChain, testKey, type DeliverResult } from "./chain";

/**
 * What every chain module's integration setup repeats: keys named under the module, a chain
 * funding them, the module's error assertion, and reading query failures and events.
 */

type Coins = Array<{ denom: string; amount: string }>;

/** Keys `testKey("<module>/<name>")`: the module prefix keeps them apart from other suites' keys. */
export function moduleKeys<const N extends string>(module: string, names: readonly N[]): Record<N, Secp256k1Key> {
  return Object.fromEntries(names.map((name) => [name, testKey(`${module}/${name}`)])) as Record<N, Secp256k1Key>;
}

/** A chain whose genesis funds each named module key with `coins`, in the order given. */
export function moduleChain(
  module: string,
  names: readonly string[],
  coins: Coins,
  mutateGenesis?: (appState: Record<string, any>) => void,
): Promise<TestChain> {
  const funded = Object.fromEntries(names.map((name) => [`${module}/${name}`, coins]));
  return TestChain.create({ funded, mutateGenesis });
}

/** `expect<Module>Error(res, code)`: the tx failed with this code of the module's codespace (the log shows on mismatch). */
export function moduleErrorExpecter(codespace: string): (res: { code: number; codespace: string; log: string }, code: number) => void {
  return (res, code) => {
    expect({ codespace: res.codespace, code: res.code, log: res.log }).toMatchObject({ codespace, code });
  };
}

/** The ABCI query code a failing query answers with (0 on success). */
export function queryCode(fn: () => unknown): number | undefined {
  try {
    fn();
    return 0;
  } catch (e) {
    return (e as { code?: number }).code;
  }
}

/** Attributes of every event of `type`, in emission order. */
export function eventsOf(res: DeliverResult, type: string): Array<Record<string, string>> {
  return res.events.filter((ev) => ev.type === type).map((e) => Object.fromEntries(e.attributes.map((a) => [a.key, a.value])));
}

/** Attributes of the first event of `type`, if any. */
export function eventOf(res: DeliverResult, type: string): Record<string, string> | undefined {
  return eventsOf(res, type)[0];
}

/** Runs `fn` and collects the finalize-block events of the block it produces (gov decisions run at begin block). */
export async function blockEventsOf<R>(
  chain: TestChain,
  fn: () => Promise<R>,
): Promise<{ result: R; events: (type: string) => Array<Record<string, string>> }> {
  const seen: Array<{ type: string; attributes: Array<{ key: string; value: string }> }> = [];
  const off = chain.engine.onBlock((b) => seen.push(...b.response.events));
  try {
    const result = await fn();
    return {
      result,
      events: (type) => seen.filter((e) => e.type === type).map((e) => Object.fromEntries(e.attributes.map((a) => [a.key, a.value]))),
    };
  } finally {
    off();
  }
}
