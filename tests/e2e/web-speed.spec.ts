import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { VideoListResponse } from "#contract/catalogue";

/**
 * The web's own speed (decision 030), against tests/e2e/web-speed-budget.json, every figure printed:
 *  - the home's first-load JavaScript (each same-origin script of its load, gzip -9) and the layout
 *    shift of the home, the Explorer, the info view and the player route, read in this test's own
 *    browser: they do not depend on the machine's speed, and are always judged;
 *  - Lighthouse's performance score (mobile profile, simulated throttling) on the same four pages,
 *    in one Chromium (Debian's, through chrome-launcher), printed as PASS or MISS against the
 *    target; the run fails below the budget's floor (today's level less noise: the target of 95 is
 *    not met yet, and a regression must still show). The score is judged only on a machine
 *    Lighthouse itself rates able to simulate a phone: its benchmark index (a fixed piece of work
 *    timed at the start of a run) at BENCHMARK_INDEX_MIN or more. A shared machine busy with other
 *    work rates far lower (119 to 500 seen beside a running benchmark), its runs take minutes and
 *    its scores say nothing about the app: the home's score is then printed with the reason, and
 *    the other pages are audited without the performance category, which keeps the cost bounded;
 *  - Lighthouse's accessibility and best-practices scores (DESIGN.md) on the same four pages: they
 *    do not depend on the machine's speed, and are always judged.
 */
const BENCHMARK_INDEX_MIN = 700;

/**
 * What one system call costs on this machine, in nanoseconds (a 1-byte read of /dev/zero, the best
 * of three rounds). The benchmark index times JavaScript alone; a browser also lives on system calls
 * (its processes talk over IPC, its pages over sockets). Some virtual machines make each one cost
 * 5 to 10 times what it does on hardware: there, the same build scores 20 points lower (the player
 * route, unchanged, 81–88 on one machine, 63–72 on one whose calls cost ~2 µs, 2026-11-28), so
 * the score is judged against the budget's floor for such machines.
 */
function systemCallNs(): number {
  const fd = fs.openSync("/dev/zero", "r");
  const byte = Buffer.alloc(1);
  let best = Number.POSITIVE_INFINITY;
  try {
    for (let round = 0; round < 3; round++) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < 20_000; i++) fs.readSync(fd, byte, 0, 1, null);
      best = Math.min(best, Number(process.hrtime.bigint() - start) / 20_000);
    }
  } finally {
    fs.closeSync(fd);
  }
  return Math.round(best);
}

/**
 * CI (.ci/run) runs other test tiers beside this one, at the lowest priority, and names in
 * BOBINE_QUIET_SIGNAL a file it writes once they have finished: the scores are read after that, on
 * a machine this tier has to itself (beside them, the same build scored 10 to 15 points lower),
 * waiting QUIET_WAIT_MAX_MS at most. Without the variable (npm test alone) there is nothing to wait for.
 */
const QUIET_WAIT_MAX_MS = 240_000;
async function untilQuiet(): Promise<void> {
  const signal = process.env.BOBINE_QUIET_SIGNAL;
  if (!signal) return;
  const start = Date.now();
  while (!fs.existsSync(signal) && Date.now() - start < QUIET_WAIT_MAX_MS)
    await new Promise((resolve) => setTimeout(resolve, 1000));
  const waited = Math.round((Date.now() - start) / 1000);
  console.log(
    fs.existsSync(signal)
      ? `web speed: the other test tiers have finished (waited ${waited} s): the machine is this tier's`
      : `web speed: the other test tiers still run after ${waited} s: measured beside them`,
  );
}

interface Budget {
  /** The target, printed beside each score. */
  performanceMin: number;
  /** What fails the run: today's level less the machine's noise (see the budget file). */
  performanceFloor: number;
  /** The same on a machine whose system calls cost more than slowSystemCallNs. */
  performanceFloorSlowSystemCalls: number;
  slowSystemCallNs: number;
  accessibilityMin: number;
  bestPracticesMin: number;
  homeFirstLoadJsMaxKb: number;
  cumulativeLayoutShiftMax: number;
}
const budget = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, "web-speed-budget.json"), "utf8"),
) as Budget;

async function pages(request: import("@playwright/test").APIRequestContext): Promise<[string, string][]> {
  const list = (await (await request.get("/api/videos?limit=1")).json()) as VideoListResponse;
  const id = list.items[0]?.id;
  expect(id).toBeDefined();
  return [
    ["home", "/"],
    ["explorer", "/browse"],
    ["info", `/?info=${id}`],
    ["player", `/video/${id}`],
  ];
}

