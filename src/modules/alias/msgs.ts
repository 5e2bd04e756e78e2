import { Role, type RoleGrant } from "../../gen/blockchain/alias/v1/alias";
import * as tx from "../../gen/blockchain/alias/v1/tx";
import { accAddress } from "../../types/address";
import { defineMsg, defineUpdateParamsMsg } from "../../types/define";
import type { MsgDef } from "../../types/module";
import { aliasErrors as E } from "./errors";
import { aliasEvents as events } from "./events";
import { parseCountry } from "./fields";
import { canonicalAddress, type AliasKeeper } from "./keeper";
import { validateAliasParams } from "./params";

const AMINO = "blockchain/x/alias/";
/** Length of an X25519 public key. */
export const VIEWING_KEY_BYTES = 32;

/**
 * A viewing key: any 32 bytes but all zeros (the one value that is certainly no key). Keys
 * are not screened further: sealing software refuses a key it cannot use.
 */
export function validateViewingKey(publicKey: Uint8Array): void {
  if (publicKey.length !== VIEWING_KEY_BYTES) {
    throw E.ErrInvalidViewingKey.wrap(`public_key must be ${VIEWING_KEY_BYTES} bytes (X25519), got ${publicKey.length}`);
  }
  if (publicKey.every((b) => b === 0)) throw E.ErrInvalidViewingKey.wrap("public_key is all zeros");
}

