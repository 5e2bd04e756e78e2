import { FetchError } from "./api";
import { append, h, notice, type Child } from "./dom";

export interface View {
  /** The page's one heading, also the document title. */
  title: string;
  content: Child[];
}

export interface PageContext {
  /** Called when the reader leaves the page (stop live updates). */
  onLeave(fn: () => void): void;
}

export type Page = (arg: string, ctx: PageContext) => Promise<View>;

interface Route {
  pattern: RegExp;
  loading: string;
  page: Page;
}

const SITE = "Chain explorer";
const routes: Route[] = [];
let generation = 0;
let leave: (() => void)[] = [];

export function route(pattern: RegExp, loading: string, page: Page): void {
  routes.push({ pattern, loading, page });
}

function show(main: HTMLElement, title: string, content: Child[]): void {
  document.title = `${title} · ${SITE}`;
  main.replaceChildren();
  append(main, [h("h1", { tabindex: -1 }, title), content]);
}

function markCurrentNav(path: string): void {
  for (const a of document.querySelectorAll<HTMLAnchorElement>("nav a")) {
    const target = a.getAttribute("href")?.slice(1) ?? "";
    if (target === path || (target !== "/" && path.startsWith(target))) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
}

/** Renders the page the hash names; `focus` moves focus to its heading (after a navigation). */
export async function render(focus: boolean): Promise<void> {
  const main = document.getElementById("main") as HTMLElement;
  for (const fn of leave) fn();
  leave = [];
  const mine = ++generation;
  const path = decodeURIComponent(location.hash.replace(/^#/, "")) || "/";
  markCurrentNav(path);
  const found = routes.map((r) => ({ r, m: r.pattern.exec(path) })).find((x) => x.m);
  if (!found) {
    show(main, "Page not found", [notice("error", `There is no page at ${path}.`), h("p", null, h("a", { href: "#/" }, "Latest blocks"))]);
    if (focus) main.querySelector("h1")?.focus();
    return;
  }
  show(main, found.r.loading, [h("p", { class: "loading", role: "status" }, "Loading…")]);
  if (focus) main.querySelector("h1")?.focus();
  const ctx: PageContext = { onLeave: (fn) => (mine === generation ? leave.push(fn) : fn()) };
  let view: View;
  try {
    view = await found.r.page(found.m?.[1] ?? "", ctx);
  } catch (e) {
    const message = e instanceof FetchError ? e.message : `the page failed: ${(e as Error).message}`;
    view = { title: found.r.loading, content: [notice("error", `Could not load this page: ${message}`)] };
  }
  if (mine !== generation) return;
  const hadFocus = document.activeElement === main.querySelector("h1");
  show(main, view.title, view.content);
  if (focus && hadFocus) main.querySelector("h1")?.focus();
}
