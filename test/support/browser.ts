import { existsSync } from 'node:fs';
import { Browser, chromium, Page } from 'playwright-core';

/** Debian's `chromium` package (installed by .ci/run); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Chromium driven by playwright-core, which downloads no browser of its own: the
 * machine's Chromium, with a clear failure when it is not installed.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `no Chromium at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\` ` +
        '(Debian; .ci/run does) or set CHROMIUM_PATH',
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // Root (CI, containers) cannot use Chromium's sandbox; a small /dev/shm would crash tabs.
    args: ['--disable-dev-shm-usage', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
  });
}

/** What a page did: every request it made and every Content-Security-Policy violation. */
export interface PageRecord {
  readonly requests: {
    readonly method: string;
    readonly url: string;
    headers(): Promise<Record<string, string>>;
  }[];
  /** Violations reported in the page so far (`directive blocked-uri`). */
  violations(): Promise<string[]>;
}

/** Starts recording; call before the page navigates. */
export async function recordPage(page: Page): Promise<PageRecord> {
  const requests: PageRecord['requests'][number][] = [];
  page.on('request', (request) =>
    requests.push({
      method: request.method(),
      url: request.url(),
      headers: () => request.allHeaders(),
    }),
  );
  // Source text: this project compiles without the DOM library.
  await page.addInitScript({
    content: `Object.defineProperty(window, '__cspViolations', { value: [] });
      document.addEventListener('securitypolicyviolation', (event) =>
        window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));`,
  });
  return {
    requests,
    violations: () => page.evaluate<string[]>('window.__cspViolations'),
  };
}
