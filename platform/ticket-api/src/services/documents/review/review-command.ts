// `npm run documents:review -- --network <slug>` (decision 0033): the network's staff list the
// validation requests waiting for a decision, look at one and its files, and accept it, refuse it
// with a reason, or ask for more. With an action flag it does one thing and exits (for scripts);
// without one it asks at a prompt. Exit codes: 0 done, 1 refused (unknown request, a request that
// changed meanwhile), 2 wrong usage.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { documentMessageSchema } from '@transit-shop/sdk/contract/documents';
import { isErrorCode } from '@transit-shop/sdk/errors/error-codes';
import { instantAt } from '@transit-shop/sdk/time/network-clock';
import type { FileStorage } from '../../../storage/file-storage.ts';
import { checkDocumentContent } from '../security-check/check-document-file.ts';
import {
  type Decision,
  decideSubmission,
  type ReviewDeps,
  type ReviewedSubmission,
  submissionForReview,
  submissionsToReview,
} from './review-submissions.ts';

export const REVIEW_USAGE = [
  'usage: npm run documents:review -- --network <slug> [--reviewer <name>]',
  '         [--list | --show <request> | --accept <request> [--expires YYYY-MM-DD]',
  '          | --refuse <request> --reason "<text>" | --ask-more <request> --message "<text>"]',
  'Without an action, it asks at a prompt.',
].join('\n');

export type ReviewIo = {
  input: NodeJS.ReadableStream;
  output: { write(text: string): unknown };
};

type Options = Map<string, string | true>;

export function parseReviewArguments(argv: readonly string[]): Options | null {
  const options: Options = new Map();
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    if (!flag?.startsWith('--')) return null;
    const next = argv[index + 1];
    if (next === undefined || next.startsWith('--')) options.set(flag.slice(2), true);
    else {
      options.set(flag.slice(2), next);
      index += 1;
    }
  }
  return options;
}

const requestId = (value: string | true | undefined) =>
  typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;

function describe(reviewed: ReviewedSubmission): string {
  const { submission, traveller } = reviewed;
  const who =
    [traveller.firstName, traveller.lastName].filter(Boolean).join(' ') || `traveller ${traveller.id}`;
  const lines = [
    `request ${submission.id} · ${submission.status} · ${reviewed.itemName} · ${who} · sent ${submission.createdAt.toISOString()}`,
    ...reviewed.documents.map(
      (document, index) =>
        `  [${index + 1}] ${document.typeName}: ${document.fileName} (${document.contentType}, ${Math.ceil(document.size / 1024)} kB) · ${document.status}`,
    ),
  ];
  if (submission.message) lines.push(`  message: ${submission.message}`);
  return lines.join('\n');
}

/** The end of a date on the network's calendar, as a document's expiry. */
function expiryOf(date: string, deps: ReviewDeps): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  try {
    return instantAt(date, '23:59:59', deps.network.network.config.timeZone, 999);
  } catch {
    return null;
  }
}

async function decide(
  deps: ReviewDeps,
  io: ReviewIo,
  submissionId: number,
  reviewer: string,
  decision: Decision,
): Promise<number> {
  try {
    const reviewed = await decideSubmission(deps, { submissionId, reviewer, decision });
    io.output.write(
      `${describe(reviewed)}\nrequest ${submissionId} is ${reviewed.submission.status}; the traveller is emailed.\n`,
    );
    return 0;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && isErrorCode(code)) {
      io.output.write(
        code === 'SUBMISSION_NOT_FOUND'
          ? `no request ${submissionId} on this network\n`
          : `request ${submissionId} cannot take this decision now (${code}): list again\n`,
      );
      return 1;
    }
    throw error;
  }
}

type Opened = { readonly path: string } | { readonly refused: string } | null;

/**
 * Writes a request's file to a private temporary folder for the reviewer to open, once it has passed
 * the upload's security check again: a file kept before the check grew stricter (decision 0040) is
 * refused, and what is written is the check's own output.
 */
async function openFile(
  storage: FileStorage,
  document: ReviewedSubmission['documents'][number],
): Promise<Opened> {
  if (!document.storageKey) return null;
  const file = await storage.get(document.storageKey);
  if (!file) return null;
  let checked: Awaited<ReturnType<typeof checkDocumentContent>>;
  try {
    checked = await checkDocumentContent(file.bytes);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && isErrorCode(code)) return { refused: code };
    throw error;
  }
  if (checked.contentType !== file.contentType) return { refused: 'DOCUMENT_TYPE_NOT_ALLOWED' };
  const folder = await mkdtemp(join(tmpdir(), 'document-review-'));
  const path = join(folder, `document-${document.id}.${checked.extension}`);
  await writeFile(path, checked.bytes, { mode: 0o600 });
  return { path };
}

