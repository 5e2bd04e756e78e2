import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DirectSecp256k1HdWallet, makeCosmoshubPath, Registry } from "@cosmjs/proto-signing";
import { defaultRegistryTypes, GasPrice, SigningStargateClient } from "@cosmjs/stargate";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { QueryAccountRequest, QueryAccountResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { CaseAction, CaseStatus, VoteOption } from "../../src/gen/blockchain/enforcement/v1/enforcement";
import * as q from "../../src/gen/blockchain/enforcement/v1/query";
import * as tx from "../../src/gen/blockchain/enforcement/v1/tx";
import { DEV_FAUCET_MNEMONIC } from "../../src/cli/dev-keys";
import { latestHeight, rpc, waitForHeight } from "../../src/cli/localnet";
import { Secp256k1Key } from "../../src/client/signer";
import { signTx } from "../../src/client/tx-builder";
import { startLocalnet } from "./helpers";
import { abciQuery, mustDeliver } from "./helpers/validator-set";

// A case passes by the votes of three of four validators through real CometBFT, and the
// target's send is then refused by CheckTx on every node (the freeze is in every node's state).

const T = "/blockchain.enforcement.v1.";
const Q = "/blockchain.enforcement.v1.Query/";
const HASH = "c".repeat(64);

function registry(): Registry {
  const r = new Registry(defaultRegistryTypes);
  r.register(T + "MsgOpenCase", tx.MsgOpenCase as any);
  r.register(T + "MsgVoteCase", tx.MsgVoteCase as any);
  return r;
}

async function clientAt(url: string, index: number): Promise<{ address: string; client: SigningStargateClient }> {
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(DEV_FAUCET_MNEMONIC, { prefix: "yml", hdPaths: [makeCosmoshubPath(index)] });
  const [{ address }] = await wallet.getAccounts();
  const client = await SigningStargateClient.connectWithSigner(url, wallet, {
    registry: registry(),
    gasPrice: GasPrice.fromString("0.025uyml"),
    broadcastPollIntervalMs: 300,
    broadcastTimeoutMs: 30_000,
  });
  return { address, client };
}

describe("enforcement on the 4-validator localnet", () => {
  let net: Awaited<ReturnType<typeof startLocalnet>>;
  let node0 = "";

  beforeAll(async () => {
    net = await startLocalnet({ validators: 4, basePort: 27657 });
    node0 = net.nodes[0].rpcUrl;
    await Promise.all(net.nodes.map((n) => waitForHeight(n.rpcUrl, 2, 120_000)));
  });
  afterAll(async () => {
    await net?.cleanup();
  });

  it("a case passes by validator votes and the target's send is refused on every node", async () => {
    const faucet = await clientAt(node0, 0);
    const target = await Secp256k1Key.fromMnemonic(DEV_FAUCET_MNEMONIC, "m/44'/118'/0'/0/42");
    await mustDeliver(faucet.client, faucet.address, [
      {
        typeUrl: "/cosmos.bank.v1beta1.MsgSend",
        value: MsgSend.fromPartial({
          fromAddress: faucet.address,
          toAddress: target.address,
          amount: [{ denom: "uyml", amount: "10000000" }],
        }),
      },
    ]);
    const operators = await Promise.all([1, 2, 3, 4].map((i) => clientAt(node0, i)));

    const opened = await mustDeliver(operators[0].client, operators[0].address, [
      {
        typeUrl: T + "MsgOpenCase",
        value: tx.MsgOpenCase.fromPartial({
          opener: operators[0].address,
          target: target.address,
          action: CaseAction.CASE_ACTION_FREEZE,
          reason: "e2e",
          evidenceUri: "ipfs://e2e",
          evidenceHash: HASH,
        }),
      },
    ]);
    const id = tx.MsgOpenCaseResponse.decode(opened.msgResponses[0].value).id;
    for (const op of operators.slice(0, 3)) {
      await mustDeliver(op.client, op.address, [
        { typeUrl: T + "MsgVoteCase", value: { voter: op.address, caseId: id, option: VoteOption.VOTE_OPTION_YES } },
      ]);
    }
    const getCase = (url: string) => abciQuery(url, Q + "GetCase", q.QueryGetCaseRequest, { id }, q.QueryGetCaseResponse);
    const c = (await getCase(node0)).case!;
    expect(c).toMatchObject({ status: CaseStatus.CASE_STATUS_VOTING, totalPowerAtOpen: 40n, yesPower: 30n });
    await Promise.all(net.nodes.map((n) => waitForHeight(n.rpcUrl, Number(c.votingEndsAtHeight) + 1, 120_000)));

    const account = (
      await abciQuery(node0, "/cosmos.auth.v1beta1.Query/Account", QueryAccountRequest, { address: target.address }, QueryAccountResponse)
    ).account!;
    const base = BaseAccount.decode(account.value);
    const send = signTx(
      [
        {
          typeUrl: "/cosmos.bank.v1beta1.MsgSend",
          value: MsgSend.encode({
            fromAddress: target.address,
            toAddress: faucet.address,
            amount: [{ denom: "uyml", amount: "1" }],
          }).finish(),
        },
      ],
      [{ key: target, accountNumber: base.accountNumber, sequence: base.sequence }],
      { chainId: "localnet", gasLimit: 200_000n, fee: [{ denom: "uyml", amount: "5000" }] },
    );
    for (const node of net.nodes) {
      expect((await getCase(node.rpcUrl)).case!.status).toBe(CaseStatus.CASE_STATUS_PASSED);
      const status = await abciQuery(
        node.rpcUrl,
        Q + "FreezeStatus",
        q.QueryFreezeStatusRequest,
        { address: target.address },
        q.QueryFreezeStatusResponse,
      );
      expect(status.frozen).toBe(true);
      const res = await rpc<{ code: number; codespace: string; log: string }>(node.rpcUrl, "broadcast_tx_sync", {
        tx: `0x${Buffer.from(send).toString("hex")}`,
      });
      expect({ code: res.code, codespace: res.codespace }).toEqual({ code: 1107, codespace: "enforcement" });
    }
    expect(await latestHeight(node0)).toBeGreaterThan(Number(c.votingEndsAtHeight));
  });
});
