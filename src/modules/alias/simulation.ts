import { x25519 } from "@noble/curves/ed25519.js";
import { Role, type ViewingKey } from "../../gen/blockchain/alias/v1/alias";
import * as tx from "../../gen/blockchain/alias/v1/tx";
import { otherAccount, simMsg, type ModuleSimulation, type SimState } from "../../types/simulation";
import { CHAIN_WIDE } from "./fields";
import { VK_KEY, type AliasKeeper } from "./keeper";

const T = "/blockchain.alias.v1.";
/** The viewing keys' (address, version) key, for a prefix read of one account's versions. */
/** The simulation's countries (src/sim/genesis.ts records some accounts in them). */
export const SIM_COUNTRIES = ["DE", "FR", "KE", "SG", "BR"];

/** A fresh, usable X25519 public key from the simulation's randomness. */
function viewingKey(s: SimState): Uint8Array {
  const secret = new Uint8Array(32);
  for (let i = 0; i < 32; i++) secret[i] = s.rng.int(256);
  return x25519.getPublicKey(secret);
}

/** Can `recorder` record jurisdictions of `account` without governance (administrator or onboarding participant)? */
function mayRecord(k: AliasKeeper, s: SimState, recorder: string, account: string): boolean {
  return (
    k.isFoundationAdministrator(s.ctx, recorder) ||
    (k.paymsg.isApprovedParticipant(s.ctx, recorder) && k.paymsg.isCustomerOf(s.ctx, account, recorder))
  );
}

/**
 * Alias operations: identifiers registered and rotated by their accounts (invalid: without a
 * recorded jurisdiction, a second registration, a rotation of none), jurisdictions recorded by
 * governance (invalid: self-declared, by a stranger), viewing keys published and revoked
 * (invalid: a version never published), supervisor grants and revocations,
 * regulator appointments and auditor grants through governance (invalid: a chain-wide grant
 * signed by an account). Invariants: identifiers and the by-address index agree one to one,
 * no active identifier is retired and each carries its account's country; the perimeter, the
 * by-scope role index and the auditor expiry schedule agree with their records; viewing keys
 * are stored under their own (address, version).
 */
