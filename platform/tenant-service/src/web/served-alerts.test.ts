// A served page carries the global alert live when it is asked for (decision 0035): rendered with
// it, kept per alert, and rendered afresh when an alert's window opens or closes.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFixture,
  FIXTURE_NETWORKS,
  type FixtureDirs,
  removeFixture,
} from '../test-support/fixtures.ts';
import { bootstrapOf } from '../test-support/html.ts';
import { type FixtureService, startService } from '../test-support/service.ts';

/** A renderer module as the web build writes it: it prints the alert it was told to show. */
const RENDERER = `
globalThis.alertRenders = (globalThis.alertRenders ?? 0);
export async function renderPage(input) {
  globalThis.alertRenders += 1;
  const shown = input.bootstrap.initialAlerts.find((alert) => alert.id === input.bootstrap.servedAlertId);
  return {
    kind: 'page',
    html: '<main>' + (shown ? '<div role="status">' + shown.message.en + '</div>' : '') + '<h1>Home</h1></main>',
    styles: '',
    data: {},
    status: 200,
  };
}
`;

const renders = () => (globalThis as { alertRenders?: number }).alertRenders ?? 0;
const everywhere = (word: string) => ({ fr: word, en: word, ar: word });

const network = {
  ...FIXTURE_NETWORKS.alpha,
  file: {
    ...FIXTURE_NETWORKS.alpha.file,
    maintenanceAlerts: [
      { id: 'always', level: 'INFO', message: everywhere('Tickets sold online') },
      {
        id: 'storm',
        level: 'DANGER',
        displayAfter: '2031-03-10T06:00:00Z',
        displayBefore: '2031-03-10T18:00:00Z',
        message: everywhere('Storm: lines 1 and 4 stopped'),
      },
    ],
  },
};

let dirs: FixtureDirs;
let service: FixtureService;
let now = new Date('2031-03-10T05:00:00Z');

beforeAll(async () => {
  dirs = await createFixture({ networks: [network], globalAlerts: [] });
  await mkdir(join(dirs.distDir, '.server'), { recursive: true });
  await writeFile(join(dirs.distDir, '.server', 'entry-server.js'), RENDERER);
  service = await startService(dirs, {}, { now: () => now });
});
afterAll(() => removeFixture(dirs));

const home = async () => {
  const response = await service.get('alpha.localhost', '/en');
  return response.text();
};

describe('the alert of a served page', () => {
  it('is in the first response, the bootstrap naming it for the render that hydrates', async () => {
    now = new Date('2031-03-10T05:00:00Z');
    const html = await home();
    expect(html).toContain('<div role="status">Tickets sold online</div>');
    expect(bootstrapOf(html).servedAlertId).toBe('always');
  });

  it('changes when a window opens and closes: the kept page is not served past it', async () => {
    now = new Date('2031-03-10T05:59:59Z');
    const before = renders();
    expect(await home()).toContain('Tickets sold online');
    expect(renders()).toBe(before);

    now = new Date('2031-03-10T06:00:00Z');
    const during = await home();
    expect(during).toContain('<div role="status">Storm: lines 1 and 4 stopped</div>');
    expect(bootstrapOf(during).servedAlertId).toBe('storm');
    expect(renders()).toBe(before + 1);

    now = new Date('2031-03-10T12:00:00Z');
    expect(await home()).toBe(during);
    expect(renders()).toBe(before + 1);

    now = new Date('2031-03-10T18:00:00Z');
    const after = await home();
    expect(after).toContain('<div role="status">Tickets sold online</div>');
    // The page of the first alert was kept: its render is reused.
    expect(renders()).toBe(before + 1);
  });

  it('names no alert on a page the browser renders (it follows its own clock at once)', async () => {
    const response = await service.get('alpha.localhost', '/en/account');
    expect(bootstrapOf(await response.text()).servedAlertId).toBeNull();
  });
});
