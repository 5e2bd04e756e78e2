import { ConcentrationCap, type ConcentrationGroup } from "../../gen/blockchain/validatorgov/v1/concentration";

/** Basis points: 10000 = 100%. */
export const BPS = 10_000n;

/** One validator counted in an epoch: its power and declared groups. */
export interface PowerEntry {
  /** Operator, account form. */
  operator: string;
  power: bigint;
  /** Undefined for a validator without a declaration (counts in the total, in no group). */
  declaration?: { legalEntityId: string; beneficialOwnerId: string; jurisdiction: string };
}

export interface Ceilings {
  entity: bigint;
  beneficialOwner: bigint;
  jurisdiction: bigint;
}

/** The caps in the order they are measured and acted on. */
export const CAPS: readonly ConcentrationCap[] = [
  ConcentrationCap.CONCENTRATION_CAP_ENTITY,
  ConcentrationCap.CONCENTRATION_CAP_BENEFICIAL_OWNER,
  ConcentrationCap.CONCENTRATION_CAP_JURISDICTION,
];

export function groupOf(cap: ConcentrationCap, d: NonNullable<PowerEntry["declaration"]>): string {
  switch (cap) {
    case ConcentrationCap.CONCENTRATION_CAP_ENTITY:
      return d.legalEntityId;
    case ConcentrationCap.CONCENTRATION_CAP_BENEFICIAL_OWNER:
      return d.beneficialOwnerId;
    default:
      return d.jurisdiction;
  }
}

export function ceilingOf(cap: ConcentrationCap, c: Ceilings): bigint {
  switch (cap) {
    case ConcentrationCap.CONCENTRATION_CAP_ENTITY:
      return c.entity;
    case ConcentrationCap.CONCENTRATION_CAP_BENEFICIAL_OWNER:
      return c.beneficialOwner;
    default:
      return c.jurisdiction;
  }
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Groups per cap over `entries`, in the order caps then group (code-point order). A group is
 * over when power / total > cap_bps / 10000, compared exactly (power × 10000 > cap × total);
 * power_bps is the share floored to whole basis points. A zero ceiling means unset: never over.
 */
export function measureGroups(entries: readonly PowerEntry[], ceilings: Ceilings): { groups: ConcentrationGroup[]; total: bigint } {
  let total = 0n;
  for (const e of entries) total += e.power;
  const groups: ConcentrationGroup[] = [];
  for (const cap of CAPS) {
    const sums = new Map<string, bigint>();
    for (const e of entries) {
      if (!e.declaration) continue;
      const g = groupOf(cap, e.declaration);
      sums.set(g, (sums.get(g) ?? 0n) + e.power);
    }
    const capBps = ceilingOf(cap, ceilings);
    for (const g of [...sums.keys()].sort(cmp)) {
      const power = sums.get(g)!;
      groups.push({
        cap,
        group: g,
        power,
        powerBps: total > 0n ? (power * BPS) / total : 0n,
        capBps,
        over: capBps > 0n && total > 0n && power * BPS > capBps * total,
      });
    }
  }
  return { groups, total };
}

export interface DemotionChoice {
  operator: string;
  cap: ConcentrationCap;
  group: string;
  groupPowerBps: bigint;
  capBps: bigint;
}

/**
 * Which validators the epoch takes out so that no group stays over its ceiling. Repeatedly:
 * the first over group (caps in order entity, beneficial owner, jurisdiction; within a cap the
 * largest share, ties by group name) loses its largest validator (ties by operator address),
 * and the shares are measured again over what is left (the denominator shrinks too). The
 * breach recorded is the group's share at the moment its validator was chosen.
 */
export function selectDemotions(entries: readonly PowerEntry[], ceilings: Ceilings): DemotionChoice[] {
  const remaining = entries.filter((e) => e.power > 0n);
  const chosen: DemotionChoice[] = [];
  while (remaining.length > 0) {
    const { groups } = measureGroups(remaining, ceilings);
    let worst: ConcentrationGroup | undefined;
    for (const g of groups) {
      if (!g.over) continue;
      if (worst && g.cap !== worst.cap) break;
      if (!worst || g.power > worst.power) worst = g;
    }
    if (!worst) break;
    let pick = -1;
    for (let i = 0; i < remaining.length; i++) {
      const e = remaining[i];
      if (!e.declaration || groupOf(worst.cap, e.declaration) !== worst.group) continue;
      if (pick < 0 || e.power > remaining[pick].power || (e.power === remaining[pick].power && e.operator < remaining[pick].operator))
        pick = i;
    }
    const [e] = remaining.splice(pick, 1);
    chosen.push({ operator: e.operator, cap: worst.cap, group: worst.group, groupPowerBps: worst.powerBps, capBps: worst.capBps });
  }
  return chosen;
}