test.describe("the web's own speed", () => {
  test("the home's first-load JavaScript and every page's layout shift stay within the budget", async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = new URL(baseURL ?? "http://localhost").origin;
    const scripts = new Set<string>();
    page.on("response", (res) => {
      if (res.request().resourceType() === "script" && new URL(res.url()).origin === origin)
        scripts.add(res.url());
    });
    // Layout shifts from the first paint on, without user input (what CLS counts), on every page.
    await page.addInitScript(() => {
      (window as unknown as { __cls: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    for (const [name, url] of await pages(request)) {
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      // Late images and lazy chunks have landed; a shift they caused is counted by now.
      await page.waitForTimeout(1000);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      console.log(
        `web speed ${name.padEnd(8)} ${url.padEnd(48)} layout shift ${cls.toFixed(3)} (≤ ${budget.cumulativeLayoutShiftMax})`,
      );
      expect
        .soft(cls, `${name}: cumulative layout shift`)
        .toBeLessThanOrEqual(budget.cumulativeLayoutShiftMax);
      if (name === "home") {
        let gzipped = 0;
        for (const script of scripts) {
          const body = await (
            await request.get(script, { headers: { "accept-encoding": "identity" } })
          ).body();
          gzipped += zlib.gzipSync(body, { level: 9 }).length;
        }
        const kb = gzipped / 1024;
        console.log(
          `web speed home first-load JavaScript: ${scripts.size} files, ${kb.toFixed(1)} KB gzipped (≤ ${budget.homeFirstLoadJsMaxKb})`,
        );
        expect(scripts.size).toBeGreaterThan(0);
        expect
          .soft(kb, "home: first-load JavaScript, KB gzipped")
          .toBeLessThanOrEqual(budget.homeFirstLoadJsMaxKb);
      }
    }
  });

  test("home, Explorer, info and player score the Lighthouse budget", async ({ request, baseURL }) => {
    // A calm machine: four runs of 15 to 30 s. A busy one audits performance on the home only.
    test.setTimeout(300_000 + QUIET_WAIT_MAX_MS);
    await untilQuiet();
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    try {
      // Performance is audited while the machine can simulate a phone (see above); accessibility
      // and best practices always.
      let performance = true;
      const callNs = systemCallNs();
      const slowCalls = callNs > budget.slowSystemCallNs;
      const floor = slowCalls ? budget.performanceFloorSlowSystemCalls : budget.performanceFloor;
      console.log(
        `web speed: one system call costs ${callNs} ns on this machine (slow above ${budget.slowSystemCallNs}): performance floor ${floor}`,
      );
      for (const [name, url] of await pages(request)) {
        const run = async (withPerformance: boolean) => {
          const audited = async () => {
            const result = await lighthouse(`${baseURL}${url}`, {
              port: chrome.port,
              output: "json",
              logLevel: "error",
              onlyCategories: [
                ...(withPerformance ? ["performance"] : []),
                "accessibility",
                "best-practices",
              ],
              formFactor: "mobile",
              maxWaitForLoad: 30_000,
            });
            const lhr = result?.lhr;
            if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
            return lhr;
          };
          // Lighthouse's own tracing sometimes fails (« NO_NAVSTART … Please run Lighthouse again »,
          // one run in about twenty here, 2026-11-28): its scores are then zeros that say nothing
          // of the page. Such a run is printed and run again, twice at most.
          let lhr = await audited();
          for (let again = 0; lhr.runtimeError && again < 2; again++) {
            console.log(
              `web speed ${name.padEnd(8)} Lighthouse failed (${lhr.runtimeError.code}): run again`,
            );
            lhr = await audited();
          }
          const audit = (key: string) => Math.round(lhr.audits[key]?.numericValue ?? Number.NaN);
          const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
          // What cost points, so a miss says what to fix.
          const failing = (category: string) =>
            (lhr.categories[category]?.auditRefs ?? [])
              .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
              .map((ref) => ref.id);
          return {
            performance: score("performance"),
            accessibility: score("accessibility"),
            bestPractices: score("best-practices"),
            missed: [...failing("accessibility"), ...failing("best-practices")],
            benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
            figures: `LCP ${audit("largest-contentful-paint")} ms, TBT ${audit("total-blocking-time")} ms, CLS ${lhr.audits["cumulative-layout-shift"]?.numericValue?.toFixed(3)}`,
          };
        };
        let r = await run(performance);
        const judged = performance && r.benchmarkIndex >= BENCHMARK_INDEX_MIN;
        // One more run for a score under the floor: another process may have taken the CPU.
        if (judged && r.performance < floor) r = await run(true);
        if (performance)
          console.log(
            `web speed ${name.padEnd(8)} ${url.padEnd(48)} Lighthouse performance ${r.performance} (${r.performance >= budget.performanceMin ? "PASS" : "MISS"}: target ≥ ${budget.performanceMin}; fails below ${floor}), ${r.figures}` +
              (judged
                ? ""
                : ` — not judged: this machine's Lighthouse benchmark index is ${r.benchmarkIndex} (< ${BENCHMARK_INDEX_MIN}, busy or slow); the other pages are audited without performance`),
          );
        console.log(
          `web speed ${name.padEnd(8)} ${url.padEnd(48)} Lighthouse accessibility ${r.accessibility} (≥ ${budget.accessibilityMin}), best practices ${r.bestPractices} (≥ ${budget.bestPracticesMin})` +
            (r.missed.length > 0 ? `, audits not passed: ${r.missed.join(", ")}` : ""),
        );
        if (judged)
          expect
            .soft(
              r.performance,
              `${name}: Lighthouse performance (floor; the target is ${budget.performanceMin})`,
            )
            .toBeGreaterThanOrEqual(floor);
        if (!judged) performance = false;
        expect
          .soft(r.accessibility, `${name}: Lighthouse accessibility`)
          .toBeGreaterThanOrEqual(budget.accessibilityMin);
        expect
          .soft(r.bestPractices, `${name}: Lighthouse best practices`)
          .toBeGreaterThanOrEqual(budget.bestPracticesMin);
      }
    } finally {
      chrome.kill();
    }
  });
});
