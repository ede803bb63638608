// `npm run documents:review -- --network <slug>` (decision 0033): the network's staff list the
// validation requests waiting for a decision, look at one and its files, and accept it, refuse it
// with a reason, or ask for more, each action carried out by a desk: the database opened here, or
// the running ticket API (decision 0041). With an action flag it does one thing and exits (for
// scripts); without one it asks at a prompt. Exit codes: 0 done, 1 refused (unknown request, a
// request that changed meanwhile), 2 wrong usage.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import {
  type ReviewAction,
  type ReviewActionName,
  type ReviewAnswer,
  type ReviewDesk,
  type ReviewedRequest,
  reviewActionSchema,
  reviewerSchema,
  reviewRowIdSchema,
} from './review-actions.ts';

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

/** A request's number as typed; NaN (refused by the actions' schema) for anything else. */
function requestId(value: string | true | undefined): number {
  const id = reviewRowIdSchema.safeParse(
    typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : 0,
  );
  return id.success ? id.data : Number.NaN;
}

function describe(request: ReviewedRequest): string {
  const { traveller } = request;
  const who =
    [traveller.firstName, traveller.lastName].filter(Boolean).join(' ') || `traveller ${traveller.id}`;
  const lines = [
    `request ${request.id} · ${request.status} · ${request.itemName} · ${who} · sent ${request.sentAt}`,
    ...request.documents.map(
      (document, index) =>
        `  [${index + 1}] ${document.typeName}: ${document.fileName} (${document.contentType}, ${Math.ceil(document.size / 1024)} kB) · ${document.status}`,
    ),
  ];
  if (request.message) lines.push(`  message: ${request.message}`);
  return lines.join('\n');
}

/** Writes a request's file to a private temporary folder for the reviewer to open. */
async function writeForReviewer(file: { fileName: string; content: string }): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'document-review-'));
  const path = join(folder, file.fileName);
  await writeFile(path, Buffer.from(file.content, 'base64'), { mode: 0o600 });
  return path;
}

/** What the reviewer reads once an action is done. */
async function doneText(action: ReviewAction, answer: ReviewAnswer<ReviewActionName>): Promise<string> {
  if ('requests' in answer)
    return answer.requests.length === 0 ? 'no request is waiting' : answer.requests.map(describe).join('\n');
  if ('fileName' in answer) return `written to ${await writeForReviewer(answer)}`;
  if (action.action === 'show') return describe(answer.request);
  return `${describe(answer.request)}\nrequest ${answer.request.id} is ${answer.request.status}; the traveller is emailed.`;
}

/**
 * What the reviewer reads when an action is refused. Failures of the desk itself (a listener that
 * refuses the token or does not answer) are thrown on, for the caller that built the desk.
 */
function refusalText(action: ReviewAction, error: unknown): string {
  const id = 'request' in action ? action.request : undefined;
  switch (isAppError(error) ? error.code : undefined) {
    case 'SUBMISSION_NOT_FOUND':
      return `no request ${id} on this network`;
    case 'SUBMISSION_TRANSITION_NOT_ALLOWED':
      return `request ${id} cannot take this decision now (SUBMISSION_TRANSITION_NOT_ALLOWED): list again`;
    case 'DOCUMENT_NOT_FOUND':
      return 'no such file';
    case 'INVALID_REQUEST':
      return `refused: ${(error as Error).message}`;
    default:
      // The file's second security check refused it (decision 0040).
      if (action.action === 'file' && isAppError(error) && error.code.startsWith('DOCUMENT_'))
        return `not opened: the file fails the security check (${error.code}); refuse the request or ask for another file`;
      throw error;
  }
}

/** Runs one action and says how it went; answers 0, or 1 when it was refused. */
async function perform(desk: ReviewDesk, io: ReviewIo, reviewer: string, action: ReviewAction) {
  try {
    const answer: ReviewAnswer<ReviewActionName> = await desk(reviewer, action);
    io.output.write(`${await doneText(action, answer)}\n`);
    return 0;
  } catch (error) {
    io.output.write(`${refusalText(action, error)}\n`);
    return 1;
  }
}

