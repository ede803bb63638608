// Takes the README's screenshot: two demo networks side by side, as a traveller sees them.
// Needs the platform running (npm start); PORT and CHROMIUM_PATH as for the tests.
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 8080);
const shots = [
  { url: `http://lumiere.localhost:${port}/`, colorScheme: 'light' as const },
  { url: `http://wahat.localhost:${port}/`, colorScheme: 'dark' as const },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const images: string[] = [];
  for (const shot of shots) {
    const page = await browser.newPage({
      viewport: { width: 720, height: 820 },
      colorScheme: shot.colorScheme,
    });
    await page.goto(shot.url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    images.push((await page.screenshot()).toString('base64'));
    await page.close();
  }
  const page = await browser.newPage({ viewport: { width: 1464, height: 836 } });
  await page.setContent(
    `<body style="margin:0;display:flex;gap:8px;padding:8px;background:#888">${images
      .map((data) => `<img alt="" src="data:image/png;base64,${data}" width="720" height="820">`)
      .join('')}</body>`,
  );
  const target = join(root, 'docs', 'screenshots', 'networks.png');
  await mkdir(dirname(target), { recursive: true });
  await page.screenshot({ path: target });
  console.log(`wrote ${target}`);
} finally {
  await browser.close();
}
