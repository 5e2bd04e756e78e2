#!/usr/bin/env -S node --max-semi-space-size=64
// Runs the TypeScript CLI from source through tsx's ESM loader, resolved from this file so
// the command works from any working directory.
import { register } from "tsx/esm/api";

register();
await import(new URL("../src/cli/main.ts", import.meta.url).href);
