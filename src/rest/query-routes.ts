import type { DescMessage } from "@bufbuild/protobuf";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { App } from "../app/app";
import type { Logger } from "../types/logger";
import { RestError, fromQueryLog, restErrors } from "./errors";
import { gatewayJson } from "../codec/gateway-json";
import { buildRequest, type QueryValues } from "./request";
import { HEIGHT_HEADER, type Answer, type AnswerCache } from "./answer-cache";
import { fastifyParamName, fastifyPath, pathParamNames, queryDescriptors, type QueryRoute } from "./routes";

/**
 * The height a request pins (0 = latest): x-cosmos-block-height, or `?height=` where the
 * route's request has no field of that name to take it; malformed → 400.
 */
export function requestedHeight(req: FastifyRequest, request?: DescMessage): bigint {
  const header = req.headers[HEIGHT_HEADER];
  const param = request && !request.fields.some((f) => f.name === "height") ? (req.query as QueryValues).height : undefined;
  const raw = header !== undefined && header !== "" ? header : param;
  if (raw === undefined || raw === "") return 0n;
  const value = Array.isArray(raw) ? raw[0]! : raw;
  if (!/^\d{1,19}$/.test(value) || BigInt(value) > 9223372036854775807n) {
    throw restErrors.invalidArgument(`invalid height ${JSON.stringify(value.slice(0, 40))}: must be a non-negative int64`);
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
 * answer (and error) a gRPC or cosmjs client gets. Answers are cached per committed height
 * (`cache`, which the server also answers repeated latest-height reads from).
 */
export function registerQueryRoutes(fastify: FastifyInstance, app: App, routes: QueryRoute[], cache: AnswerCache): void {
  for (const route of routes) {
    const params = pathParamNames(route.template);
    fastify.get(fastifyPath(route.template), { config: { route: route.template } }, async (req, reply) => {
      const height = app.lastHeight;
      const pinned = requestedHeight(req, route.request);
      const key = `${pinned}|${req.url}`;
      let answer = cache.get(height, key);
      if (!answer) {
        answer = await answerQuery(app, route, params, req, pinned);
        cache.set(height, key, answer, pinned === 0n && req.headers[HEIGHT_HEADER] === undefined ? req.url : undefined);
      }
      const answeredAt = pinned === 0n ? height : pinned;
      return reply.code(answer.status).header(HEIGHT_HEADER, answeredAt.toString()).type("application/json").send(answer.body);
    });
  }
}

async function answerQuery(app: App, route: QueryRoute, params: string[], req: FastifyRequest, pinned: bigint): Promise<Answer> {
  try {
    const raw = req.params as Record<string, string>;
    const pathValues: Record<string, string> = {};
    for (const name of params) pathValues[name] = raw[fastifyParamName(route.template, name)] ?? "";
    const data = buildRequest(route.request, pathValues, req.query as QueryValues);
    const query = { path: route.grpcPath, data, height: pinned, prove: false };
    // The latest state's answers carry what they read, so the cache can keep them across heights.
    const recorded = pinned === 0n ? app.queryRecorded(query) : undefined;
    const res = recorded?.response ?? (await app.query(query));
    if (res.code !== 0) throw fromQueryLog(res.log, res.codespace, res.code);
    return {
      status: 200,
      body: JSON.stringify(gatewayJson(route.response.typeName, res.value)),
      route: route.template,
      reads: recorded?.reads,
    };
  } catch (e) {
    if (e instanceof RestError) return { status: e.httpStatus, body: JSON.stringify(e.body()), route: route.template };
    throw e;
  }
}