/** What the reviewer reads after asking to open a file. */
function openedLine(opened: Opened): string {
  if (opened === null) return 'no such file';
  if ('path' in opened) return `written to ${opened.path}`;
  return `not opened: the file fails the security check (${opened.refused}); refuse the request or ask for another file`;
}

async function once(
  deps: ReviewDeps,
  io: ReviewIo,
  options: Options,
  reviewer: string,
): Promise<number | null> {
  if (options.get('list') === true) {
    const waiting = await submissionsToReview(deps);
    io.output.write(
      waiting.length === 0
        ? 'no request is waiting\n'
        : `${waiting.map((item) => describe(item)).join('\n')}\n`,
    );
    return 0;
  }
  for (const action of ['show', 'accept', 'refuse', 'ask-more'] as const) {
    if (!options.has(action)) continue;
    const id = requestId(options.get(action));
    if (id === null) return 2;
    if (action === 'show') {
      const reviewed = await submissionForReview(deps, id);
      io.output.write(reviewed ? `${describe(reviewed)}\n` : `no request ${id} on this network\n`);
      return reviewed ? 0 : 1;
    }
    if (action === 'accept') {
      const expires = options.get('expires');
      const expiresAt = typeof expires === 'string' ? expiryOf(expires, deps) : null;
      if (expires !== undefined && expiresAt === null) return 2;
      return decide(deps, io, id, reviewer, { kind: 'ACCEPT', expiresAt });
    }
    const field = action === 'refuse' ? 'reason' : 'message';
    const text = documentMessageSchema.safeParse(options.get(field));
    if (!text.success) return 2;
    return decide(
      deps,
      io,
      id,
      reviewer,
      action === 'refuse' ? { kind: 'REFUSE', reason: text.data } : { kind: 'ASK_MORE', message: text.data },
    );
  }
  return null;
}

async function atPrompt(
  deps: ReviewDeps & { storage: FileStorage },
  io: ReviewIo,
  reviewer: string,
): Promise<number> {
  const prompt = createInterface({ input: io.input, terminal: false });
  // Lines are read as they come, typed or piped: a closed input reads as quitting.
  const lines = prompt[Symbol.asyncIterator]();
  const ask = async (question: string) => {
    io.output.write(question);
    const line = await lines.next();
    return line.done ? 'q' : String(line.value).trim();
  };
  try {
    for (;;) {
      const waiting = await submissionsToReview(deps);
      if (waiting.length === 0) {
        io.output.write('no request is waiting\n');
        return 0;
      }
      io.output.write(`${waiting.map((item) => describe(item)).join('\n')}\n`);
      const chosen = await ask('request to review (q to quit): ');
      if (chosen === 'q' || chosen === '') return 0;
      const reviewed = requestId(chosen) === null ? null : await submissionForReview(deps, Number(chosen));
      if (!reviewed) {
        io.output.write(`no request ${chosen} on this network\n`);
        continue;
      }
      io.output.write(`${describe(reviewed)}\n`);
      for (;;) {
        const action = await ask('[o]pen a file, [a]ccept, [r]efuse, ask for [m]ore, [b]ack: ');
        if (action === 'b' || action === 'q') break;
        if (action === 'o') {
          const which = Number(await ask('file number: '));
          const document = reviewed.documents[which - 1];
          const opened = document ? await openFile(deps.storage, document) : null;
          io.output.write(`${openedLine(opened)}\n`);
          continue;
        }
        let decision: Decision | null = null;
        if (action === 'a') {
          const date = await ask('valid until (YYYY-MM-DD, empty for no end): ');
          const expiresAt = date === '' ? null : expiryOf(date, deps);
          if (date !== '' && expiresAt === null) {
            io.output.write('not a date\n');
            continue;
          }
          decision = { kind: 'ACCEPT', expiresAt };
        } else if (action === 'r' || action === 'm') {
          const text = documentMessageSchema.safeParse(
            await ask(action === 'r' ? 'reason, as the traveller will read it: ' : 'what is missing: '),
          );
          if (!text.success) {
            io.output.write('a text of 1 to 500 characters is needed\n');
            continue;
          }
          decision =
            action === 'r' ? { kind: 'REFUSE', reason: text.data } : { kind: 'ASK_MORE', message: text.data };
        }
        if (!decision) continue;
        await decide(deps, io, reviewed.submission.id, reviewer, decision);
        break;
      }
    }
  } finally {
    prompt.close();
  }
}

/** Runs the command over a network's database; answers the exit code. */
export async function runReviewCommand(
  deps: ReviewDeps & { storage: FileStorage },
  io: ReviewIo,
  options: Options,
  reviewer: string,
): Promise<number> {
  const done = await once(deps, io, options, reviewer);
  if (done === 2) io.output.write(`${REVIEW_USAGE}\n`);
  return done ?? atPrompt(deps, io, reviewer);
}
