/**
 * Oracle benchmark: the end-of-round tally (EndBlock at the last block of a round) for 150
 * bonded validators × 20 accepted denoms, every validator voting every denom (3,000 votes,
 * committed in earlier blocks of the round, as the feeders' txs leave them). Measures the
 * oracle's EndBlock step (read votes, 20 weighted medians, 20 rates and 150 miss counters
 * written, 3,000 votes deleted) over a real CommitStore branch, and separately the app-hash
 * computation of those writes. Staking is a fixed list of 150 bonded validators.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { OracleKeeper } from "../../src/modules/oracle";
import { CommitStore } from "../../src/store";
import { accAddress, valAddress } from "../../src/types/address";
import { Context } from "../../src/types/context";
import { decFromString, decToString } from "../../src/types/dec";
import { silentLogger } from "../../src/types/logger";

const VALIDATORS = Number(process.env.BENCH_VALIDATORS ?? 150);
const DENOMS = Number(process.env.BENCH_DENOMS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const VOTE_PERIOD = 5n;

function addr(i: number): Uint8Array {
  const b = new Uint8Array(20);
  new DataView(b.buffer).setUint32(16, i + 1);
  b[0] = 0xa7;
  return b;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bench-oracle-"));
  const store = await CommitStore.open(dir, { sync: false });
  const validators = Array.from({ length: VALIDATORS }, (_, i) => ({
    operator: valAddress.encode(addr(i)),
    accountAddress: accAddress.encode(addr(i)),
    tokens: 1_000_000n * BigInt(1 + ((i * 37) % 97)),
  }));
  const staking = { bondedValidators: () => validators, getValidator: () => undefined };
  const keeper = new OracleKeeper(staking, { hasNft: () => false, hasClass: () => false });
  const denoms = Array.from({ length: DENOMS }, (_, d) => `ubench${String(d).padStart(2, "0")}`);
  const block = (height: bigint) => ({
    height,
    time: { seconds: 1_767_225_600n + height * 5n, nanos: 0 },
    chainId: "bench",
    proposer: new Uint8Array(20),
  });

  let height = 1n;
  let committed = 0n;
  const commit = (b: ReturnType<CommitStore["branch"]>) => store.commit(b, ++committed);
  {
    const b = store.branch();
    const ctx = Context.create(b, block(height), "genesis", silentLogger);
    keeper.params.set(ctx, {
      votePeriod: VOTE_PERIOD,
      voteThresholdBps: 5000n,
      quoteSymbol: "USD",
      acceptedDenoms: denoms,
      maxRateAgeSeconds: 60n,
      maxAppraisalAgeSeconds: 86_400n,
      maxClassIdsPerAppraiser: 20n,
    });
    store.computeAppHash(b);
    await commit(b);
  }

  const tally: number[] = [];
  const hash: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    // The round's votes, committed in an earlier block of the round.
    height++;
    const vb = store.branch();
    const vctx = Context.create(vb, block(height), "block", silentLogger);
    for (const [vi, v] of validators.entries()) {
      const votes = denoms.map((denom, di) => ({
        validator: v.operator,
        denom,
        rate: decToString(decFromString(`${100 + di}.${String((vi * 7919 + r * 104_729 + di) % 1_000_000).padStart(6, "0")}`)),
      }));
      keeper.votes.set(vctx, v.operator, { votes });
    }
    store.computeAppHash(vb);
    await commit(vb);

    // The last block of the round: EndBlock runs the tally.
    height = (height / VOTE_PERIOD + 1n) * VOTE_PERIOD;
    const b = store.branch();
    const ctx = Context.create(b, block(height), "block", silentLogger);
    if (!keeper.isRoundEnd(ctx)) throw new Error("not a round end");
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    keeper.endBlock(ctx);
    const t1 = performance.now();
    const c1 = process.cpuUsage(c0);
    cpu.push((c1.user + c1.system) / 1000);
    store.computeAppHash(b);
    const t2 = performance.now();
    await commit(b);
    tally.push(t1 - t0);
    hash.push(t2 - t1);
    if ([...keeper.votes.iterate(ctx)].length !== 0 && r === 0) throw new Error("votes not cleared");
  }
  const check = Context.create(store.branch(), block(height), "query", silentLogger);
  if ([...keeper.rates.iterate(check)].length !== DENOMS) throw new Error("rates not agreed");
  if ([...keeper.votes.iterate(check)].length !== 0) throw new Error("votes not cleared");

  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const fmt = (xs: number[]) => {
    const s = sorted(xs.slice(2)); // first rounds warm the JIT
    return `median ${s[Math.floor(s.length / 2)].toFixed(2)} ms, min ${s[0].toFixed(2)}, max ${s[s.length - 1].toFixed(2)}`;
  };
  console.log(
    `oracle end-of-round tally, ${VALIDATORS} validators × ${DENOMS} denoms (${VALIDATORS * DENOMS} votes), ${ROUNDS} rounds (first 2 excluded):`,
  );
  console.log(`  EndBlock (tally + writes): ${fmt(tally)}`);
  console.log(`  EndBlock CPU time:         ${fmt(cpu)}`);
  console.log(`  app hash of its writes:    ${fmt(hash)}`);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

void main();
