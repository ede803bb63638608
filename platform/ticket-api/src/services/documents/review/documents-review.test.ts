// `npm run documents:review` as staff run it (decision 0041): the command's own process, beside the
// ticket API's real process on an embedded database (the staff listener) or with the database to
// itself, the traveller's email caught by an SMTP server of the test's own.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServiceProcess } from '@transit-shop/service-kit/service-process';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../clock.ts';
import { createDatabase, type Database } from '../../../db/database.ts';
import { migrateDatabase } from '../../../db/migrate.ts';
import { documentEvents } from '../../../db/schema/documents.ts';
import { type StaffAccess, staffAccessPath, staffAccessSchema } from '../../../http/staff-listener.ts';
import { insertTestUser } from '../../../test-support/accounts.ts';
import { loadDemoNetworks } from '../../../test-support/demo-networks.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test-support/smtp-capture.ts';
import { LUMIERE_ID } from '../../../test-support/test-app.ts';
import { testPostgresUrl, useTestDatabase } from '../../../test-support/test-database.ts';
import { documentStorageInDataDir, documentStorageOf } from '../document-storage.ts';
import { undecidedProvider } from '../qualification-provider.ts';
import { createSubmission } from '../submissions.ts';
import { uploadDocument } from '../upload-document.ts';
import { STAFF_REVIEW_PATH } from './review-actions.ts';

const workspace = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const repository = join(workspace, '..', '..');
const STUDENT_PASS = 3101;
const STUDENT_CARD = 1;
const PROCESS_TIMEOUT_MS = 120_000;

/** What every process here is given: the demo networks, and nothing of the machine's own settings. */
const baseEnv = (dataDir: string) => ({
  PATH: process.env.PATH ?? '',
  DATA_DIR: dataDir,
  TENANTS_DIR: join(repository, 'tenants'),
  THEMES_DIR: join(repository, 'themes'),
  OUTBOX_DIR: join(dirname(dataDir), 'outbox'),
});

/** A traveller of Lumière with a student card waiting for the staff: the request's and the file's ids. */
async function waitingRequest(db: Database, dataDir: string) {
  const networks = await loadDemoNetworks();
  const network = networks.byId(LUMIERE_ID);
  if (!network) throw new Error('no Lumière');
  const now = systemClock.now();
  const account = await insertTestUser(db, systemClock, { locale: 'fr', verifiedAt: now });
  const storage = documentStorageOf({
    db,
    clock: systemClock,
    documentStorage: documentStorageInDataDir(dataDir),
  });
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#204080' } })
    .png()
    .toBuffer();
  const context = { db, network, account, now, storage, provider: undecidedProvider };
  const { document } = await uploadDocument(context, {
    userId: account.id,
    documentTypeId: STUDENT_CARD,
    file: new File([new Uint8Array(png)], 'card.png'),
  });
  const { submission } = await createSubmission(context, {
    userId: account.id,
    itemId: STUDENT_PASS,
    documentIds: [document.id],
  });
  return { requestId: submission.id, email: account.email };
}

/** The command run as `npm run documents:review` runs it; answers its exit code and output. */
function review(args: string[], env: Record<string, string>, typed: string[] = []) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(workspace, 'scripts', 'documents-review.ts'),
        '--reviewer',
        'camille',
        ...args,
      ],
      { cwd: repository, env, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), PROCESS_TIMEOUT_MS);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(typed.map((line) => `${line}\n`).join(''));
  });
}

/** The shop link of the acceptance email of the last message caught. */
async function acceptanceLink(capture: SmtpCapture, count: number): Promise<URL> {
  const messages = await capture.waitForMessages(count);
  const parsed = await simpleParser(messages[count - 1]?.raw ?? '');
  const link = /https?:\/\/\S+\/products\/3101\b/.exec(parsed.text ?? '')?.[0];
  if (!link) throw new Error(`no product link in:\n${parsed.text}`);
  return new URL(link);
}

