/** Small DOM builders: text only (never innerHTML), so chain data cannot inject markup. */

export type Child = Node | string | number | boolean | null | undefined | Child[];

type Attrs = Record<string, string | number | boolean | undefined | null>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    el.setAttribute(name, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

export function append(parent: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false || c === true) continue;
    if (Array.isArray(c)) append(parent, c);
    else parent.appendChild(typeof c === "object" ? c : document.createTextNode(String(c)));
  }
}

export function link(href: string, ...children: Child[]): HTMLAnchorElement {
  return h("a", { href }, ...children);
}

/** A table in a scrollable, focusable region (narrow screens scroll it sideways by keyboard too). */
export function table(caption: string, headers: string[], rows: Child[][], empty = "None yet."): HTMLElement {
  if (rows.length === 0) return h("p", { class: "empty" }, h("strong", null, `${caption}: `), empty);
  return h(
    "div",
    { class: "table-wrap", role: "region", "aria-label": caption, tabindex: 0 },
    h(
      "table",
      null,
      h("caption", null, caption),
      h(
        "thead",
        null,
        h(
          "tr",
          null,
          headers.map((t) => h("th", { scope: "col" }, t)),
        ),
      ),
      h(
        "tbody",
        null,
        rows.map((r) =>
          h(
            "tr",
            null,
            r.map((cell, i) => (i === 0 ? h("th", { scope: "row" }, cell) : h("td", null, cell))),
          ),
        ),
      ),
    ),
  );
}

/** A definition list of label/value pairs. */
export function facts(pairs: [string, Child][]): HTMLDListElement {
  return h(
    "dl",
    { class: "facts" },
    pairs.map(([k, v]) => h("div", null, h("dt", null, k), h("dd", null, v === "" || v === null || v === undefined ? "—" : v))),
  );
}

export function section(title: string, ...children: Child[]): HTMLElement {
  return h("section", null, h("h2", null, title), ...children);
}

export function notice(kind: "error" | "info", text: string): HTMLElement {
  return h("p", { class: `notice ${kind}`, role: kind === "error" ? "alert" : "status" }, text);
}

export function badge(text: string, tone: "good" | "bad" | "neutral" | "warn" = "neutral"): HTMLElement {
  return h("span", { class: `badge ${tone}` }, text);
}
