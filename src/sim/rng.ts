import type { SimRandom } from "../types/simulation";

/**
 * The simulation's one source of randomness: xorshift128+ over bigint state, seeded from a
 * 32-bit seed through splitmix64, so a run is reproduced exactly from `--seed`.
 */
export class SimRng implements SimRandom {
  private s0: bigint;
  private s1: bigint;
  private static readonly MASK = (1n << 64n) - 1n;

  constructor(seed: number) {
    let x = BigInt(seed >>> 0);
    const next = () => {
      x = (x + 0x9e3779b97f4a7c15n) & SimRng.MASK;
      let z = x;
      z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & SimRng.MASK;
      z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & SimRng.MASK;
      return z ^ (z >> 31n);
    };
    this.s0 = next();
    this.s1 = next();
  }

  private u64(): bigint {
    let a = this.s0;
    const b = this.s1;
    this.s0 = b;
    a ^= (a << 23n) & SimRng.MASK;
    a ^= a >> 17n;
    a ^= b ^ (b >> 26n);
    this.s1 = a;
    return (a + b) & SimRng.MASK;
  }

  int(n: number): number {
    return n <= 1 ? 0 : Number(this.u64() % BigInt(n));
  }

  bigint(n: bigint): bigint {
    if (n <= 1n) return 0n;
    let r = 0n;
    for (let bits = 0n; 1n << bits < n * 2n; bits += 64n) r = (r << 64n) | this.u64();
    return r % n;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[this.int(items.length)];
  }

  oneIn(n: number): boolean {
    return this.int(n) === 0;
  }
}
