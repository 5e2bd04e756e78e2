// Entry of a signature-pool worker thread (sig-pool.ts). A worker does not inherit the main
// thread's tsx loader, so it registers its own, as bin/blockchaind.js does, then runs the
// TypeScript worker body.
import { register } from "tsx/esm/api";

register();
await import(new URL("./sig-worker.ts", import.meta.url).href);
