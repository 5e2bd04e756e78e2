// Entry of a signature-pool worker thread when the node runs from the sources (tsx, vitest;
// the build compiles sig-worker.ts itself: src/types/package-files.ts). A worker does not
// inherit the main thread's tsx loader, so it registers its own, then runs the TypeScript
// worker body.
import { register } from "tsx/esm/api";

register();
await import(new URL("./sig-worker.ts", import.meta.url).href);
