import { describe, expect, it } from "vitest";
import type { DescMethod, DescService } from "@bufbuild/protobuf";
import { buildModules } from "../../src/app/modules";
import { protoRegistry } from "../../src/codec/proto-registry";
import { typeUrlOf as typeUrlOfCodec, type NamedCodec } from "../../src/types/descriptors";

const typeUrlOf = (codec: unknown) => typeUrlOfCodec(codec as NamedCodec);

/**
 * Every rpc of every service in the descriptor set (our protos and the SDK protos clients read)
 * has its definition in the app: a Msg rpc a defineMsg of its request, a Query rpc a
 * defineQuery at its gRPC path. What is deliberately not served is listed here with the
 * reason; a service or rpc added to a proto fails this test until it is served or listed.
 */
const NOT_SERVED: Record<string, string> = {
  "cosmos.base.reflection.v1beta1.ReflectionService":
    "interface reflection is not served: clients read the descriptor set (/api/openapi.json)",
  "cosmos.base.reflection.v2alpha1.ReflectionService":
    "chain descriptors are not served: clients read the descriptor set (/api/openapi.json)",
  "cosmos.base.tendermint.v1beta1.Service": "node data, not app state: src/rest/cmt-routes.ts serves its REST routes from the node backend",
  "cosmos.tx.v1beta1.Service": "tx submission and lookup are the node's: src/rest/tx-routes.ts serves its REST routes",
  "cosmos.gov.v1beta1.Msg": "the chain's governance is gov v1 only; no v1beta1 proposals",
  "cosmos.gov.v1beta1.Query": "the chain's governance is gov v1 only; no v1beta1 proposals",
  "cosmos.gov.v1.Msg/ExecLegacyContent": "legacy (v1beta1) content proposals do not exist on this chain",
  "ibc.core.client.v1.Msg/UpgradeClient": "client upgrades across a counterparty's planned upgrade are not built",
  "ibc.core.client.v1.Msg/IBCSoftwareUpgrade": "client upgrades across a counterparty's planned upgrade are not built",
  "ibc.core.client.v1.Query/UpgradedClientState": "client upgrades across a counterparty's planned upgrade are not built",
  "ibc.core.client.v1.Query/UpgradedConsensusState": "client upgrades across a counterparty's planned upgrade are not built",
  "cosmos.staking.v1beta1.Query/HistoricalInfo": "staking keeps no historical info: the chain hosts no IBC light clients",
};

const modules = buildModules().modules;
const msgDefs = modules.flatMap((m) => (m.msgs ?? []).map((def) => ({ module: m.name, def })));
const queryDefs = modules.flatMap((m) => (m.queries ?? []).map((def) => ({ module: m.name, def })));
const services: DescService[] = [...protoRegistry().files].flatMap((f) => f.services);
const isMsgService = (s: DescService) => s.name === "Msg";

function reasonFor(service: DescService, rpc: string): string | undefined {
  return NOT_SERVED[service.typeName] ?? NOT_SERVED[`${service.typeName}/${rpc}`];
}

describe("every rpc of every proto service is served", () => {
  it("finds our services in the descriptor set", () => {
    const ours = services.filter((s) => s.typeName.startsWith("blockchain."));
    expect(ours.filter(isMsgService).length).toBeGreaterThanOrEqual(13);
    expect(ours.filter((s) => s.name === "Query").length).toBeGreaterThanOrEqual(13);
  });

  it("has a defineMsg for every Msg rpc and a defineQuery for every Query rpc", () => {
    const msgs = new Set(msgDefs.map(({ def }) => def.typeUrl));
    const queries = new Set(queryDefs.map(({ def }) => def.path));
    const missing: string[] = [];
    for (const service of services) {
      for (const rpc of service.methods) {
        const served = isMsgService(service) ? msgs.has(`/${rpc.input.typeName}`) : queries.has(`/${service.typeName}/${rpc.name}`);
        if (!served && reasonFor(service, rpc.name) === undefined) missing.push(`${service.typeName}/${rpc.name}`);
      }
    }
    expect(missing, "rpcs with no definition and no reason in NOT_SERVED").toEqual([]);
  });

  it("lists nothing that is served or does not exist", () => {
    for (const key of Object.keys(NOT_SERVED)) {
      const [serviceName, rpc] = key.split("/");
      const service = services.find((s) => s.typeName === serviceName);
      expect(service, `${key} names a service of the descriptor set`).toBeDefined();
      const rpcs = rpc === undefined ? service!.methods : service!.methods.filter((m) => m.name === rpc);
      expect(rpcs.length, `${key} names an rpc`).toBeGreaterThan(0);
      for (const m of rpcs) {
        expect(
          msgDefs.some(({ def }) => def.typeUrl === `/${m.input.typeName}`),
          `${key} is served`,
        ).toBe(false);
        expect(
          queryDefs.some(({ def }) => def.path === `/${serviceName}/${m.name}`),
          `${key} is served`,
        ).toBe(false);
      }
    }
  });
});

describe("every definition names an rpc that exists", () => {
  const msgRpcs = new Map<string, DescMethod>(
    services.filter(isMsgService).flatMap((s) => s.methods.map((m) => [`/${m.input.typeName}`, m] as const)),
  );

  it.each(msgDefs.map(({ module, def }) => [`${module} ${def.typeUrl}`, def] as const))("msg %s", (_label, def) => {
    const rpc = msgRpcs.get(def.typeUrl);
    expect(rpc, "the request of a Msg service rpc").toBeDefined();
    expect(typeUrlOf(def.codec)).toBe(def.typeUrl);
    expect(typeUrlOf(def.responseCodec), "the rpc's response").toBe(`/${rpc!.output.typeName}`);
  });

  it.each(queryDefs.map(({ module, def }) => [`${module} ${def.path}`, def] as const))("query %s", (_label, def) => {
    const [, serviceName, method] = /^\/([\w.]+)\/(\w+)$/.exec(def.path) ?? [];
    const rpc = services.find((s) => s.typeName === serviceName)?.methods.find((m) => m.name === method);
    expect(rpc, "a Query service rpc").toBeDefined();
    expect(typeUrlOf(def.requestCodec)).toBe(`/${rpc!.input.typeName}`);
    expect(typeUrlOf(def.responseCodec), "the rpc's response").toBe(`/${rpc!.output.typeName}`);
  });
});
