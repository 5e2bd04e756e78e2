import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import * as gtx from "cosmjs-types/cosmos/group/v1/tx";
import { ThresholdDecisionPolicy } from "cosmjs-types/cosmos/group/v1/types";
import type { FastifyInstance } from "fastify";
import { expect, vi } from "vitest";
import { Role, type OfficeShape } from "../../../src/gen/blockchain/alias/v1/alias";
import * as q from "../../../src/gen/blockchain/alias/v1/query";
import * as tx from "../../../src/gen/blockchain/alias/v1/tx";
import * as pm from "../../../src/gen/blockchain/paymsg/v1/tx";
import type { AliasKeeper, ConstitutionKeeper } from "../../../src/modules/alias";
import { createRestServer, DevBackend } from "../../../src/rest";
import { govAuthority } from "../../../src/types/authority";
import type { Codec } from "../../../src/types/codec";
import { silentLogger } from "../../../src/types/logger";
import { DENOM, pack, type DeliverResult, type TestChain } from "../../helpers/chain";
import { moduleChain, moduleErrorExpecter, moduleKeys } from "../../helpers/module-setup";

export { eventOf, eventsOf, queryCode } from "../../helpers/module-setup";

export const T = "/blockchain.alias.v1.";
export const Q = "/blockchain.alias.v1.Query/";
export const gov = govAuthority();

export const keys = moduleKeys("alias", [
  "bankA",
  "bankB",
  "alice",
  "bob",
  "carol",
  "dave",
  "foundation",
  "admin",
  "regulator",
  "supervisor",
  "auditor",
  "mallory",
  "m1",
  "m2",
  "m3",
]);

export const expectAliasError = moduleErrorExpecter("alias");

export function aliasKeeper(chain: TestChain): AliasKeeper {
  return (chain.app.modules.modules.find((m) => m.name === "alias") as unknown as { keeper: AliasKeeper }).keeper;
}

/**
 * A chain with every key funded. The foundation alias reads is the constitution's recovery
 * destination, a group policy of the test custodians; these tests let the foundation key sign
 * for it directly, as the constitution keeper answering with that key.
 */
export async function aliasChain(mutateGenesis?: (appState: Record<string, any>) => void): Promise<TestChain> {
  const chain = await moduleChain("alias", Object.keys(keys), [{ denom: DENOM, amount: "1000000000" }], mutateGenesis);
  const constitution = (chain.app.modules.modules.find((m) => m.name === "constitution") as unknown as { keeper: ConstitutionKeeper })
    .keeper;
  vi.spyOn(constitution, "foundationAddress").mockReturnValue(keys.foundation.address);
  return chain;
}

export const msg = {
  register: (account: string) => pack(T + "MsgRegisterAlias", tx.MsgRegisterAlias, { account }),
  rotate: (account: string) => pack(T + "MsgRotateAlias", tx.MsgRotateAlias, { account }),
  setJurisdiction: (recorder: string, account: string, country: string) =>
    pack(T + "MsgSetJurisdiction", tx.MsgSetJurisdiction, { recorder, account, country }),
  registerKey: (account: string, publicKey: Uint8Array) =>
    pack(T + "MsgRegisterViewingKey", tx.MsgRegisterViewingKey, { account, publicKey }),
  revokeKey: (account: string, version: bigint) => pack(T + "MsgRevokeViewingKey", tx.MsgRevokeViewingKey, { account, version }),
  appoint: (country: string, address: string, authority = gov) =>
    pack(T + "MsgAppointRegulator", tx.MsgAppointRegulator, { authority, country, address }),
  auditor: (address: string, expiresAtHeight: bigint, authority = gov) =>
    pack(T + "MsgGrantAuditor", tx.MsgGrantAuditor, { authority, address, expiresAtHeight }),
  grant: (holder: string, role: Role, jurisdiction: string, authority = gov, requiredShape?: OfficeShape) =>
    pack(T + "MsgGrantRole", tx.MsgGrantRole, { authority, holder, role, jurisdiction, requiredShape }),
  revoke: (holder: string, role: Role, jurisdiction: string, authority = gov) =>
    pack(T + "MsgRevokeRole", tx.MsgRevokeRole, { authority, holder, role, jurisdiction }),
  params: (payloadLength: number, authority = gov) =>
    pack(T + "MsgUpdateParams", tx.MsgUpdateParams, { authority, params: { payloadLength } }),
};

export const paymsg = {
  apply: (creator: string, code: string) =>
    pack("/blockchain.paymsg.v1.MsgApplyParticipant", pm.MsgApplyParticipant, { creator, code, name: code }),
  approve: (participant: string) =>
    pack("/blockchain.paymsg.v1.MsgApproveParticipant", pm.MsgApproveParticipant, { authority: gov, participant, approve: true }),
  customer: (participant: string, customer: string) =>
    pack("/blockchain.paymsg.v1.MsgRegisterCustomer", pm.MsgRegisterCustomer, { participant, customer, registered: true }),
};

