import { chromium, devices } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const ctx = await browser.newContext({ ...devices["Pixel 7"] });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
await page.addInitScript(() => {
  window.__lt = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([Math.round(e.startTime), Math.round(e.duration), e.attribution?.[0]?.containerSrc || ""]); }).observe({ type: "longtask", buffered: true });
});
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
await cdp.send("Profiler.start");
await page.goto("http://127.0.0.1:3401/");
await page.waitForTimeout(7000);
const { profile } = await cdp.send("Profiler.stop");
console.log("longtasks", JSON.stringify(await page.evaluate(() => window.__lt)));
// self time per function, and per url
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas; 
for (let i = 0; i < profile.samples.length; i++) { const n = byId.get(profile.samples[i]); const f = n.callFrame; const k = `${f.functionName || "(anon)"} ${f.url.split("/").pop()}:${f.lineNumber}:${f.columnNumber}`; self.set(k, (self.get(k) || 0) + (dt[i] || 0) / 1000); }
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${v.toFixed(0).padStart(6)} ms ${k}`).join("\n"));
// inclusive per top-level "component-ish" frames: sum samples whose stack contains the function
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
const incl = new Map();
for (let i = 0; i < profile.samples.length; i++) { const seen = new Set(); let id = profile.samples[i]; while (id) { const f = byId.get(id).callFrame; const k = `${f.functionName || "(anon)"} ${f.url.split("/").pop()}:${f.lineNumber}`; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) || 0) + (dt[i] || 0) / 1000); } id = parent.get(id); } }
console.log("--- inclusive (app functions)");
console.log([...incl].filter(([k]) => /\.js/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 60).map(([k, v]) => `${v.toFixed(0).padStart(6)} ms ${k}`).join("\n"));
// who calls appendChild
const callers = new Map();
for (let i = 0; i < profile.samples.length; i++) { const n = byId.get(profile.samples[i]); if (n.callFrame.functionName !== "appendChild") continue; let id = parent.get(n.id); const chain = []; while (id && chain.length < 4) { const f = byId.get(id).callFrame; chain.push(`${f.functionName || "(anon)"}@${f.url.split("/").pop()}:${f.columnNumber}`); id = parent.get(id); } const k = chain.join(" < "); callers.set(k, (callers.get(k) || 0) + (dt[i] || 0) / 1000); }
console.log("--- appendChild callers"); console.log([...callers].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${v.toFixed(0).padStart(6)} ms ${k}`).join("\n"));
await browser.close();