/** Whether a TCP connection to address:port is refused. */
const refused = (address: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: address, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

// Defined only in the project on the embedded database (vitest.config.ts): the staff listener is
// that database's way in; on PostgreSQL the command opens the database itself (below).
if (testPostgresUrl() === undefined)
  describe('npm run documents:review while the ticket API runs on the embedded database (decision 0041)', () => {
    let folder: string;
    let dataDir: string;
    let capture: SmtpCapture;
    let api: Awaited<ReturnType<typeof startServiceProcess>> | undefined;
    let waiting: Awaited<ReturnType<typeof waitingRequest>>;

    beforeAll(async () => {
      folder = await mkdtemp(join(tmpdir(), 'documents-review-'));
      dataDir = join(folder, 'pgdata');
      capture = await startSmtpCapture();
      const database = await createDatabase({ DATA_DIR: dataDir });
      try {
        await migrateDatabase(database);
        waiting = await waitingRequest(database.db, dataDir);
      } finally {
        await database.close();
      }
      api = await startServiceProcess({
        name: 'the ticket API',
        entry: join(workspace, 'src', 'main.ts'),
        cwd: repository,
        env: {
          ...baseEnv(dataDir),
          PORT: '0',
          HOST: '127.0.0.1',
          SMTP_URL: capture.url,
          SHOP_PORT: '8123',
          WATCH_TENANTS: 'false',
          LOG_LEVEL: 'info',
        },
      });
    });

    afterAll(async () => {
      await api?.stop();
      await capture?.close();
      if (folder) await rm(folder, { recursive: true, force: true });
    });

    const access = async (): Promise<StaffAccess> =>
      staffAccessSchema.parse(JSON.parse(await readFile(staffAccessPath(dataDir), 'utf8')));

    it('lists, opens a file and accepts through the running API, whose email links to the shop on its port', async () => {
      // The command's own SHOP_PORT is not the one: the decision is the running API's.
      const env = { ...baseEnv(dataDir), SHOP_PORT: '9999' };
      const { requestId } = waiting;

      const listed = await review(['--network', 'lumiere', '--list'], env);
      expect(listed.stderr).toBe('');
      expect([listed.code, listed.stdout]).toEqual([
        0,
        expect.stringContaining(`request ${requestId} · PENDING`),
      ]);

      const opened = await review(['--network', 'lumiere'], env, [String(requestId), 'o', '1', 'b', 'q']);
      expect(opened.code).toBe(0);
      const path = /written to (\S+\.png)/.exec(opened.stdout)?.[1] ?? '';
      expect((await readFile(path)).subarray(1, 4).toString()).toBe('PNG');
      expect((await stat(path)).mode & 0o777).toBe(0o600);

      const accepted = await review(['--network', 'lumiere', '--accept', String(requestId)], env);
      expect(accepted.code).toBe(0);
      expect(accepted.stdout).toContain(`request ${requestId} is ACCEPTED; the traveller is emailed.`);
      expect(accepted.stdout).toContain('· VALIDATED');
      const [mail] = await capture.waitForMessages(1);
      expect(mail?.envelope.to).toEqual([waiting.email]);
      const link = await acceptanceLink(capture, 1);
      expect([link.hostname, link.port]).toEqual(['lumiere.localhost', '8123']);

      const again = await review(
        ['--network', 'lumiere', '--refuse', String(requestId), '--reason', 'Late'],
        env,
      );
      expect(again.code).toBe(1);
      expect(again.stdout).toContain('SUBMISSION_TRANSITION_NOT_ALLOWED');
      expect((await review(['--network', 'nowhere', '--list'], env)).stderr).toContain(
        'no network "nowhere" in the running ticket API',
      );
    });

    it('refuses an action without the token of the access file, which only its owner may read', async () => {
      const { url, token } = await access();
      expect((await stat(staffAccessPath(dataDir))).mode & 0o777).toBe(0o600);
      const action = JSON.stringify({
        network: 'lumiere',
        reviewer: 'mallory',
        action: { action: 'refuse', request: waiting.requestId, reason: 'No' },
      });
      for (const authorization of [`Bearer ${token.slice(0, -1)}x`, 'Bearer ', undefined]) {
        const answer = await fetch(new URL(STAFF_REVIEW_PATH, url), {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          body: action,
        });
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(402);
        expect(await answer.json()).toMatchObject({
          status: 'ko',
          response: { error: { code: 'TOKEN_INVALID' } },
        });
      }
      const badly = await fetch(new URL(STAFF_REVIEW_PATH, url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          network: 'lumiere',
          reviewer: 'camille',
          action: { action: 'list', all: true },
        }),
      });
      expect(badly.status).toBe(400);
      expect(await badly.json()).toMatchObject({ response: { error: { code: 'INVALID_REQUEST' } } });
    });

    it('listens on loopback only, on a port of its own that the public port does not serve', async () => {
      const { url, token } = await access();
      const staff = new URL(url);
      expect(staff.hostname).toBe('127.0.0.1');
      expect(Number(staff.port)).not.toBe(api?.port);
      // Every address of this machine's other interfaces (link-local ones need a scope to be reached).
      const elsewhere = Object.values(networkInterfaces())
        .flat()
        .flatMap((entry) =>
          entry && !entry.internal && !entry.address.startsWith('fe80:') ? [entry.address] : [],
        );
      for (const address of elsewhere) expect(await refused(address, Number(staff.port))).toBe(true);
      const publicAnswer = await fetch(`http://127.0.0.1:${api?.port}${STAFF_REVIEW_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ network: 'lumiere', reviewer: 'camille', action: { action: 'list' } }),
      });
      expect(publicAnswer.status).toBe(404);
    });

    it('removes the access file when the API stops; the command then opens the database itself', async () => {
      await api?.stop();
      await expect(stat(staffAccessPath(dataDir))).rejects.toMatchObject({ code: 'ENOENT' });
      const listed = await review(['--network', 'lumiere', '--list'], {
        ...baseEnv(dataDir),
        SHOP_PORT: '8123',
      });
      expect([listed.code, listed.stdout]).toEqual([0, 'no request is waiting\n']);
      const database = await createDatabase({ DATA_DIR: dataDir });
      try {
        const events = await database.db
          .select()
          .from(documentEvents)
          .where(eq(documentEvents.submissionId, waiting.requestId));
        expect(events.map((event) => [event.event, event.actor])).toEqual([
          ['CREATE', 'customer'],
          ['OPEN', 'staff:camille'],
          ['ACCEPT', 'staff:camille'],
        ]);
      } finally {
        await database.close();
      }
    });
  }, 240_000);

describe('npm run documents:review with the database to itself', () => {
  const shared = useTestDatabase();
  let folder: string;
  let capture: SmtpCapture;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'documents-review-'));
    capture = await startSmtpCapture();
  });

  afterAll(async () => {
    await capture?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  /** The database this run uses (PGlite in a folder of the test's, or PostgreSQL) with a request waiting. */
  async function databaseWithRequest(dataDir: string) {
    const { driver } = shared.current;
    if (driver.kind === 'postgres') {
      const env: Record<string, string> = { DATABASE_URL: driver.url };
      return { env, ...(await waitingRequest(shared.current.db, dataDir)) };
    }
    const database = await createDatabase({ DATA_DIR: dataDir });
    try {
      await migrateDatabase(database);
      const env: Record<string, string> = {};
      return { env, ...(await waitingRequest(database.db, dataDir)) };
    } finally {
      await database.close();
    }
  }

  it('links the emails to the shop on SHOP_PORT from its environment, and says when it has none', async () => {
    const dataDir = join(folder, 'pgdata');
    const { env, requestId } = await databaseWithRequest(dataDir);
    const given = { ...baseEnv(dataDir), ...env, SMTP_URL: capture.url };

    const listed = await review(['--network', 'lumiere', '--list'], given);
    expect(listed.stderr).toContain('SHOP_PORT is unset');
    expect(listed.stderr).toContain('SHOP_PORT=8080');

    const accepted = await review(['--network', 'lumiere', '--accept', String(requestId)], {
      ...given,
      SHOP_PORT: '8124',
    });
    expect([accepted.code, accepted.stderr]).toEqual([0, '']);
    const link = await acceptanceLink(capture, 1);
    expect([link.hostname, link.port]).toEqual(['lumiere.localhost', '8124']);
  });
}, 240_000);
