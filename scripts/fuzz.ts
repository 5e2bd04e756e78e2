/**
 * The long fuzz runner (`npm run fuzz -- --target checktx --iterations 1000000 --seed 1`):
 * the same generators and properties as test/integration/fuzz, run for as long as asked.
 * Findings are collected, not shrunk, so one run reports them all; each comes with the seed
 * and the input. Exit code 1 when anything was found.
 */
import fc from "fast-check";
import { parseArgs } from "node:util";
import { FUZZ_TARGETS } from "../test/helpers/fuzz/targets";

const { values } = parseArgs({
  options: {
    target: { type: "string", default: "all" },
    iterations: { type: "string", default: "10000" },
    seed: { type: "string", default: String(Date.now() % 2 ** 31) },
    "max-findings": { type: "string", default: "50" },
  },
});

const iterations = Number(values.iterations);
const seed = Number(values.seed);
const maxFindings = Number(values["max-findings"]);
const names = values.target === "all" ? Object.keys(FUZZ_TARGETS) : values.target!.split(",");
let failed = false;

for (const name of names) {
  const make = FUZZ_TARGETS[name];
  if (!make) throw new Error(`unknown target ${name}; known: ${Object.keys(FUZZ_TARGETS).join(", ")}`);
  const target = await make();
  const findings: string[] = [];
  const started = Date.now();
  let done = 0;
  console.log(`[${name}] seed ${seed}, ${iterations} iterations`);
  await fc.check(
    fc.asyncProperty(fc.gen(), async (g) => {
      let found: string[];
      try {
        found = await target.step(g);
      } catch (e) {
        // A throwing generator or harness is reported like a finding rather than shrunk.
        found = [`step threw: ${(e as Error).stack ?? String(e)}`];
      }
      done++;
      for (const f of found) if (findings.length < maxFindings) findings.push(`#${done}: ${f}`);
      if (done % 10_000 === 0) {
        const secs = (Date.now() - started) / 1000;
        console.log(`[${name}] ${done} inputs, ${(done / secs).toFixed(0)}/s, ${findings.length} findings, ${target.progress()}`);
      }
      return true;
    }),
    { numRuns: iterations, seed },
  );
  const secs = (Date.now() - started) / 1000;
  console.log(`[${name}] done: ${done} inputs in ${secs.toFixed(0)} s (${(done / secs).toFixed(0)}/s), ${findings.length} findings`);
  console.log(`[${name}] ${target.summary()}`);
  for (const f of findings) console.log(`[${name}] FINDING ${f}`);
  if (findings.length > 0) failed = true;
  await target.close();
}
process.exit(failed ? 1 : 0);
