import { randomBytes } from "node:crypto";
import { Params as GovParams } from "cosmjs-types/cosmos/gov/v1/gov";
import { buildDevGenesis } from "../../../../src/abci/dev/genesis";
import { formatRfc3339, type GenesisDoc } from "../../../../src/abci/genesis-doc";
import { buildModules } from "../../../../src/app/modules";
import { DEV_CHAIN_ID } from "../../../../src/cli/commands/start";
import { applyDevPeriods } from "../../../../src/cli/dev-periods";
import { DEV_FAUCET_ADDRESS, DEV_FAUCET_COINS } from "../../../../src/cli/dev-keys";
import { binaryToJson } from "../../../../src/codec/proto-json";
import { Role } from "../../../../src/gen/blockchain/alias/v1/alias";
import { addSimOfficeGroups } from "../../../../src/modules/group";
import { OFFICE_MSGS } from "../../../../src/modules/land/simulation";
import { devGovParams } from "../../../../src/modules/gov/params";
import { govAuthority } from "../../../../src/types/authority";
import { coinsToProto, parseCoins } from "../../../../src/types/coins";
import { SEED_KEY_INDEX, type SeedKeys } from "./keys";

export const SEED_DENOM = "uyml";
/** Each seed key's genesis balance: 1,000,000 YML, plenty for fees, deposits, reserves and vaults. */
const SEED_FUNDS = "1000000000000";
/** Gov voting on the seeded chain: a proposal passes within seconds. */
export const SEED_VOTING_SECONDS = 3n;
/** Enforcement cases stay open (and their targets frozen) for the life of any test. */
const LONG_BLOCKS = "1000000";

export const LAND_OFFICE_NAME = "Nairobi Central Land Registry";
export const LAND_JURISDICTION = "KE";
export const COLLECTION_ID = "harbour-estates";
export const NETTING_CYCLE_BLOCKS = 10;
/** Obligations below this gross amount are netted within the cycle. */
const NETTING_GROSS_THRESHOLD = "1000000000000";

/** The country recorded (by governance) against each seed account that registers an alias. */
export const SEED_JURISDICTIONS: Partial<Record<keyof SeedKeys, string>> = {
  issuer: "DE",
  shareholder: "DE",
  frozen: "DE",
  parcelOwner: "KE",
  parcelBuyer: "KE",
  bankA: "DE",
  bankB: "FR",
  payer: "DE",
  payee: "FR",
  regulator: "DE",
  validatorApplicant: "FR",
};

export const PAYMSG_PARTICIPANTS = [
  { key: "bankA", code: "SEEDBKDEFF", name: "Seed Bank Frankfurt" },
  { key: "bankB", code: "SEEDBKFRPP", name: "Seed Bank Paris" },
] as const;

/**
 * The dev genesis `start --dev` would write, plus the institutions the seeding needs, as the
 * module genesis schemas allow: every seed key funded, jurisdictions recorded by governance,
 * role grants, two approved paymsg participants (netting's institutions), netting switched on,
 * a land registry office (a one-member group policy whose member holds authz grants of the
 * office messages) and a tokenisation collection run by the issuer. Gov votes take seconds and
 * enforcement cases stay open.
 */
