import type { Context } from "./context";
import type { ErrorKind } from "./errors";

/**
 * The spec's "Applications" pattern (paymsg participants, stablecoin issuers, builderfee
 * builders): apply creates a pending application, refused while one is pending or approved;
 * governance decides a pending one, approve true or false; deciding any other is refused.
 * The status strings are left open by the spec; these are the chain's. A module may add its
 * own closed states (stablecoin's "revoked"): like "rejected", they let a new application in.
 */
export const ApplicationStatus = {
  pending: "pending",
  approved: "approved",
  rejected: "rejected",
} as const;

export interface ApplicationStore<K, A> {
  get(ctx: Context, key: K): A | undefined;
  set(ctx: Context, key: K, application: A): void;
}

/** The module's own error kinds, numbered by its spec (1101–1103 in all three). */
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

  /** Governance's decision on a pending application; returns it as decided. */
  decide(ctx: Context, key: K, approve: boolean): A {
    const application = this.store.get(ctx, key);
    if (!application) throw this.errors.notFound.wrap(this.describe(key));
    if (application.status !== ApplicationStatus.pending) {
      throw this.errors.notPending.wrap(`${this.describe(key)} is ${application.status}`);
    }
    const decided = { ...application, status: approve ? ApplicationStatus.approved : ApplicationStatus.rejected };
    this.store.set(ctx, key, decided);
    return decided;
  }
}