export function aliasMsgs(k: AliasKeeper): MsgDef[] {
  return [
    defineMsg({
      codec: tx.MsgRegisterAlias,
      responseCodec: tx.MsgRegisterAliasResponse,
      signer: "account",
      aminoName: AMINO + "MsgRegisterAlias",
      validate: (m) => void accAddress.validate(m.account),
      handle: (ctx, m) => ({ id: k.issueAlias(ctx, canonicalAddress(m.account)).id }),
    }),
    defineMsg({
      codec: tx.MsgRotateAlias,
      responseCodec: tx.MsgRotateAliasResponse,
      signer: "account",
      aminoName: AMINO + "MsgRotateAlias",
      validate: (m) => void accAddress.validate(m.account),
      handle: (ctx, m) => {
        const account = canonicalAddress(m.account);
        if (k.activeIdOf(ctx, account) === undefined) throw E.ErrNotRegistered.wrap(`account ${account}`);
        if (!k.getJurisdiction(ctx, account)) throw E.ErrNoJurisdiction.wrap(`account ${account}`);
        const retired = k.retireAliasOf(ctx, account)!;
        return { retired, id: k.issueAlias(ctx, account).id };
      },
    }),
    defineMsg({
      codec: tx.MsgSetJurisdiction,
      responseCodec: tx.MsgSetJurisdictionResponse,
      signer: "recorder",
      aminoName: AMINO + "MsgSetJurisdiction",
      validate: (m) => {
        accAddress.validate(m.recorder);
        accAddress.validate(m.account);
        return parseCountry(m.country);
      },
      handle: (ctx, m, country) => {
        const recorder = canonicalAddress(m.recorder);
        const account = canonicalAddress(m.account);
        if (recorder === account) throw E.ErrNotTheRecorder.wrap("a jurisdiction is never self-declared");
        const corrector = k.isGov(recorder) || k.isFoundationAdministrator(ctx, recorder);
        const onboarder = !corrector && k.paymsg.isApprovedParticipant(ctx, recorder) && k.paymsg.isCustomerOf(ctx, account, recorder);
        if (!corrector && !onboarder) {
          throw E.ErrNotTheRecorder.wrap(
            `${recorder} is not governance, a foundation administrator or the participant that onboarded ${account}`,
          );
        }
        const existing = k.getJurisdiction(ctx, account);
        if (existing && existing.country === country) {
          // Governance or an administrator confirming the record changes nothing, the identifier included.
          if (corrector) return { retired: "", id: "" };
          throw E.ErrJurisdictionSet.wrap(`${account} is already recorded in ${country}`);
        }
        if (existing && !corrector) {
          throw E.ErrJurisdictionSet.wrap(
            `${account} is recorded in ${existing.country}; only a foundation administrator or governance corrects it`,
          );
        }
        const record = { address: account, country, recordedBy: recorder, recordedAtHeight: ctx.height };
        k.setJurisdiction(ctx, record);
        events.jurisdictionSet(ctx, record, existing?.country ?? "");
        // Correcting the jurisdiction retires the identifier issued under the old prefix and
        // issues one under the new country, so an identifier never disagrees with its record.
        if (existing && k.activeIdOf(ctx, account) !== undefined) {
          const retired = k.retireAliasOf(ctx, account)!;
          return { retired, id: k.issueAlias(ctx, account).id };
        }
        return { retired: "", id: "" };
      },
    }),
    defineMsg({
      codec: tx.MsgRegisterViewingKey,
      responseCodec: tx.MsgRegisterViewingKeyResponse,
      signer: "account",
      aminoName: AMINO + "MsgRegisterViewingKey",
      validate: (m) => {
        accAddress.validate(m.account);
        validateViewingKey(m.publicKey);
      },
      handle: (ctx, m) => {
        const account = canonicalAddress(m.account);
        const versions = k.viewingKeysOf(ctx, account);
        const same = versions.find((v) => Buffer.from(v.publicKey).equals(Buffer.from(m.publicKey)));
        if (same) throw E.ErrInvalidViewingKey.wrap(`the same key is already version ${same.version}; a key is never published twice`);
        const version = (versions[0]?.version ?? 0n) + 1n;
        const key = {
          address: account,
          version,
          publicKey: m.publicKey,
          registeredAtHeight: ctx.height,
          revoked: false,
          revokedAtHeight: 0n,
        };
        k.setViewingKey(ctx, key);
        events.viewingKeyRegistered(ctx, key);
        return { version };
      },
    }),
    defineMsg({
      codec: tx.MsgRevokeViewingKey,
      responseCodec: tx.MsgRevokeViewingKeyResponse,
      signer: "account",
      aminoName: AMINO + "MsgRevokeViewingKey",
      validate: (m) => void accAddress.validate(m.account),
      handle: (ctx, m) => {
        const account = canonicalAddress(m.account);
        const key = k.viewingKeys.get(ctx, [account, m.version]);
        if (!key) throw E.ErrViewingKeyNotFound.wrap(`version ${m.version} of ${account}`);
        if (key.revoked) return {};
        const revoked = { ...key, revoked: true, revokedAtHeight: ctx.height };
        k.setViewingKey(ctx, revoked);
        events.viewingKeyRevoked(ctx, revoked);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgAppointRegulator,
      responseCodec: tx.MsgAppointRegulatorResponse,
      signer: "authority",
      aminoName: AMINO + "MsgAppointRegulator",
      validate: (m) => void accAddress.validate(m.authority),
      handle: (ctx, m) => {
        const authority = canonicalAddress(m.authority);
        k.requireGovOrFoundation(ctx, authority, true, "MsgAppointRegulator");
        const country = parseCountry(m.country);
        const address = canonicalAddress(m.address);
        // A regulator reads the country's payloads: it must already supervise that country.
        if (!k.hasRole(ctx, address, Role.ROLE_SUPERVISOR, country)) {
          throw E.ErrOutOfScope.wrap(`${address} does not hold ROLE_SUPERVISOR covering ${country}`);
        }
        const appointment = { country, address, appointedBy: authority, appointedAtHeight: ctx.height };
        const previous = k.appointRegulator(ctx, appointment);
        events.regulatorAppointed(ctx, appointment, previous?.address ?? "");
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgGrantAuditor,
      responseCodec: tx.MsgGrantAuditorResponse,
      signer: "authority",
      aminoName: AMINO + "MsgGrantAuditor",
      validate: (m) => {
        accAddress.validate(m.authority);
        accAddress.validate(m.address);
        if (m.expiresAtHeight <= 0n) throw E.ErrInvalidAuditorGrant.wrap("expires_at_height is required; there is no unbounded grant");
      },
      handle: (ctx, m) => {
        if (m.expiresAtHeight <= ctx.height) {
          throw E.ErrInvalidAuditorGrant.wrap(`expires_at_height ${m.expiresAtHeight} must be after the current height ${ctx.height}`);
        }
        const authority = canonicalAddress(m.authority);
        // An auditor reads every jurisdiction's payloads: a chain-wide grant, governance's alone.
        k.requireGovOrFoundation(ctx, authority, false, "MsgGrantAuditor");
        const grant = {
          address: canonicalAddress(m.address),
          grantedBy: authority,
          grantedAtHeight: ctx.height,
          expiresAtHeight: m.expiresAtHeight,
        };
        k.grantAuditor(ctx, grant);
        events.auditorGranted(ctx, grant);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgGrantRole,
      responseCodec: tx.MsgGrantRoleResponse,
      signer: "authority",
      aminoName: AMINO + "MsgGrantRole",
      validate: (m) => void accAddress.validate(m.authority),
      handle: (ctx, m) => {
        const { scope, holder } = k.roleGrantTarget(ctx, m, "granting");
        k.requireGroupHolder(ctx, holder, m.requiredShape);
        const grant: RoleGrant = {
          holder,
          role: m.role,
          jurisdiction: scope,
          grantedBy: canonicalAddress(m.authority),
          grantedAtHeight: ctx.height,
          requiredShape: m.requiredShape,
        };
        k.setRoleGrant(ctx, grant);
        events.roleGranted(ctx, grant);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgRevokeRole,
      responseCodec: tx.MsgRevokeRoleResponse,
      signer: "authority",
      aminoName: AMINO + "MsgRevokeRole",
      validate: (m) => void accAddress.validate(m.authority),
      handle: (ctx, m) => {
        const { scope, holder } = k.roleGrantTarget(ctx, m, "revoking");
        const grant = k.getRoleGrant(ctx, holder, m.role, scope);
        if (!grant) throw E.ErrGrantNotFound.wrap(`${holder} holds no ${Role[m.role]} over ${scope}`);
        k.revokeRoleGrant(ctx, grant);
        events.roleRevoked(ctx, grant, canonicalAddress(m.authority));
        return {};
      },
    }),
    defineUpdateParamsMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: AMINO + "MsgUpdateParams",
      invalidSigner: E.ErrInvalidSigner,
      missingParams: E.ErrInvalidParams,
      validate: validateAliasParams,
      store: k.params,
      onUpdated: (ctx, p) => events.paramsUpdated(ctx, p.payloadLength),
    }),
  ];
}