/** The action the flags ask for: null without one, 'usage' when it is malformed. */
function actionOf(options: Options): ReviewAction | 'usage' | null {
  if (options.get('list') === true) return { action: 'list' };
  const named = (['show', 'accept', 'refuse', 'ask-more'] as const).find((name) => options.has(name));
  if (!named) return null;
  const request = requestId(options.get(named));
  const parsed = reviewActionSchema.safeParse(
    named === 'show'
      ? { action: named, request }
      : named === 'accept'
        ? { action: named, request, expires: options.get('expires') ?? null }
        : named === 'refuse'
          ? { action: named, request, reason: options.get('reason') }
          : { action: named, request, message: options.get('message') },
  );
  return parsed.success ? parsed.data : 'usage';
}

/** The decision typed at the prompt for a request: null to go back, 'again' to ask again. */
async function decisionAt(
  ask: (question: string) => Promise<string>,
  io: ReviewIo,
  request: ReviewedRequest,
  key: string,
): Promise<ReviewAction | 'again' | null> {
  if (key === 'a') {
    const date = await ask('valid until (YYYY-MM-DD, empty for no end): ');
    const accept = reviewActionSchema.safeParse({
      action: 'accept',
      request: request.id,
      expires: date === '' ? null : date,
    });
    if (accept.success) return accept.data;
    io.output.write('not a date\n');
    return 'again';
  }
  if (key === 'r' || key === 'm') {
    const text = await ask(key === 'r' ? 'reason, as the traveller will read it: ' : 'what is missing: ');
    const decision = reviewActionSchema.safeParse(
      key === 'r'
        ? { action: 'refuse', request: request.id, reason: text }
        : { action: 'ask-more', request: request.id, message: text },
    );
    if (decision.success) return decision.data;
    io.output.write('a text of 1 to 500 characters is needed\n');
    return 'again';
  }
  return key === 'b' || key === 'q' ? null : 'again';
}

/** A request of the network, or null. */
async function shown(desk: ReviewDesk, reviewer: string, id: number): Promise<ReviewedRequest | null> {
  try {
    return (await desk(reviewer, { action: 'show', request: id })).request;
  } catch (error) {
    if (isAppError(error) && error.code === 'SUBMISSION_NOT_FOUND') return null;
    throw error;
  }
}

async function atPrompt(desk: ReviewDesk, io: ReviewIo, reviewer: string): Promise<number> {
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
      const { requests } = await desk(reviewer, { action: 'list' });
      if (requests.length === 0) {
        io.output.write('no request is waiting\n');
        return 0;
      }
      io.output.write(`${requests.map(describe).join('\n')}\n`);
      const chosen = await ask('request to review (q to quit): ');
      if (chosen === 'q' || chosen === '') return 0;
      const id = requestId(chosen);
      const request = Number.isNaN(id) ? null : await shown(desk, reviewer, id);
      if (!request) {
        io.output.write(`no request ${chosen} on this network\n`);
        continue;
      }
      io.output.write(`${describe(request)}\n`);
      for (;;) {
        const key = await ask('[o]pen a file, [a]ccept, [r]efuse, ask for [m]ore, [b]ack: ');
        if (key === 'o') {
          const document = request.documents[Number(await ask('file number: ')) - 1];
          if (document)
            await perform(desk, io, reviewer, { action: 'file', request: request.id, document: document.id });
          else io.output.write('no such file\n');
          continue;
        }
        const decision = await decisionAt(ask, io, request, key);
        if (decision === 'again') continue;
        if (decision) await perform(desk, io, reviewer, decision);
        break;
      }
    }
  } finally {
    prompt.close();
  }
}

/**
 * Runs the command on a desk (the database opened here, or the running ticket API's staff
 * listener); answers the exit code.
 */
export async function runReviewCommand(
  desk: ReviewDesk,
  io: ReviewIo,
  options: Options,
  reviewer: string,
): Promise<number> {
  const action = actionOf(options);
  if (action === 'usage' || !reviewerSchema.safeParse(reviewer).success) {
    io.output.write(`${REVIEW_USAGE}\n`);
    return 2;
  }
  return action ? perform(desk, io, reviewer, action) : atPrompt(desk, io, reviewer);
}
