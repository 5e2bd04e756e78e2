import { Order } from "cosmjs-types/ibc/core/channel/v1/channel";
import { Link } from "@confio/relayer/build/lib/link";
import type { IbcClient } from "@confio/relayer/build/lib/ibcclient";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";
import { CaseAction } from "../../src/gen/blockchain/enforcement/v1/enforcement";
import * as enforcementQ from "../../src/gen/blockchain/enforcement/v1/query";
import * as enforcementTx from "../../src/gen/blockchain/enforcement/v1/tx";
import { MsgApplyValidator, MsgApproveValidator } from "../../src/gen/blockchain/validatorgov/v1/tx";
import { DEV_FAUCET_MNEMONIC } from "../../src/cli/dev-keys";
import { latestHeight, rpc, waitForHeight } from "../../src/cli/localnet";
import { signAminoTx } from "../../src/client/amino";
import { Secp256k1Key } from "../../src/client/signer";
import type { AnyMsg } from "../../src/types/codec";
import { fromBech32, moduleAddress, toBech32 } from "../../src/types/address";
import { startLocalnet } from "./helpers";
import { accountAt, passProposal, uyml, YML, type Account } from "./helpers/governance";
import { restBalance, roleMnemonic, startSimdChain, SIMD_BECH32_PREFIX, SIMD_DENOM, type SimdChain } from "./helpers/ibc-counterparty";
import { consoleLogger, ibcDenom, IbcGoV10Link, relayerClient } from "./helpers/ibc-relayer";
import { abciQuery, cometPowers, consensusKeyOf, createValidatorMsg, mustDeliver, waitForCometPower } from "./helpers/validator-set";

/**
 * ICS-20 between our 1-validator localnet and an ibc-go v10.7.0 simd through @confio/relayer:
 * 07-tendermint clients both ways, a connection and an unordered transfer channel opened from
 * our side; uyml out and back, simd's `stake` in as a voucher, a timeout refunding the sender,
 * a frozen account's transfer refused, and simd's client of us following our validator set when
 * a validator joins. Our fees are zero (the localnet's minimum gas price is 0uyml), so every
 * balance below is exact.
 */

const BLOCK_MS = 500;
const BASE_PORT = 16657;
const SENT = 1_000n;
const RETURNED = 400n;
const STAKE_IN = 500n;

