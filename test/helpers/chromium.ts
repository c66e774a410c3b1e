/**
 * Headless Chromium for tests, driven by playwright-core. The browser is @sparticuz/chromium's build
 * (unpacked to the temporary folder on first use), so no system package is needed; XGEN_CHROMIUM names
 * another executable to use instead.
 */
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser } from 'playwright-core';

export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.XGEN_CHROMIUM || (await chromium.executablePath());
  return playwright.launch({ executablePath, args: chromium.args, headless: true });
}
