import { createInterface } from "node:readline";
import { Writable } from "node:stream";

/** Reads one line from the terminal without echoing it (passphrases). */
export function promptHidden(question: string): Promise<string> {
  process.stderr.write(question);
  let muted = true;
  const sink = new Writable({
    write(chunk, _enc, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output: sink, terminal: true });
  return new Promise((resolve) => {
    rl.question("", (answer) => {
      muted = false;
      rl.close();
      process.stderr.write("\n");
      resolve(answer);
    });
  });
}

/** Reads one visible line from the terminal. */
export function promptLine(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  return new Promise((resolve) => rl.question(question, (answer) => (rl.close(), resolve(answer))));
}

/** All of stdin (scripts pipe mnemonics and passphrases in). */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
