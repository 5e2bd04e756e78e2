/**
 * A self-contained page that renders openapi.json (no CDN, no external URLs): routes grouped
 * by tag, each with its parameters, a response schema browser and a "try it" GET.
 */
export function docsPage(specUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>REST API</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:0;display:flex;height:100vh}
nav{width:320px;overflow:auto;border-right:1px solid #ddd;padding:8px}
main{flex:1;overflow:auto;padding:16px}
nav h3{margin:12px 0 4px;font-size:13px;text-transform:uppercase;color:#555}
nav a{display:block;padding:2px 4px;color:#024;text-decoration:none;font-family:monospace;font-size:12px;word-break:break-all}
nav a:hover{background:#eef}
code,pre{font-family:monospace;font-size:12px}pre{background:#f6f6f6;padding:8px;overflow:auto}
.m{display:inline-block;width:40px;font-weight:bold;color:#063}
input{font-family:monospace;width:100%;box-sizing:border-box}
table{border-collapse:collapse}td{padding:2px 8px;border-bottom:1px solid #eee;vertical-align:top}
#filter{width:100%;margin-bottom:6px}
</style></head><body>
<nav><input id="filter" placeholder="filter routes"><div id="list">loading…</div></nav>
<main id="main"><p>Select a route.</p></main>
<script>
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({"&":"&amp;","<":"&lt;",">":"&gt;",'"':"&quot;"}[c]));
let spec;
function schemaText(s, depth, seen) {
  if (!s) return "";
  if (s.$ref) {
    const name = s.$ref.split("/").pop();
    if (seen.includes(name) || depth > 6) return name;
    return schemaText(spec.components.schemas[name], depth, seen.concat(name));
  }
  if (s.type === "array") return "[" + schemaText(s.items, depth, seen) + "]";
  if (s.type === "object" && s.properties) {
    const pad = "  ".repeat(depth + 1);
    return "{\\n" + Object.entries(s.properties).map(([k, v]) => pad + k + ": " + schemaText(v, depth + 1, seen)).join("\\n") + "\\n" + "  ".repeat(depth) + "}";
  }
  return (s.format || s.type || "any") + (s.enum ? " (" + s.enum.join(" | ") + ")" : "");
}
function show(path, method) {
  const op = spec.paths[path][method];
  const params = op.parameters || [];
  let html = "<h2><span class=m>" + method.toUpperCase() + "</span><code>" + esc(path) + "</code></h2><p>" + esc(op.summary || "") + "</p>";
  if (params.length) html += "<h3>Parameters</h3><table>" + params.map((p) => "<tr><td><code>" + esc(p.name) + "</code></td><td>" + p.in + "</td><td>" + esc(schemaText(p.schema, 0, [])) + "</td><td><input data-p='" + esc(p.name) + "' data-in='" + p.in + "'></td></tr>").join("") + "</table>";
  if (method === "get") html += "<p><button id=try>Send</button></p><pre id=out></pre>";
  html += "<h3>Response</h3><pre>" + esc(schemaText(op.responses["200"].content["application/json"].schema, 0, [])) + "</pre>";
  document.getElementById("main").innerHTML = html;
  const btn = document.getElementById("try");
  if (btn) btn.onclick = async () => {
    let url = path; const qs = new URLSearchParams();
    for (const i of document.querySelectorAll("input[data-p]")) {
      if (i.dataset.in === "path") url = url.replace("{" + i.dataset.p + "}", encodeURIComponent(i.value));
      else if (i.value) qs.append(i.dataset.p, i.value);
    }
    const res = await fetch(url + (qs.toString() ? "?" + qs : ""));
    document.getElementById("out").textContent = res.status + "\\n" + JSON.stringify(await res.json(), null, 2);
  };
}
function render(filter) {
  const groups = {};
  for (const [path, ops] of Object.entries(spec.paths)) for (const [method, op] of Object.entries(ops)) {
    if (filter && !path.includes(filter)) continue;
    (groups[(op.tags || ["other"])[0]] ||= []).push([path, method]);
  }
  const list = document.getElementById("list"); list.innerHTML = "";
  for (const tag of Object.keys(groups).sort()) {
    const h = document.createElement("h3"); h.textContent = tag; list.appendChild(h);
    for (const [path, method] of groups[tag]) {
      const a = document.createElement("a"); a.href = "#"; a.textContent = method.toUpperCase() + " " + path;
      a.onclick = (e) => { e.preventDefault(); show(path, method); }; list.appendChild(a);
    }
  }
}
fetch(${JSON.stringify(specUrl)}).then((r) => r.json()).then((s) => { spec = s; render(""); });
document.getElementById("filter").oninput = (e) => render(e.target.value);
</script></body></html>`;
}
