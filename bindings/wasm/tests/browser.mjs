// Debian's chromium driven by playwright-core (Playwright's own browser download does not work
// on these machines): headless, no sandbox (CI runs as root), a fresh profile per launch.
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM = process.env.BPKIT_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Launches the browser with a fresh profile (Playwright takes the profile folder as
 * `launchPersistentContext`'s first argument, not as `--user-data-dir`); resolves to
 * `{ context, close }`. Throws if the browser is missing.
 */
export async function launch() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found: apt-get install -y chromium (or set BPKIT_CHROMIUM)`);
  }
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'bpkit-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    timeout: 60_000,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