/** bankA and bankB approved participants; alice, bob and carol customers of bankA, dave of bankB. */
export async function onboard(chain: TestChain): Promise<void> {
  await chain.mustDeliver(keys.bankA, [paymsg.apply(keys.bankA.address, "BANKA")]);
  await chain.mustDeliver(keys.bankB, [paymsg.apply(keys.bankB.address, "BANKB")]);
  expect((await chain.govExec([paymsg.approve(keys.bankA.address), paymsg.approve(keys.bankB.address)])).log).toBe("");
  await chain.mustDeliver(keys.bankA, [
    paymsg.customer(keys.bankA.address, keys.alice.address),
    paymsg.customer(keys.bankA.address, keys.bob.address),
    paymsg.customer(keys.bankA.address, keys.carol.address),
  ]);
  await chain.mustDeliver(keys.bankB, [paymsg.customer(keys.bankB.address, keys.dave.address)]);
}

/** The response of a delivered tx's message `index`. */
export function responseOf<R>(res: DeliverResult, codec: Codec<R>, index = 0): R {
  return codec.decode(TxMsgData.decode(res.data).msgResponses[index]!.value);
}

export function query<Q, R>(chain: TestChain, method: string, req: Codec<Q>, fields: Partial<Q>, res: Codec<R>): R {
  return chain.query(Q + method, req, req.fromPartial(fields), res);
}

export const aliasOf = (chain: TestChain, address: string) =>
  query(chain, "AliasOf", q.QueryAliasOfRequest, { address }, q.QueryAliasOfResponse).alias!;

/** A 32-byte X25519-sized key filled with `n`. */
export const pubKey = (n: number) => new Uint8Array(32).fill(n);

export interface Rest {
  rest: FastifyInstance;
  get(url: string): Promise<{ status: number; body: any }>;
}

export async function restOf(chain: TestChain): Promise<Rest> {
  const rest = createRestServer({ app: chain.app, node: new DevBackend(chain.engine, chain.app), logger: silentLogger });
  await rest.ready();
  return {
    rest,
    async get(url) {
      const res = await rest.inject({ method: "GET", url });
      return { status: res.statusCode, body: JSON.parse(res.payload) };
    },
  };
}

/** A group of equal-weight members with a threshold policy (an "office"); returns its policy address and group id. */
export async function createOffice(
  chain: TestChain,
  admin: (typeof keys)[keyof typeof keys],
  memberAddresses: string[],
  threshold: string,
) {
  const res = await chain.mustDeliver(admin, [
    pack(
      "/cosmos.group.v1.MsgCreateGroupWithPolicy",
      gtx.MsgCreateGroupWithPolicy,
      gtx.MsgCreateGroupWithPolicy.fromPartial({
        admin: admin.address,
        members: memberAddresses.map((address) => ({ address, weight: "1", metadata: "" })),
        decisionPolicy: pack("/cosmos.group.v1.ThresholdDecisionPolicy", ThresholdDecisionPolicy, {
          threshold,
          windows: { votingPeriod: { seconds: 3600n, nanos: 0 }, minExecutionPeriod: { seconds: 0n, nanos: 0 } },
        }),
      }),
    ),
  ]);
  const out = responseOf(res, gtx.MsgCreateGroupWithPolicyResponse);
  return { office: out.groupPolicyAddress, groupId: out.groupId };
}

/** Sets members' weights of a group ("0" removes a member). */
export function updateMembers(admin: string, groupId: bigint, updates: Array<[string, string]>) {
  return pack(
    "/cosmos.group.v1.MsgUpdateGroupMembers",
    gtx.MsgUpdateGroupMembers,
    gtx.MsgUpdateGroupMembers.fromPartial({
      admin,
      groupId,
      memberUpdates: updates.map(([address, weight]) => ({ address, weight, metadata: "" })),
    }),
  );
}

/**
 * A genesis mutation planting role grants for plain keys. Genesis does not ask whether a holder
 * is a group policy account (no group state exists yet), so tests about what a role permits can
 * give one to a key that signs directly.
 */
export function genesisGrants(grants: Array<[holder: string, role: Role, jurisdiction: string]>) {
  return (s: Record<string, any>) => {
    s.alias.role_grants = grants.map(([holder, role, jurisdiction]) => ({
      holder,
      role: Role[role],
      jurisdiction,
      granted_by: gov,
      granted_at_height: "0",
    }));
  };
}