async function rest<T>(url: string, path: string): Promise<T> {
  const res = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe("ICS-20 between our chain and ibc-go v10 (simd) through @confio/relayer", () => {
  let net: Awaited<ReturnType<typeof startLocalnet>>;
  let simd: SimdChain;
  let node0 = "";
  let ourRest = "";
  let faucet: Account;
  let ourRelayer: IbcClient;
  let ourUser: IbcClient;
  let simdRelayer: IbcClient;
  let simdUser: IbcClient;
  let link: IbcGoV10Link;
  let ours = "";
  let theirs = "";
  let escrow = "";
  const logger = consoleLogger();
  const userMnemonic = roleMnemonic("localnet/user");
  const ourBalance = (address: string, denom = "uyml") => restBalance(ourRest, address, denom);
  const userStart = 50n * YML;

  beforeAll(async () => {
    [net, simd] = await Promise.all([
      startLocalnet({
        validators: 1,
        basePort: BASE_PORT,
        // simd's client of us trusts a header for 2/3 of our unbonding time: the dev minute would
        // let it expire between two relays on a loaded machine.
        mutateGenesis: (s) => {
          s.staking.params.unbonding_time = "1800s";
        },
      }),
      startSimdChain({ chainId: "ibc-sim-1" }),
    ]);
    node0 = net.nodes[0].rpcUrl;
    ourRest = `http://127.0.0.1:${net.nodes[0].ports.api}`;
    await waitForHeight(node0, 2, 120_000);
    faucet = await accountAt(node0, 0);
    const ourEnd = { rpcUrl: node0, prefix: "yml", gasPrice: "0uyml", blockTimeMs: BLOCK_MS };
    const simdEnd = { rpcUrl: simd.rpcUrl, prefix: SIMD_BECH32_PREFIX, gasPrice: `0${SIMD_DENOM}`, blockTimeMs: BLOCK_MS };
    [ourRelayer, ourUser, simdRelayer, simdUser] = await Promise.all([
      relayerClient(ourEnd, DEV_FAUCET_MNEMONIC, logger),
      relayerClient(ourEnd, userMnemonic, logger),
      relayerClient(simdEnd, simd.relayer.mnemonic, logger),
      relayerClient(simdEnd, simd.user.mnemonic, logger),
    ]);
    await mustDeliver(faucet.client, faucet.address, [
      {
        typeUrl: "/cosmos.bank.v1beta1.MsgSend",
        value: { fromAddress: faucet.address, toAddress: ourUser.senderAddress, amount: [uyml(userStart)] },
      },
    ]);
  }, 240_000);

  afterAll(async () => {
    await net?.cleanup();
    await simd?.stop();
  });

  it("creates clients both ways, opens a connection and an ics20-1 channel from our side", async () => {
    const created = await Link.createWithNewConnections(ourRelayer, simdRelayer, logger);
    link = IbcGoV10Link.adapt(created, logger);
    const { client_state } = await rest<{ client_state: { "@type": string; chain_id: string } }>(
      simd.restUrl,
      `/ibc/core/client/v1/client_states/${link.endB.clientID}`,
    );
    expect(client_state).toMatchObject({ "@type": "/ibc.lightclients.tendermint.v1.ClientState", chain_id: "localnet" });
    const { connection } = await rest<{ connection: { state: string; client_id: string } }>(
      ourRest,
      `/ibc/core/connection/v1/connections/${link.endA.connectionID}`,
    );
    expect(connection).toMatchObject({ state: "STATE_OPEN", client_id: link.endA.clientID });

    const channel = await created.createChannel("A", "transfer", "transfer", Order.ORDER_UNORDERED, "ics20-1");
    ours = channel.src.channelId;
    theirs = channel.dest.channelId;
    const ourChannel = await rest<{ channel: Record<string, unknown> }>(ourRest, `/ibc/core/channel/v1/channels/${ours}/ports/transfer`);
    expect(ourChannel.channel).toMatchObject({ state: "STATE_OPEN", ordering: "ORDER_UNORDERED", version: "ics20-1" });
    escrow = (await rest<{ escrow_address: string }>(ourRest, `/ibc/apps/transfer/v1/channels/${ours}/ports/transfer/escrow_address`))
      .escrow_address;
  });

  it("sends uyml to simd: escrowed here, an ibc/ voucher there, acknowledged", async () => {
    const timeout = await simdRelayer.timeoutHeight(1_000);
    await ourUser.transferTokens("transfer", ours, uyml(SENT), simd.user.address, timeout);
    expect(await ourBalance(ourUser.senderAddress)).toBe(userStart - SENT);
    expect(await ourBalance(escrow)).toBe(SENT);

    const relayed = await link.relayAll();
    expect(relayed.packetsFromA).toBe(1);
    expect(relayed.acksFromB.map((a) => Buffer.from(a.acknowledgement).toString())).toEqual(['{"result":"AQ=="}']);
    expect(await simd.balance(simd.user.address, ibcDenom("transfer", theirs, "uyml"))).toBe(SENT);
    const commitments = await rest<{ commitments: unknown[] }>(
      ourRest,
      `/ibc/core/channel/v1/channels/${ours}/ports/transfer/packet_commitments`,
    );
    expect(commitments.commitments).toEqual([]);
  });

  it("takes the voucher back: burnt on simd, released from our escrow", async () => {
    const timeout = await ourRelayer.timeoutHeight(1_000);
    await simdUser.transferTokens(
      "transfer",
      theirs,
      { denom: ibcDenom("transfer", theirs, "uyml"), amount: String(RETURNED) },
      ourUser.senderAddress,
      timeout,
    );
    await link.relayAll();
    expect(await simd.balance(simd.user.address, ibcDenom("transfer", theirs, "uyml"))).toBe(SENT - RETURNED);
    expect(await ourBalance(ourUser.senderAddress)).toBe(userStart - SENT + RETURNED);
    expect(await ourBalance(escrow)).toBe(SENT - RETURNED);
    const total = await rest<{ amount: { amount: string } }>(ourRest, "/ibc/apps/transfer/v1/total_escrow/uyml");
    expect(total.amount.amount).toBe(String(SENT - RETURNED));
  });

  it("receives simd's stake as an ibc/ voucher minted here", async () => {
    const timeout = await ourRelayer.timeoutHeight(1_000);
    const before = await simd.balance(simd.user.address);
    await simdUser.transferTokens("transfer", theirs, { denom: SIMD_DENOM, amount: String(STAKE_IN) }, ourUser.senderAddress, timeout);
    await link.relayAll();
    const voucher = ibcDenom("transfer", ours, SIMD_DENOM);
    expect(await ourBalance(ourUser.senderAddress, voucher)).toBe(STAKE_IN);
    expect(await simd.balance(simd.user.address)).toBe(before - STAKE_IN);
    const supply = await rest<{ amount: { amount: string } }>(
      ourRest,
      `/cosmos/bank/v1beta1/supply/by_denom?denom=${encodeURIComponent(voucher)}`,
    );
    expect(supply.amount.amount).toBe(String(STAKE_IN));
    const trace = await rest<{ hash: string }>(ourRest, `/ibc/apps/transfer/v1/denom_hashes/transfer/${ours}/${SIMD_DENOM}`);
    expect(`ibc/${trace.hash}`).toBe(voucher);
  });

  it("refunds a packet that timed out on simd", async () => {
    const timeoutAt = (await latestHeight(simd.rpcUrl)) + 2;
    const start = await ourBalance(ourUser.senderAddress);
    await ourUser.transferTokens("transfer", ours, uyml(77n), simd.user.address, simdRelayer.revisionHeight(timeoutAt));
    expect(await ourBalance(ourUser.senderAddress)).toBe(start - 77n);
    expect(await ourBalance(escrow)).toBe(SENT - RETURNED + 77n);
    await waitForHeight(simd.rpcUrl, timeoutAt + 1, 20_000);
    await link.relayAll();
    expect(await ourBalance(ourUser.senderAddress)).toBe(start);
    expect(await ourBalance(escrow)).toBe(SENT - RETURNED);
    expect(await simd.balance(simd.user.address, ibcDenom("transfer", theirs, "uyml"))).toBe(SENT - RETURNED);
  });

  it("refuses a frozen account's transfer", async () => {
    const operator = await accountAt(node0, 1);
    const opened = await mustDeliver(operator.client, operator.address, [
      {
        typeUrl: "/blockchain.enforcement.v1.MsgOpenCase",
        value: enforcementTx.MsgOpenCase.fromPartial({
          opener: operator.address,
          target: ourUser.senderAddress,
          action: CaseAction.CASE_ACTION_FREEZE,
          reason: "ibc e2e",
          evidenceUri: "ipfs://ibc-e2e",
          evidenceHash: "d".repeat(64),
        }),
      },
    ]);
    expect(opened.code).toBe(0);
    const status = await abciQuery(
      node0,
      "/blockchain.enforcement.v1.Query/FreezeStatus",
      enforcementQ.QueryFreezeStatusRequest,
      { address: ourUser.senderAddress },
      enforcementQ.QueryFreezeStatusResponse,
    );
    expect(status.frozen).toBe(true);
    const before = await ourBalance(ourUser.senderAddress);
    const timeout = await simdRelayer.timeoutHeight(1_000);
    await expect(ourUser.transferTokens("transfer", ours, uyml(5n), simd.user.address, timeout)).rejects.toThrow(/frozen/);
    expect(await ourBalance(ourUser.senderAddress)).toBe(before);
    expect(await ourBalance(escrow)).toBe(SENT - RETURNED);
  });

  it("simd's client of us follows our validator set when a validator joins", async () => {
    const clientHeight = async () =>
      BigInt(
        (
          await rest<{ client_state: { latest_height: { revision_height: string } } }>(
            simd.restUrl,
            `/ibc/core/client/v1/client_states/${link.endB.clientID}`,
          )
        ).client_state.latest_height.revision_height,
      );
    const trusted = await clientHeight();
    const joiner = await net.addJoiner();
    await waitForHeight(joiner.rpcUrl, (await latestHeight(node0)) + 1, 180_000);
    const key = consensusKeyOf(joiner.home);
    const operator = await accountAt(node0, 30);
    await mustDeliver(faucet.client, faucet.address, [
      {
        typeUrl: "/cosmos.bank.v1beta1.MsgSend",
        value: { fromAddress: faucet.address, toAddress: operator.address, amount: [uyml(10n * YML)] },
      },
    ]);
    await mustDeliver(operator.client, operator.address, [
      {
        typeUrl: "/blockchain.validatorgov.v1.MsgApplyValidator",
        value: MsgApplyValidator.fromPartial({
          creator: operator.address,
          moniker: "ibc-joiner",
          description: "ibc e2e joiner",
          legalEntityId: "LEI-ibc-joiner",
          beneficialOwnerId: "UBO-ibc-joiner",
          jurisdiction: "DE",
        }),
      },
    ]);
    const voter = await accountAt(node0, 1);
    await passProposal(
      node0,
      faucet,
      [voter],
      [
        {
          typeUrl: "/blockchain.validatorgov.v1.MsgApproveValidator",
          value: MsgApproveValidator.encode({ authority: moduleAddress("gov"), candidate: operator.address, approve: true }).finish(),
        },
      ],
      "Admit ibc-joiner",
    );
    await mustDeliver(operator.client, operator.address, [createValidatorMsg(operator.address, key, "ibc-joiner", 3n * YML, 2n * YML)]);
    const inSet = await waitForCometPower(node0, key.address, 3n);
    expect((await cometPowers(node0, inSet)).size).toBe(2);
    await waitForHeight(node0, inSet + 1, 30_000);

    // The relayer updates simd's client to a header signed by the new set (trusted: the old one).
    const updated = await link.updateClient("A");
    expect(updated.revisionHeight).toBeGreaterThan(BigInt(inSet));
    // Trusted a header signed by the old set alone; the new header is signed by both validators.
    expect(trusted).toBeLessThan(BigInt(inSet));
    expect(await clientHeight()).toBe(updated.revisionHeight);
    const clientStatus = await rest<{ status: string }>(simd.restUrl, `/ibc/core/client/v1/client_status/${link.endB.clientID}`);
    expect(clientStatus.status).toBe("Active");

    // A packet proven under the new set's header is received on simd.
    const timeout = await simdRelayer.timeoutHeight(1_000);
    const before = await simd.balance(simd.user.address, ibcDenom("transfer", theirs, "uyml"));
    await ourRelayer.transferTokens("transfer", ours, uyml(9n), simd.user.address, timeout);
    await link.relayAll();
    expect(await simd.balance(simd.user.address, ibcDenom("transfer", theirs, "uyml"))).toBe(before + 9n);
  });

  it("accepts our LEGACY_AMINO_JSON MsgTransfer on both chains: its amino JSON is ibc-go's", async () => {
    const key = await Secp256k1Key.fromMnemonic(roleMnemonic("localnet/amino"));
    const ourSender = key.address;
    const simdSender = toBech32(SIMD_BECH32_PREFIX, fromBech32(ourSender, "yml"));
    await mustDeliver(faucet.client, faucet.address, [
      { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: faucet.address, toAddress: ourSender, amount: [uyml(YML)] } },
    ]);
    await simdUser.sendTokens(simdSender, [{ denom: SIMD_DENOM, amount: "1000" }]);
    const transfer = (sender: string, channel: string, token: { denom: string; amount: string }, receiver: string): AnyMsg => ({
      typeUrl: "/ibc.applications.transfer.v1.MsgTransfer",
      value: MsgTransfer.encode(
        MsgTransfer.fromPartial({
          sourcePort: "transfer",
          sourceChannel: channel,
          token,
          sender,
          receiver,
          timeoutTimestamp: BigInt(Date.now() + 600_000) * 1_000_000n,
          memo: "amino",
        }),
      ).finish(),
    });
    const account = async (restUrl: string, address: string) => {
      const res = await rest<{ account: { account_number: string; sequence: string } }>(
        restUrl,
        `/cosmos/auth/v1beta1/accounts/${address}`,
      );
      return { accountNumber: BigInt(res.account.account_number), sequence: BigInt(res.account.sequence) };
    };
    const broadcast = async (url: string, tx: Uint8Array) => {
      const res = await rpc<{ code: number; log: string; hash: string }>(url, "broadcast_tx_sync", {
        tx: `0x${Buffer.from(tx).toString("hex")}`,
      });
      expect({ url, code: res.code, log: res.log }).toMatchObject({ url, code: 0 });
      return res.hash;
    };
    const voucherThere = ibcDenom("transfer", theirs, "uyml");
    const voucherHere = ibcDenom("transfer", ours, SIMD_DENOM);
    const [thereBefore, hereBefore] = await Promise.all([
      simd.balance(simd.user.address, voucherThere),
      ourBalance(ourSender, voucherHere),
    ]);
    const here = signAminoTx([transfer(ourSender, ours, uyml(3n), simd.user.address)], [{ key, ...(await account(ourRest, ourSender)) }], {
      chainId: "localnet",
      gasLimit: 300_000n,
      fee: [uyml(0n)],
    });
    const there = signAminoTx(
      [transfer(simdSender, theirs, { denom: SIMD_DENOM, amount: "2" }, ourSender)],
      [{ key, ...(await account(simd.restUrl, simdSender)) }],
      { chainId: simd.chainId, gasLimit: 300_000n, fee: [{ denom: SIMD_DENOM, amount: "0" }] },
    );
    await Promise.all([broadcast(node0, here), broadcast(simd.rpcUrl, there)]);
    await Promise.all([
      waitForHeight(node0, (await latestHeight(node0)) + 2, 20_000),
      waitForHeight(simd.rpcUrl, (await latestHeight(simd.rpcUrl)) + 2, 20_000),
    ]);
    await link.relayAll();
    expect(await simd.balance(simd.user.address, voucherThere)).toBe(thereBefore + 3n);
    expect(await ourBalance(ourSender, voucherHere)).toBe(hereBefore + 2n);
  });
});
