import type { FastifyInstance } from "fastify";
import { TestChain, type TestChainOptions } from "../../helpers/chain";
import { createRestServer, DevBackend } from "../../../src/rest";

export interface RestHarness {
  chain: TestChain;
  rest: FastifyInstance;
  get(url: string, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  post(url: string, payload: unknown): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** A TestChain with the REST server over its dev engine, driven through fastify.inject. */
export async function restHarness(opts: TestChainOptions & { prefix?: string } = {}): Promise<RestHarness> {
  const chain = await TestChain.create(opts);
  const rest = createRestServer({ app: chain.app, node: new DevBackend(chain.engine, chain.app), prefix: opts.prefix });
  await rest.ready();
  const parse = (payload: string) => {
    try {
      return JSON.parse(payload);
    } catch {
      return payload;
    }
  };
  return {
    chain,
    rest,
    async get(url, headers) {
      const res = await rest.inject({ method: "GET", url, headers });
      return { status: res.statusCode, body: parse(res.payload), headers: res.headers };
    },
    async post(url, payload) {
      const res = await rest.inject({ method: "POST", url, payload: payload as any });
      return { status: res.statusCode, body: parse(res.payload), headers: res.headers };
    },
    async close() {
      await rest.close();
      await chain.close();
    },
  };
}
