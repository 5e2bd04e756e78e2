import type { DescMessage } from "@bufbuild/protobuf";
import { protoRegistry } from "../codec/proto-json";
import type { QueryDef } from "../types/module";

/** One REST route served from a module's query definition. */
export interface QueryRoute {
  module: string;
  /** gRPC path, e.g. /cosmos.bank.v1beta1.Query/AllBalances. */
  grpcPath: string;
  /** grpc-gateway template, e.g. /cosmos/bank/v1beta1/balances/{address}. */
  template: string;
  request: DescMessage;
  response: DescMessage;
  def: QueryDef;
}

/**
 * Request/response descriptors of a query: the service method in the descriptor set when the
 * service is there, else the SDK naming convention "/pkg.Query/M" → pkg.QueryMRequest/Response.
 */
export function queryDescriptors(grpcPath: string): { request: DescMessage; response: DescMessage } | undefined {
  const m = /^\/([\w.]+)\/(\w+)$/.exec(grpcPath);
  if (!m) return undefined;
  const [, service, method] = m;
  const reg = protoRegistry();
  const svc = reg.getService(service);
  const rpc = svc?.methods.find((x) => x.name === method);
  if (rpc) return { request: rpc.input, response: rpc.output };
  const pkg = service.slice(0, service.lastIndexOf("."));
  const svcName = service.slice(service.lastIndexOf(".") + 1);
  const request = reg.getMessage(`${pkg}.${svcName}${method}Request`) ?? reg.getMessage(`${pkg}.${method}Request`);
  const response = reg.getMessage(`${pkg}.${svcName}${method}Response`) ?? reg.getMessage(`${pkg}.${method}Response`);
  return request && response ? { request, response } : undefined;
}

/**
 * `{name}` → `:name` for Fastify; literal segments win over parameters in its router. A last
 * `{name=**}` (several segments, e.g. an IBC denom trace `transfer/channel-0/uatom`) → `*`.
 */
export function fastifyPath(template: string): string {
  return template
    .replace(/\{[\w.]+=\*\*\}$/, "*")
    .replace(/\{([\w.]+)(?:=[^}]*)?\}/g, (_, name: string) => `:${name.replace(/\./g, "__")}`);
}

/** The Fastify parameter a template's path parameter arrives in (see fastifyPath). */
export function fastifyParamName(template: string, name: string): string {
  return template.endsWith(`{${name}=**}`) ? "*" : name.replace(/\./g, "__");
}

export function pathParamNames(template: string): string[] {
  return [...template.matchAll(/\{([\w.]+)(?:=[^}]*)?\}/g)].map((m) => m[1]);
}