export function aliasSimulation(k: AliasKeeper): ModuleSimulation {
  const register = (account: string) => simMsg(T + "MsgRegisterAlias", tx.MsgRegisterAlias, { account });
  const rotate = (account: string) => simMsg(T + "MsgRotateAlias", tx.MsgRotateAlias, { account });
  return {
    operations: [
      {
        name: "alias/register",
        weight: 3,
        build: (s) => {
          const account = s.rng.pick(s.accounts);
          // Jurisdictions change only by governance (end blockers) here, so committed state decides the outcome.
          const ok = k.jurisdictions.has(s.ctx, account) && k.activeIdOf(s.ctx, account) === undefined;
          return { signer: account, msgs: [register(account)], expect: ok ? "ok" : "fail" };
        },
      },
      {
        name: "alias/rotate",
        weight: 1,
        build: (s) => {
          const account = s.rng.pick(s.accounts);
          return { signer: account, msgs: [rotate(account)], expect: k.activeIdOf(s.ctx, account) !== undefined ? "ok" : "fail" };
        },
      },
      {
        name: "alias/register-wrong-signer",
        weight: 1,
        build: (s) => {
          const account = s.rng.pick(s.accounts);
          return { signer: account, signWith: otherAccount(s, account), msgs: [register(account)], expect: "fail" };
        },
      },
      {
        name: "alias/set-jurisdiction",
        weight: 1,
        build: (s) => {
          const msg = simMsg(T + "MsgSetJurisdiction", tx.MsgSetJurisdiction, {
            recorder: s.govAuthority,
            account: s.rng.pick(s.accounts),
            country: s.rng.pick(SIM_COUNTRIES),
          });
          return { signer: s.rng.pick(s.accounts), authority: true, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "alias/set-jurisdiction-not-recorder",
        weight: 1,
        build: (s) => {
          const account = s.rng.pick(s.accounts);
          // Self-declared half the time, else by an account that neither administers nor onboarded it.
          const recorder = s.rng.oneIn(2) ? account : otherAccount(s, account);
          if (recorder !== account && mayRecord(k, s, recorder, account)) return undefined;
          const msg = simMsg(T + "MsgSetJurisdiction", tx.MsgSetJurisdiction, { recorder, account, country: s.rng.pick(SIM_COUNTRIES) });
          return { signer: recorder, msgs: [msg], expect: "fail" };
        },
      },
      {
        name: "alias/register-viewing-key",
        weight: 1,
        build: (s) => {
          const account = s.rng.pick(s.accounts);
          return {
            signer: account,
            msgs: [simMsg(T + "MsgRegisterViewingKey", tx.MsgRegisterViewingKey, { account, publicKey: viewingKey(s) })],
            expect: "ok",
          };
        },
      },
      {
        name: "alias/revoke-viewing-key",
        weight: 1,
        build: (s) => {
          const account = s.rng.pick(s.accounts);
          // Newest versions first, a bounded read of one account's keys.
          const keys: ViewingKey[] = [];
          for (const [, v] of k.viewingKeys.iterate(s.ctx, { prefix: VK_KEY.prefix(account), reverse: true })) if (keys.push(v) >= 8) break;
          if (keys.length === 0) return undefined;
          const key = s.rng.pick(keys);
          // A version past the newest is refused; revoking a revoked one again changes nothing.
          const version = s.rng.oneIn(4) ? keys[0].version + 1n : key.version;
          const ok = version === key.version;
          return {
            signer: account,
            msgs: [simMsg(T + "MsgRevokeViewingKey", tx.MsgRevokeViewingKey, { account, version })],
            expect: ok ? "ok" : "fail",
          };
        },
      },
      {
        name: "alias/grant-supervisor",
        weight: 1,
        build: (s) => {
          const jurisdiction = s.rng.oneIn(4) ? CHAIN_WIDE : s.rng.pick(SIM_COUNTRIES);
          const msg = simMsg(T + "MsgGrantRole", tx.MsgGrantRole, {
            authority: s.govAuthority,
            holder: s.rng.pick(s.accounts),
            role: Role.ROLE_SUPERVISOR,
            jurisdiction,
          });
          return { signer: s.rng.pick(s.accounts), authority: true, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "alias/revoke-supervisor",
        weight: 1,
        build: (s) => {
          const holder = s.rng.pick(s.accounts);
          const grants = k.grantsOf(s.ctx, holder).filter((g) => g.role === Role.ROLE_SUPERVISOR);
          if (grants.length === 0) return undefined;
          const g = s.rng.pick(grants);
          const msg = simMsg(T + "MsgRevokeRole", tx.MsgRevokeRole, {
            authority: s.govAuthority,
            holder,
            role: g.role,
            jurisdiction: g.jurisdiction,
          });
          return { signer: s.rng.pick(s.accounts), authority: true, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "alias/grant-chain-wide-by-account",
        weight: 1,
        build: (s) => {
          const signer = s.rng.pick(s.accounts);
          const msg = simMsg(T + "MsgGrantRole", tx.MsgGrantRole, {
            authority: signer,
            holder: signer,
            role: Role.ROLE_SUPERVISOR,
            jurisdiction: CHAIN_WIDE,
          });
          return { signer, msgs: [msg], expect: "fail" };
        },
      },
      {
        name: "alias/appoint-regulator",
        weight: 1,
        build: (s) => {
          const msg = simMsg(T + "MsgAppointRegulator", tx.MsgAppointRegulator, {
            authority: s.govAuthority,
            country: s.rng.pick(SIM_COUNTRIES),
            address: s.rng.pick(s.accounts),
          });
          return { signer: s.rng.pick(s.accounts), authority: true, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "alias/grant-auditor",
        weight: 1,
        build: (s) => {
          // Far enough ahead that the proposal executes before it; the grant lapses later in the run.
          const msg = simMsg(T + "MsgGrantAuditor", tx.MsgGrantAuditor, {
            authority: s.govAuthority,
            address: s.rng.pick(s.accounts),
            expiresAtHeight: s.ctx.height + 200n + BigInt(s.rng.int(500)),
          });
          return { signer: s.rng.pick(s.accounts), authority: true, msgs: [msg], expect: "any" };
        },
      },
    ],
    invariants: [
      {
        name: "alias/identifiers",
        check: (ctx) => {
          let active = 0;
          for (const [id, a] of k.aliases.iterate(ctx)) {
            active++;
            if (a.id !== id) return `alias stored under ${id} is ${a.id}`;
            if (k.activeIdOf(ctx, a.address) !== id)
              return `${a.address} has ${id}, its by-address entry says ${k.activeIdOf(ctx, a.address) ?? "none"}`;
            if (k.retired.has(ctx, id)) return `active alias ${id} is also retired`;
            const country = k.jurisdictions.get(ctx, a.address)?.country;
            if (country === undefined || !id.startsWith(country))
              return `alias ${id} of ${a.address} does not carry its jurisdiction ${country ?? "(none)"}`;
          }
          let indexed = 0;
          for (const _ of k.aliases.indexes.byAddress.entries(ctx)) indexed++;
          return indexed === active ? undefined : `${active} active aliases, ${indexed} by-address entries`;
        },
      },
      {
        name: "alias/indexes",
        check: (ctx) => {
          let n = 0;
          for (const [address, j] of k.jurisdictions.iterate(ctx)) {
            n++;
            if (j.address !== address) return `jurisdiction stored under ${address} is for ${j.address}`;
            if (!k.jurisdictions.indexes.perimeter.has(ctx, j.country, address))
              return `${address} (${j.country}) missing from the perimeter`;
          }
          let perimeter = 0;
          for (const _ of k.jurisdictions.indexes.perimeter.entries(ctx)) perimeter++;
          if (perimeter !== n) return `${n} jurisdictions, ${perimeter} perimeter entries`;
          let grants = 0;
          for (const [[holder, role, scope], g] of k.roleGrants.iterate(ctx)) {
            grants++;
            if (g.holder !== holder || g.role !== role || g.jurisdiction !== scope)
              return `role grant stored under ${holder}/${role}/${scope} disagrees with its record`;
            if (!k.roleGrants.indexes.byScope.has(ctx, [scope, role], [holder, role, scope]))
              return `grant of ${Role[role]} over ${scope} to ${holder} missing from the by-scope index`;
          }
          let scoped = 0;
          for (const _ of k.roleGrants.indexes.byScope.entries(ctx)) scoped++;
          if (scoped !== grants) return `${grants} role grants, ${scoped} by-scope entries`;
          let auditors = 0;
          for (const [address, g] of k.auditors.iterate(ctx)) {
            auditors++;
            if (g.address !== address || !k.auditors.indexes.expiry.has(ctx, g.expiresAtHeight, address))
              return `auditor ${address} missing from the expiry schedule at ${g.expiresAtHeight}`;
          }
          let scheduled = 0;
          for (const _ of k.auditors.indexes.expiry.entries(ctx)) scheduled++;
          if (scheduled !== auditors) return `${auditors} auditor grants, ${scheduled} expiry entries`;
          for (const [[address, version], v] of k.viewingKeys.iterate(ctx)) {
            if (v.address !== address || v.version !== version)
              return `viewing key stored under ${address}/${version} is ${v.address}/${v.version}`;
            if (v.revoked !== v.revokedAtHeight > 0n)
              return `viewing key ${address}/${version}: revoked ${v.revoked} at height ${v.revokedAtHeight}`;
          }
          return undefined;
        },
      },
    ],
  };
}
