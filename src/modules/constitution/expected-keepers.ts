import type { Context } from "../../types/context";

/** What constitution reads from staking: the bonded set and each member's consensus power. */
export interface StakingKeeper {
  /** Bonded validators: operator address (valoper form) and consensus power. */
  bondedValidators(ctx: Context): ReadonlyArray<{ operator: string; power: bigint }>;
}

/** A group member with its weight (1e18 fixed-point). */
export interface GroupMemberWeight {
  address: string;
  weight: bigint;
}

/** A group decision rule; threshold and percentage are 1e18 fixed-point. */
export type GroupDecision = { kind: "threshold"; threshold: bigint } | { kind: "percentage"; percentage: bigint };

/** A membership or decision-policy change group is about to write; a guard throws to refuse it. */
export interface GroupChange {
  kind: "members" | "policy";
  groupId: bigint;
  policyAddress?: string;
  newMembers?: GroupMemberWeight[];
  newDecision?: GroupDecision;
}

/** What constitution reads from group: the recovery destination's policy (its group's members and rule). */
export interface GroupKeeper {
  policyInfo(ctx: Context, address: string): { groupId: bigint; members: GroupMemberWeight[]; decision: GroupDecision } | undefined;
}
