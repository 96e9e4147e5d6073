// The system's Chromium (no browser download here), for the browser tests and `npm run bench:nav`.
import { chromium, type Browser } from 'playwright-core';

/** Starts headless Chromium with the flags this machine needs (no network beyond loopback). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