export function seededGenesis(keys: SeedKeys): { genesis: GenesisDoc; registryOffice: string } {
  const genesisTime = formatRfc3339({ seconds: BigInt(Math.floor(Date.now() / 1000)), nanos: 0 });
  let registryOffice = "";
  const genesis = buildDevGenesis(buildModules(), {
    chainId: DEV_CHAIN_ID,
    genesisTime,
    accounts: [
      { address: DEV_FAUCET_ADDRESS, coins: coinsToProto(parseCoins(DEV_FAUCET_COINS)) },
      ...Object.keys(SEED_KEY_INDEX).map((name) => ({
        address: keys[name as keyof typeof SEED_KEY_INDEX].address,
        coins: [{ denom: SEED_DENOM, amount: SEED_FUNDS }],
      })),
    ],
    validatorSeed: randomBytes(32),
    validatorOperator: DEV_FAUCET_ADDRESS,
    mutate: (s) => {
      applyDevPeriods(s);
      s.gov.params = binaryToJson(
        "cosmos.gov.v1.Params",
        GovParams.encode({
          ...devGovParams(),
          votingPeriod: { seconds: SEED_VOTING_SECONDS, nanos: 0 },
          expeditedVotingPeriod: { seconds: SEED_VOTING_SECONDS - 1n, nanos: 0 },
        }).finish(),
      );
      Object.assign(s.constitution.invariants, {
        enforcement_voting_period_blocks: LONG_BLOCKS,
        enforcement_provisional_freeze_blocks: LONG_BLOCKS,
      });
      aliasSection(s, keys);
      paymsgAndNetting(s, keys);
      registryOffice = landOffice(s, keys, genesisTime);
      s.tokenisation.collections.push({
        id: COLLECTION_ID,
        authority: keys.issuer.address,
        verification: "VERIFICATION_UNSPECIFIED",
        attestation_threshold: 0,
        challenge_window_seconds: "60",
        dispute_bond_bps: 500,
        attestors: [],
      });
    },
  });
  return { genesis, registryOffice };
}

function aliasSection(s: Record<string, any>, keys: SeedKeys): void {
  const gov = govAuthority();
  s.alias.jurisdictions ??= [];
  for (const [name, country] of Object.entries(SEED_JURISDICTIONS)) {
    s.alias.jurisdictions.push({ address: keys[name as keyof SeedKeys].address, country, recorded_by: gov, recorded_at_height: "0" });
  }
  // Genesis lets plain keys hold roles (a grant by message needs a group policy holder).
  const grant = (holder: string, role: Role, jurisdiction: string) => ({
    holder,
    role: Role[role],
    jurisdiction,
    granted_by: gov,
    granted_at_height: "0",
  });
  (s.alias.role_grants ??= []).push(
    grant(keys.regulator.address, Role.ROLE_ENFORCEMENT_AUTHORITY, "DE"),
    grant(keys.regulator.address, Role.ROLE_SUPERVISOR, "DE"),
    grant(keys.issuer.address, Role.ROLE_MONETARY_AUTHORITY, "DE"),
    grant(keys.bankA.address, Role.ROLE_PAYMENTS_AUTHORITY, "DE"),
    grant(keys.registryOperator.address, Role.ROLE_REGISTRY_AUTHORITY, LAND_JURISDICTION),
  );
}

function paymsgAndNetting(s: Record<string, any>, keys: SeedKeys): void {
  for (const p of PAYMSG_PARTICIPANTS) {
    const participant = keys[p.key].address;
    s.paymsg.participant_application_map.push({ creator: participant, status: "approved", code: p.code, name: p.name });
    s.paymsg.approved_participant_map.push({ participant, code: p.code, name: p.name, payload_store_url: "" });
  }
  s.netting.params = {
    cycle_blocks: String(NETTING_CYCLE_BLOCKS),
    max_hold_cycles: "0",
    denom_policies: [{ denom: SEED_DENOM, gross_threshold: NETTING_GROSS_THRESHOLD, aggregate_gross_threshold: "0" }],
  };
}

/** A one-member group policy as the registry office; its member sends the office's messages through authz. */
function landOffice(s: Record<string, any>, keys: SeedKeys, createdAt: string): string {
  const operator = keys.registryOperator.address;
  const [office] = addSimOfficeGroups(s, [operator], createdAt);
  s.land.authorities.push({ address: office, name: LAND_OFFICE_NAME, jurisdiction: LAND_JURISDICTION, active: true });
  s.authz.authorization ??= [];
  for (const name of OFFICE_MSGS) {
    s.authz.authorization.push({
      granter: office,
      grantee: operator,
      authorization: { "@type": "/cosmos.authz.v1beta1.GenericAuthorization", msg: `/blockchain.land.v1.${name}` },
    });
  }
  return office!;
}
