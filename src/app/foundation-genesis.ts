import { groupPolicyAddress } from "../modules/group";
import { accAddress } from "../types/address";

/**
 * The foundation at genesis: an x/group group whose members are the custodians (weight 1,
 * one signature each) and a threshold policy of `threshold` signatures. Its policy account is
 * the constitution's enforcement_recovery_destination, the only place seized assets go.
 */
export interface FoundationSpec {
  custodians: readonly string[];
  /** Signatures required; default a majority of the custodians. */
  threshold?: number;
  /** RFC 3339 time recorded as the group's creation (the genesis time). */
  createdAt: string;
}

const THRESHOLD_POLICY = "/cosmos.group.v1.ThresholdDecisionPolicy";
/** Custodians have a day to sign; a threshold policy executes as soon as enough have. */
const VOTING_PERIOD = "86400s";

/** More than half: 3 of 5, 2 of 3, 1 of 1. */
export function majorityOf(n: number): number {
  return Math.floor(n / 2) + 1;
}

/** Checks the custodians (distinct account addresses) and the threshold (1..custodians); returns the threshold. */
export function checkFoundationSpec(spec: FoundationSpec): number {
  const n = spec.custodians.length;
  if (n === 0) throw new Error("the foundation needs at least one custodian");
  const seen = new Set<string>();
  for (const c of spec.custodians) {
    if (!accAddress.isValid(c)) throw new Error(`foundation custodian ${JSON.stringify(c)} is not an account address`);
    if (seen.has(c)) throw new Error(`foundation custodian ${c} is given twice`);
    seen.add(c);
  }
  const threshold = spec.threshold ?? majorityOf(n);
  if (!Number.isInteger(threshold) || threshold < 1 || threshold > n) {
    throw new Error(`the foundation's signature threshold must be between 1 and ${n} custodians, not ${threshold}`);
  }
  return threshold;
}

/**
 * Adds the foundation to a genesis app_state (proto JSON): the group and its policy in the
 * group section at the next sequence numbers (the address x/group derives for that policy
 * sequence), the policy's account in auth, and the policy as the constitution's recovery
 * destination with foundation_custodian_count and foundation_signature_threshold to match.
 * Group and policy administer themselves: only the custodians' own decision changes them,
 * within the constitution's foundation rule. Returns the policy address.
 */
export function addFoundationGroup(appState: Record<string, any>, spec: FoundationSpec): string {
  const threshold = checkFoundationSpec(spec);
  const section = (appState.group ??= {});
  const groupId = BigInt(section.group_seq ?? "0") + 1n;
  const policySeq = BigInt(section.group_policy_seq ?? "0") + 1n;
  const address = groupPolicyAddress(policySeq);
  const id = groupId.toString();
  (section.groups ??= []).push({
    id,
    admin: address,
    metadata: "foundation",
    version: "1",
    total_weight: String(spec.custodians.length),
    created_at: spec.createdAt,
  });
  for (const custodian of spec.custodians) {
    (section.group_members ??= []).push({
      group_id: id,
      member: { address: custodian, weight: "1", metadata: "custodian", added_at: spec.createdAt },
    });
  }
  (section.group_policies ??= []).push({
    address,
    group_id: id,
    admin: address,
    metadata: "foundation",
    version: "1",
    created_at: spec.createdAt,
    decision_policy: {
      "@type": THRESHOLD_POLICY,
      threshold: String(threshold),
      windows: { voting_period: VOTING_PERIOD, min_execution_period: "0s" },
    },
  });
  section.group_seq = id;
  section.group_policy_seq = policySeq.toString();
  addAccount(appState, address);
  Object.assign(appState.constitution.invariants, {
    enforcement_recovery_destination: address,
    foundation_custodian_count: spec.custodians.length,
    foundation_signature_threshold: threshold,
  });
  return address;
}

/**
 * The recovery destination a genesis names already (InitChain refuses it unless it is a group
 * policy that fits), or, when it names none, a new foundation from `spec`.
 */
export function ensureFoundationGroup(appState: Record<string, any>, spec: () => FoundationSpec): string {
  return appState.constitution?.invariants?.enforcement_recovery_destination || addFoundationGroup(appState, spec());
}

/** The policy's BaseAccount, numbered after every account already in genesis. */
function addAccount(appState: Record<string, any>, address: string): void {
  const accounts: Array<Record<string, any>> = ((appState.auth ??= {}).accounts ??= []);
  const numberOf = (a: Record<string, any>) => BigInt(a.account_number ?? a.base_account?.account_number ?? "0");
  const next = accounts.reduce((n, a) => (numberOf(a) >= n ? numberOf(a) + 1n : n), 0n);
  accounts.push({ "@type": "/cosmos.auth.v1beta1.BaseAccount", address, account_number: next.toString(), sequence: "0" });
}
