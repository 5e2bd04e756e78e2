/**
 * Child process for the crash-safety test: runs a dev chain whose every block is a pure
 * function of its height (one MsgSend built from committed state, block time = genesis + h s),
 * printing one JSON line per committed block. The parent SIGKILLs it at random moments.
 * Usage: node --import tsx crash-child.ts <dir> <targetHeight>
 */
import { join } from "node:path";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { App } from "../../src/app/app";
import { buildModules } from "../../src/app/modules";
import { buildDevGenesis } from "../../src/abci/dev/genesis";
import { DevEngine } from "../../src/abci/dev/engine";
import { signTx } from "../../src/client/tx-builder";
import { baseOf } from "../../src/modules/auth/keeper";
import { QueryAccountRequest, QueryAccountResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { silentLogger } from "../../src/types/logger";
import { testKey, DENOM, CHAIN_ID, testFoundation } from "./chain";

const [dir, targetArg] = process.argv.slice(2);
const target = BigInt(targetArg);
const alice = testKey("alice");
const modules = buildModules();
const genesis = buildDevGenesis(modules, {
  chainId: CHAIN_ID,
  genesisTime: "2026-01-01T00:00:00Z",
  accounts: [{ address: alice.address, coins: [{ denom: DENOM, amount: "1000000000000" }] }],
  validatorSeed: new Uint8Array(32).fill(7),
  foundation: testFoundation,
});
const app = await App.open({ dataDir: join(dir, "app"), modules, logger: silentLogger });
const engine = await DevEngine.open({ app, blockDir: join(dir, "blocks"), genesis, logger: silentLogger });
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
console.log(JSON.stringify({ start: true, h: engine.height.toString(), app: hex(app.store.lastAppHash) }));

while (engine.height < target) {
  const h = engine.height + 1n;
  if (h > 1n) {
    const res = app.query({
      path: "/cosmos.auth.v1beta1.Query/Account",
      data: QueryAccountRequest.encode({ address: alice.address }).finish(),
      height: 0n,
      prove: false,
    });
    const account = baseOf(QueryAccountResponse.decode(res.value).account!);
    const msg = {
      typeUrl: "/cosmos.bank.v1beta1.MsgSend",
      value: MsgSend.encode({
        fromAddress: alice.address,
        toAddress: testKey(`r${h % 7n}`).address,
        amount: [{ denom: DENOM, amount: h.toString() }],
      }).finish(),
    };
    await engine.broadcastTxSync(
      signTx([msg], [{ key: alice, accountNumber: account.accountNumber, sequence: account.sequence }], {
        chainId: CHAIN_ID,
        fee: [{ denom: DENOM, amount: "100" }],
        gasLimit: 200_000n,
      }),
    );
  }
  engine.setNextBlockTime({ seconds: 1_767_225_600n + h, nanos: 0 });
  const block = await engine.produceBlock();
  console.log(JSON.stringify({ h: block.height.toString(), app: hex(block.response.appHash), txs: block.txHashes.length }));
}
await engine.close();
await app.close();
