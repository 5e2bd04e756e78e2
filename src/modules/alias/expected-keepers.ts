import type { Context } from "../../types/context";

/** A group member and its weight (1e18 fixed-point). */
export interface WeightedMember {
  address: string;
  weight: bigint;
}

/** The decision rule of a group policy: absolute threshold or percentage (both 1e18 fixed-point). */
export type Decision = { kind: "threshold"; threshold: bigint } | { kind: "percentage"; percentage: bigint };

/** What alias reads of a group policy account to check an OfficeShape. */
export interface GroupPolicyView {
  members: WeightedMember[];
  decision: Decision;
}

/** What alias needs from group: the policy behind a holder address (undefined when not a policy). */
export interface GroupKeeper {
  policyInfo(ctx: Context, address: string): GroupPolicyView | undefined;
}

/** What alias needs from paymsg: who onboarded an account (the participant it banks with). */
export interface PaymsgKeeper {
  isApprovedParticipant(ctx: Context, participant: string): boolean;
  isCustomerOf(ctx: Context, customer: string, participant: string): boolean;
}

/**
 * What alias needs from constitution: the foundation's address (the address pinned as
 * enforcement_recovery_destination); undefined when the chain has none.
 */
export interface ConstitutionKeeper {
  foundationAddress(ctx: Context): string | undefined;
}
