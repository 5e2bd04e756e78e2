import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/cli/home";
import { startSeededDevChain, type SeededChain, type SeededData, type SeededModule } from "./helpers/seed-chain";

/**
 * The explorer page in headless Chromium (Debian's package) against a real `start --dev` node
 * seeded with data in every chain module: each page's content, live blocks, keyboard use, a
 * phone-width layout, no console errors. Screenshots go to test-output/explorer/.
 */
// The page callbacks below run in the browser; the repository's TypeScript has no DOM library.
declare const document: any;
declare const location: any;
declare function getComputedStyle(e: unknown): { outlineStyle: string };

const SHOTS = join(PROJECT_ROOT, "test-output", "explorer");
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The proto package a module's messages live in, as the tx page shows their type URLs. */
function packageOf(module: SeededModule): string {
  return ["bank", "staking", "gov"].includes(module) ? `cosmos.${module}.` : `blockchain.${module}.v1.`;
}

describe("explorer in a real browser", () => {
  let chain: SeededChain;
  let d: SeededData;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [chain, browser] = await Promise.all([
      startSeededDevChain({ blockIntervalMs: 300 }),
      chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS }),
    ]);
    d = chain.data;
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()} (${m.location().url})`);
    });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await chain?.stop();
  });

  afterEach(() => {
    const seen = problems;
    problems = [];
    expect(seen).toEqual([]);
  });

  /** Opens a page by its hash route and waits until it has loaded its data. */
  async function open(hash: string, p: Page = page): Promise<string> {
    await p.goto(`${chain.restUrl}/explorer/#${hash}`);
    await p.waitForFunction(() => document.querySelector("main h1") && !document.querySelector("main .loading"), null, {
      timeout: 20_000,
    });
    return (await p.textContent("main")) ?? "";
  }

  async function shot(name: string, p: Page = page): Promise<void> {
    await p.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  }

  async function heading(p: Page = page): Promise<string> {
    const all = await p.locator("h1").allTextContents();
    expect(all).toHaveLength(1);
    return all[0];
  }

  it("serves the built page at /explorer/ with its CSP", async () => {
    const res = await fetch(`${chain.restUrl}/explorer/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(await res.text()).toContain('<a class="skip" href="#main">');
  });

  it("home: latest blocks and txs, with new blocks arriving live over the websocket", async () => {
    const text = await open("/");
    expect(await heading()).toBe("Latest blocks and transactions");
    expect(await page.title()).toBe("Latest blocks and transactions · Chain explorer");
    expect(text).toContain("Latest transactions");
    const firstHeight = Number(await page.locator("table").first().locator("tbody tr th").first().textContent());
    expect(firstHeight).toBeGreaterThanOrEqual(d.height);
    await page.waitForFunction((h) => Number(document.querySelector("table tbody tr th")?.textContent) > h, firstHeight, {
      timeout: 10_000,
    });
    expect(await page.textContent("#live-status")).toContain("websocket");
    const seededHashes = Object.values(d.txHashes).map((h) => h.slice(0, 8));
    const shownTx = (await page.locator("table").nth(1).locator("tbody tr th").allTextContents()).map((t) => t.slice(0, 8));
    expect(shownTx.some((h) => seededHashes.includes(h))).toBe(true);
    await shot("home");
  });

  it("tx pages: every module's messages decoded into fields, and their events", async () => {
    for (const [module, hash] of Object.entries(d.txHashes) as [SeededModule, string][]) {
      const text = await open(`/tx/${hash}`);
      expect(await heading(), module).toBe(`Transaction ${hash.slice(0, 8)}…`);
      expect(text, module).toContain("success");
      expect(text, module).toContain(packageOf(module));
      expect(text, module).toContain("Events");
      expect(await page.locator("main section").nth(1).locator("table").count(), module).toBeGreaterThan(0);
      await shot(`tx-${module}`);
    }
    // A MsgSend's fields read as fields: its recipient is a link to the account.
    await open(`/tx/${d.txHashes.bank}`);
    expect(await page.locator("dt", { hasText: /^To address$/ }).count()).toBe(1);
    expect(await page.locator(`main a[href="#/account/${d.addresses.delegator}"]`).count()).toBeGreaterThan(0);
  });

  it("an unknown tx, address or block is answered in the page, not as an error", async () => {
    expect(await open(`/tx/${"0".repeat(64)}`)).toContain("is indexed on this node");
    expect(await heading()).toBe("Transaction not found");
    expect(await open("/account/notanaddress")).toContain("is not an account address");
    expect(await open(`/block/${d.height + 100000}`)).toContain("is not on this node (latest:");
  });

  it("block page: header fields and its txs", async () => {
    const tx = (await (await fetch(`${chain.restUrl}/cosmos/tx/v1beta1/txs/${d.txHashes.bank}`)).json()) as {
      tx_response: { height: string };
    };
    const height = tx.tx_response.height;
    const text = await open(`/block/${height}`);
    expect(await heading()).toBe(`Block ${height}`);
    expect(text).toContain("App hash");
    expect(await page.locator(`main a[href="#/tx/${d.txHashes.bank}"]`).count()).toBe(1);
    await shot("block");
  });

  it("account pages: balances, delegations, alias, roles, freeze status and cases", async () => {
    const frozen = await open(`/account/${d.enforcement.target}`);
    expect(frozen).toContain("frozen");
    expect(await page.locator(".badge.bad", { hasText: "frozen" }).count()).toBe(1);
    expect(frozen).toContain(`by case ${d.enforcement.caseId}`);
    expect(await page.locator("table", { hasText: "Cases about this account" }).locator("tbody th").allTextContents()).toContain(
      d.enforcement.caseId,
    );
    await shot("account-frozen");

    const alias = d.aliases[0];
    const aliased = await open(`/account/${alias.address}`);
    expect(aliased).toContain(alias.id);
    expect(aliased).toContain(alias.country);
    expect(await page.locator(".badge.good", { hasText: "not frozen" }).count()).toBe(1);
    await shot("account-alias");

    const delegator = await open(`/account/${d.addresses.delegator}`);
    expect(delegator).toContain(d.addresses.validator);
    await shot("account-delegator");
  });

  it("validators: the set, validatorgov status and the concentration figures", async () => {
    const text = await open("/validators");
    expect(await heading()).toBe("Validators");
    expect(text).toContain(d.addresses.validator);
    expect(text).toContain("Concentration by group");
    expect(text).toContain("Active validators");
    expect(text).toContain(d.addresses.validatorApplicant);
    await shot("validators");
  });

  it("registry pages show what was seeded", async () => {
    const pages: [string, string, string[]][] = [
      ["aliases", "Aliases and jurisdictions", [...d.aliases.map((a) => a.id), ...d.aliases.map((a) => a.country)]],
      ["enforcement", "Enforcement cases", [d.enforcement.caseId, d.enforcement.target]],
      ["tokenisation", "Tokenised assets", [d.tokenisation.shareDenom, d.addresses.shareholder, "Income index"]],
      ["land", "Land parcels", [d.land.cadastralRef, ...d.land.parcelIds, "proposed"]],
      ["oracle", "Oracle rates", [d.oracle.denom]],
      ["custody", "Custody solvency", [d.custody.denom]],
      ["netting", "Netting cycles", [d.netting.cycleId]],
      ["treasury", "Treasuries", [d.treasury.name]],
    ];
    for (const [route, title, expected] of pages) {
      const text = await open(`/${route}`);
      expect(await heading(), route).toBe(title);
      expect(await page.title(), route).toBe(`${title} · Chain explorer`);
      for (const e of expected) expect(text, `${route}: ${e}`).toContain(e);
      expect(await page.getAttribute(`nav a[href="#/${route}"]`, "aria-current"), route).toBe("page");
      await shot(route);
    }
  });

  it("search: alias → account, tx hash → tx, height → block, nothing → a message", async () => {
    const alias = d.aliases[0];
    await open("/");
    await page.fill("#q", alias.id);
    await page.press("#q", "Enter");
    await page.waitForFunction((a) => location.hash === `#/account/${a}` && !document.querySelector("main .loading"), alias.address);
    await page.fill("#q", d.txHashes.land.toLowerCase());
    await page.press("#q", "Enter");
    await page.waitForFunction((h) => location.hash === `#/tx/${h}`, d.txHashes.land);
    await page.fill("#q", "3");
    await page.press("#q", "Enter");
    await page.waitForFunction(() => location.hash === "#/block/3");
    const text = await open("/search/no such thing");
    expect(text).toContain("Nothing found");
    await shot("search-nothing");
  });

  it("keyboard: skip link, search box and nav links reachable by Tab, followed by Enter", async () => {
    // A fresh load (not a hash change, which moves focus to the new heading).
    await page.goto("about:blank");
    await open("/");
    const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent?.trim() || "");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("Skip to content");
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe("none");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");

    await page.goto("about:blank");
    await open("/");
    const order: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      order.push(await focused());
    }
    expect(order.slice(0, 4)).toEqual(["Skip to content", "Chain explorer", "q", "Go"]);
    expect(order).toContain("Validators");
    while ((await focused()) !== "Land") await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => location.hash === "#/land" && document.querySelector("h1")?.textContent === "Land parcels");
    // After a navigation the new page's heading has focus, for screen readers.
    await page.waitForFunction(() => document.activeElement?.tagName === "H1");
  });

  it("works at 375 px: no sideways scrolling of the page, screenshots of every page", async () => {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 375, height: 800 });
    phone.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
    });
    phone.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    const routes: [string, string][] = [
      ["home", "/"],
      ["validators", "/validators"],
      ["aliases", "/aliases"],
      ["enforcement", "/enforcement"],
      ["tokenisation", "/tokenisation"],
      ["land", "/land"],
      ["oracle", "/oracle"],
      ["custody", "/custody"],
      ["netting", "/netting"],
      ["treasury", "/treasury"],
      ["account-frozen", `/account/${d.enforcement.target}`],
      ["tx-land", `/tx/${d.txHashes.land}`],
      ["block", `/block/${d.height}`],
    ];
    for (const [name, hash] of routes) {
      await open(hash, phone);
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      expect(width, name).toBeLessThanOrEqual(375);
      await shot(`mobile-${name}`, phone);
    }
    await phone.close();
  });
});
