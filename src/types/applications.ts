import type { Context } from "./context";
import { sdkErrors, type ErrorKind } from "./errors";

/**
 * The "Applications" pattern (paymsg participants, stablecoin issuers, builderfee
 * builders): apply creates a pending application, refused while one is pending or approved;
 * governance decides a pending one, approve true or false; deciding any other is refused.
 * The status strings are the chain's. A rejected application
 * is removed, so its key reads as NotFound ("free", as clients of the existing chain read it);
 * the decision stays in the module's event and the tx result. A module may add its own closed
 * states (stablecoin's "revoked"), which are kept and let a new application in.
 */
export const ApplicationStatus = {
  pending: "pending",
  approved: "approved",
  rejected: "rejected",
} as const;

export interface ApplicationStore<K, A> {
  get(ctx: Context, key: K): A | undefined;
  set(ctx: Context, key: K, application: A): void;
  remove(ctx: Context, key: K): void;
}

/** The module's own error kinds, 1101–1103 in all three. */
export interface ApplicationErrors {
  exists: ErrorKind;
  notFound: ErrorKind;
  notPending: ErrorKind;
}

/**
 * Apply and decide over a module's application collection. Side effects of a decision (the
 * approved record, metadata, events) stay with the module: `decide` returns the application.
 */
export class Applications<K, A extends { status: string }> {
  constructor(
    private readonly store: ApplicationStore<K, A>,
    private readonly errors: ApplicationErrors,
    /** How error details name an application, e.g. `denom ueur`. */
    private readonly describe: (key: K) => string,
  ) {}

  /**
   * Records `fields` as a pending application under `key`. `refuse` adds the module's own
   * refusals, seeing what is stored under the key (a closed application or nothing).
   */
  apply(ctx: Context, key: K, fields: Omit<A, "status">, refuse?: (existing: A | undefined) => void): A {
    const existing = this.store.get(ctx, key);
    if (existing?.status === ApplicationStatus.pending || existing?.status === ApplicationStatus.approved) {
      throw this.errors.exists.wrap(`${this.describe(key)} is ${existing.status}`);
    }
    refuse?.(existing);
    const application = { ...fields, status: ApplicationStatus.pending } as A;
    this.store.set(ctx, key, application);
    return application;
  }

  /**
   * Governance's decision on a pending application; returns it as decided. An approved one is
   * stored with its new status; a rejected one is removed (returned with status "rejected").
   */
  decide(ctx: Context, key: K, approve: boolean): A {
    const application = this.store.get(ctx, key);
    if (!application) throw this.errors.notFound.wrap(this.describe(key));
    if (application.status !== ApplicationStatus.pending) {
      throw this.errors.notPending.wrap(`${this.describe(key)} is ${application.status}`);
    }
    const decided = { ...application, status: approve ? ApplicationStatus.approved : ApplicationStatus.rejected };
    if (approve) this.store.set(ctx, key, decided);
    else this.store.remove(ctx, key);
    return decided;
  }
}

/**
 * The applications a genesis import stores: a rejected one frees its key, so it is dropped
 * (exports taken before rejections were removed may still carry them).
 */
export function storedApplications<A extends { status: string }>(applications: readonly A[]): A[] {
  return applications.filter((a) => a.status !== ApplicationStatus.rejected);
}

/**
 * The genesis form of the invariants apply and decide keep: known statuses, one application
 * per key, and an approved record (issuer, builder) exactly for each approved application,
 * agreeing with it. `role` names the record in errors ("issuer"); the checks of single
 * entries run first, so a malformed entry fails with its own error.
 */
export function validateApplicationsGenesis<A extends { status: string }, R>(g: {
  role: string;
  statuses: readonly string[];
  applications: readonly A[];
  approved: readonly R[];
  applicationKey: (a: A) => string;
  approvedKey: (r: R) => string;
  matches: (a: A, r: R) => boolean;
  validateApplication?: (a: A) => void;
  validateApproved?: (r: R) => void;
}): void {
  const invalid = (detail: string) => sdkErrors.ErrInvalidRequest.wrap(detail);
  const apps = new Map<string, A>();
  for (const a of g.applications) {
    g.validateApplication?.(a);
    const key = g.applicationKey(a);
    if (!g.statuses.includes(a.status)) throw invalid(`${g.role} application ${key}: unknown status ${JSON.stringify(a.status)}`);
    if (apps.has(key)) throw invalid(`duplicate ${g.role} application for ${key}`);
    apps.set(key, a);
  }
  const approved = new Set<string>();
  for (const r of g.approved) {
    g.validateApproved?.(r);
    const key = g.approvedKey(r);
    if (approved.has(key)) throw invalid(`duplicate approved ${g.role} for ${key}`);
    approved.add(key);
    const app = apps.get(key);
    if (app?.status !== ApplicationStatus.approved || !g.matches(app, r))
      throw invalid(`approved ${g.role} of ${key} has no matching approved application`);
  }
  for (const [key, a] of apps) {
    if (a.status === ApplicationStatus.approved && !approved.has(key))
      throw invalid(`approved application ${key} has no approved ${g.role}`);
  }
}
