import type { FastifyInstance, FastifyRequest } from "fastify";
import type { App } from "../app/app";
import type { Logger } from "../types/logger";
import { fromQueryLog, restErrors } from "./errors";
import { gatewayJson } from "./json";
import { buildRequest, type QueryValues } from "./request";
import { fastifyPath, pathParamNames, queryDescriptors, type QueryRoute } from "./routes";

export const HEIGHT_HEADER = "x-cosmos-block-height";

/** The height a request pins with x-cosmos-block-height (0 = latest); malformed → 400. */
export function requestedHeight(req: FastifyRequest): bigint {
  const raw = req.headers[HEIGHT_HEADER];
  if (raw === undefined || raw === "") return 0n;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!/^\d{1,19}$/.test(value) || BigInt(value) > 9223372036854775807n) {
    throw restErrors.invalidArgument(`invalid height header ${JSON.stringify(value.slice(0, 40))}: must be a non-negative int64`);
  }
  return BigInt(value);
}

/** Every query a module declares with a REST route, in registration order. */
export function collectQueryRoutes(app: App, logger: Logger): QueryRoute[] {
  const routes: QueryRoute[] = [];
  const seen = new Set<string>();
  for (const { def, module } of app.router.allQueries()) {
    if (!def.rest) continue;
    const descs = queryDescriptors(def.path);
    if (!descs) {
      logger.error({ path: def.path }, "query has a REST route but no request/response in the descriptor set; not served");
      continue;
    }
    const key = fastifyPath(def.rest.path).replace(/:\w+/g, ":");
    if (seen.has(key)) {
      logger.error({ path: def.path, route: def.rest.path }, "REST route claimed twice; second one not served");
      continue;
    }
    seen.add(key);
    routes.push({ module, grpcPath: def.path, template: def.rest.path, request: descs.request, response: descs.response, def });
  }
  return routes;
}

/**
 * Serves each route through App.query — the ABCI Query path — so a REST client gets the very
 * answer (and error) a gRPC or cosmjs client gets.
 */
export function registerQueryRoutes(fastify: FastifyInstance, app: App, routes: QueryRoute[]): void {
  for (const route of routes) {
    const params = pathParamNames(route.template);
    fastify.get(fastifyPath(route.template), { config: { route: route.template } }, async (req, reply) => {
      const raw = req.params as Record<string, string>;
      const pathValues: Record<string, string> = {};
      for (const name of params) pathValues[name] = raw[name.replace(/\./g, "__")] ?? "";
      const data = buildRequest(route.request, pathValues, req.query as QueryValues);
      const res = app.query({ path: route.grpcPath, data, height: requestedHeight(req), prove: false });
      if (res.code !== 0) throw fromQueryLog(res.log);
      reply.header(HEIGHT_HEADER, res.height.toString());
      return gatewayJson(route.response.typeName, res.value);
    });
  }
}
