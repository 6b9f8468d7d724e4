import { unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, PageRecord, recordPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { ruleDirectory } from '../support/rule-dir';
import { ServiceProcess, startService } from '../support/service-process';

const RULES = `
domain: console
descriptors:
  - key: user
    rate_limit: {unit: hour, requests_per_unit: 5}
  - key: path
    value: /login
    shadow_mode: true
    rate_limit: {unit: minute, requests_per_unit: 2, name: login}
  - key: internal
    rate_limit: {unlimited: true}
`;
const TOKEN = 'console-token-7';

interface Decision {
  statuses: { code: string; limitRemaining?: number }[];
}

/**
 * The operator console in headless Chromium against the built service: traffic through `/json`,
 * then what an operator sees on each page. DEBUG_TOKEN is set, so the browser's Basic credentials
 * (the token as password) are what lets every page, script and fetch through.
 */
describe('operator console (headless Chromium)', () => {
  let service: ServiceProcess;
  let browser: Browser;
  let rulesEnv: Record<string, string>;
  let context: BrowserContext;
  let page: Page;
  let record: PageRecord;

  const decide = async (key: string, value: string): Promise<Decision> =>
    (await (
      await fetch(`${service.httpUrl}/json`, {
        method: 'POST',
        body: JSON.stringify({ domain: 'console', descriptors: [{ entries: [{ key, value }] }] }),
      })
    ).json()) as Decision;

  beforeAll(async () => {
    rulesEnv = ruleDirectory({ 'console.yaml': RULES });
    service = await startService({ ...rulesEnv, DEBUG_TOKEN: TOKEN });
    browser = await launchChromium();
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      httpCredentials: { username: 'ops', password: TOKEN },
    });
    page = await context.newPage();
    record = await recordPage(page);
    // Most calls from "heavy", then "mid", then "light".
    for (const [value, times] of [
      ['heavy', 9],
      ['mid', 4],
      ['light', 1],
    ] as const) {
      for (let i = 0; i < times; i++) await decide('user', value);
    }
    for (let i = 0; i < 3; i++) await decide('path', '/login');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await service?.stop();
  });

  const text = (selector: string) => page.locator(selector).innerText();

  it('shows the rule tree with limits and flags, and a rejected reload verbatim', async () => {
    await page.goto(`${service.debugUrl}/console#rules`);
    await page.locator('#rule-tree li').first().waitFor();
    const tree = await text('#rule-tree');
    expect(tree).toContain('domain: console');
    expect(tree).toMatch(/user\s+user_0: 5 \/ hour/);
    expect(tree).toMatch(/path=\/login\s+login: 2 \/ minute\s*shadow/);
    expect(tree).toMatch(/internal\s+internal_0: unlimited\s+unlimited\s+console\.internal/);
    expect(await text('#reload')).toMatch(/Source\s+files/);
    expect(await text('#reload')).toMatch(/\(loaded\)/);

    // A bad file: the reload is rejected, the rules in force stay, the page shows the error.
    const bad = join(rulesEnv.RUNTIME_ROOT, 'ratelimit', 'config', 'zz-bad.yaml');
    writeFileSync(
      bad,
      'domain: console\ndescriptors:\n  - key: user\n    rate_limit: {unit: fortnight, requests_per_unit: 1}\n',
    );
    try {
      service.child.kill('SIGHUP');
      const { value: error } = await eventually(
        'the rejected reload on the Rules page',
        async () => {
          await page.reload();
          const shown = await page.locator('#reload-error').count();
          return shown > 0 ? await text('#reload-error') : undefined;
        },
        15_000,
        200,
      );
      expect(error).toBe("config.zz-bad.yaml: duplicate domain 'console' in config file");
      expect(await text('#reload')).toMatch(/\(rejected\)/);
      expect(await text('#rule-tree')).toMatch(/user_0: 5 \/ hour/);
    } finally {
      unlinkSync(bad);
    }
  });

  it('draws non-empty traffic charts after traffic', async () => {
    await page.goto(`${service.debugUrl}/console#traffic`);
    // The hour's chart: the traffic was sent at the start, maybe more than a minute ago on a slow run.
    const chart = page.locator('.chart[data-rule="console.user"][data-kind="perMinute"]');
    // Sampled once a second and refreshed every 3 s: wait for the hits to show up.
    await eventually(
      'hits on the console.user chart',
      async () => {
        const total = await chart.getAttribute('data-total-hits').catch(() => null);
        return total !== null && Number(total) >= 14 ? true : undefined;
      },
      15_000,
      250,
    );
    expect(await chart.locator('canvas').count()).toBe(1);
    expect(await chart.innerText()).toMatch(/hits/);
    const shadow = page.locator('.chart[data-rule="console.path_/login"][data-kind="perMinute"]');
    // 3 calls against 2 a minute in shadow mode: one would have been limited, none was.
    expect(await shadow.getAttribute('data-total-hits')).toBe('3');
    expect(await shadow.getAttribute('data-total-shadow')).toBe('1');
    // user: heavy 9 and mid 4 against 5 an hour: 4 over.
    expect(await chart.getAttribute('data-total-over')).toBe('4');
  });

  it('lists the caller that was sent most first, by hits and by over-limit', async () => {
    await page.goto(`${service.debugUrl}/console#top`);
    await page.locator('#top-rule').selectOption('console.user');
    await page.locator('#top-hits tr:nth-child(2)').waitFor();
    const rows = await page.locator('#top-hits tr').allInnerTexts();
    expect(rows[1]).toMatch(/^1\s+user=heavy\s+9\s+0$/);
    expect(rows[2]).toMatch(/^2\s+user=mid\s+4\s+0$/);
    const over = await page.locator('#top-over tr').allInnerTexts();
    expect(over[1]).toMatch(/^1\s+user=heavy\s+4\s+0$/);
    expect(over).toHaveLength(2);
  });

  it('looks up a counter that matches a /json decision, and resets it', async () => {
    const decision = await decide('user', 'mid');
    // proto3 JSON leaves a zero out.
    expect(decision.statuses[0].code).toBe('OK');
    expect(decision.statuses[0].limitRemaining ?? 0).toBe(0);
    await page.goto(`${service.debugUrl}/console#counters`);
    await page.locator('#counter-domain').fill('console');
    await page.locator('#counter-descriptor').fill('user=mid');
    await page.locator('#counter-lookup').click();
    await page.locator('#counter-table tr:nth-child(2)').waitFor();
    const cells = () => page.locator('#counter-table tr:nth-child(2) td').allInnerTexts();
    const [limit, , perWindow, count, remaining, over] = await cells();
    expect([limit, perWindow, count, remaining, over]).toEqual([
      'user_0',
      '5 / hour',
      '5',
      '0',
      'no',
    ]);
    expect(await text('#counter-message')).toContain('Rule console.user on the memory store');

    await page.locator('#counter-reset').click();
    await eventually('the reset shown', async () =>
      (await text('#counter-message')).includes('Reset done') ? true : undefined,
    );
    expect((await cells())[3]).toBe('0');
    expect((await decide('user', 'mid')).statuses[0].limitRemaining).toBe(4);
    expect(service.output()).toMatch(
      /counters reset by ops@127\.0\.0\.1: domain=console descriptor=user=mid/,
    );
  });

  it('shows the health figures', async () => {
    await page.goto(`${service.debugUrl}/console#health`);
    await page.locator('#health-table tr:nth-child(2)').waitFor();
    const health = await text('#health-table');
    expect(health).toMatch(/store\s+memory reachable/);
    expect(health).toMatch(/process RSS \(MiB\)\s+\d+/);
    expect(health).toMatch(/console accounting\s+on/);
  });

  it('dry-runs a candidate rule file on live traffic without touching live decisions', async () => {
    await page.goto(`${service.debugUrl}/console#dry-run`);
    await page
      .locator('#dry-yaml')
      .fill(
        'domain: console\ndescriptors:\n  - key: user\n    rate_limit: {unit: hour, requests_per_unit: 2}\n',
      );
    await page.locator('#dry-seconds').fill('600');
    await page.locator('#dry-start').click();
    await eventually('the dry run running', async () =>
      (await text('#dry-state')).startsWith('Running') ? true : undefined,
    );
    // Live: 5 an hour, so all five are allowed; the candidate (2 an hour) would have limited 3.
    for (let i = 0; i < 5; i++) {
      expect((await decide('user', 'dry')).statuses[0].code).toBe('OK');
    }
    await decide('user', 'other');
    const { value: row } = await eventually(
      'the dry run counts on the page',
      async () => {
        const cells = await page
          .locator('#dry-table tr:nth-child(2) td')
          .allInnerTexts()
          .catch(() => []);
        return cells[1] === '6' ? cells : undefined;
      },
      10_000,
      250,
    );
    expect(row).toEqual(['console.user', '6', '3', expect.any(String), 'user=dry (3)']);
    await page.locator('#dry-stop').click();
    await eventually('the dry run finished', async () =>
      (await text('#dry-state')).startsWith('Finished') ? true : undefined,
    );
    // A candidate that does not load is refused with the reload's own error.
    await page
      .locator('#dry-yaml')
      .fill(
        'domain: console\ndescriptors:\n  - key: user\n    rate_limit: {unit: fortnight, requests_per_unit: 1}\n',
      );
    await page.locator('#dry-start').click();
    await eventually('the candidate refused', async () =>
      /^400: candidate: /.test(await text('#dry-state')) ? true : undefined,
    );
  });

  it('loaded everything from the service itself, without a CSP violation', async () => {
    const origin = new URL(service.debugUrl).origin;
    expect(record.requests.filter((r) => !r.url.startsWith(origin))).toEqual([]);
    expect(record.requests.map((r) => new URL(r.url).pathname)).toEqual(
      expect.arrayContaining(['/console/assets/uPlot.iife.min.js', '/console/assets/console.js']),
    );
    expect(await record.violations()).toEqual([]);
    expect(await page.evaluate('document.body.getAttribute("data-error")')).toBeNull();
  });
});
