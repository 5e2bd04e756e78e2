import { ensureNodeFlags, isNodeCommand } from "./node-flags";

// main.ts's first import, so it runs before the rest of the CLI is loaded (about 1.5 s of CPU and
// 110 MB, mostly the protobuf registries): a `blockchaind start` that must re-execute itself
// with APP_NODE_FLAGS waits here for its child, and the launcher stays a small process.
if (isNodeCommand(process.argv)) await ensureNodeFlags({ reexec: !process.argv.includes("--no-reexec") });
