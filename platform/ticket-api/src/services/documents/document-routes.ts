// The documents calls (DOCUMENT_CALLS, decision 0033) and the route that serves a document's file
// to its owner. Each handler picks what its service needs, calls it and answers.
import { DOCUMENT_CALLS } from '@transit-shop/sdk/contract/documents';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { Hono } from 'hono';
import type { UserRow } from '../../db/schema/users.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { mountCall, NETWORK_HEADER } from '../../http/mount-call.ts';
import type { AppDeps } from '../app-deps.ts';
import { resolveSession } from '../sessions/resolve-session.ts';
import { deleteDocument } from './delete-document.ts';
import {
  accountDocuments,
  accountSubmissions,
  documentAnswers,
  submissionAnswers,
} from './document-answers.ts';
import type { DocumentFilesContext } from './document-context.ts';
import { travellerOf } from './document-context.ts';
import { createDownloadUrl, DOCUMENT_FILES_PATH, downloadDocument } from './document-downloads.ts';
import { documentStorageOf, qualificationProviderOf } from './document-storage.ts';
import { createSubmission, updateSubmission } from './submissions.ts';
import { uploadDocument } from './upload-document.ts';

function contextOf(input: {
  deps: AppDeps;
  network: LoadedNetwork;
  user: UserRow;
  payload: { locale?: Locale | undefined };
}): DocumentFilesContext {
  return {
    db: input.deps.db,
    network: input.network,
    account: input.user,
    now: input.deps.clock.now(),
    locale: input.payload.locale,
    storage: documentStorageOf(input.deps),
  };
}

const noLocale = { locale: undefined };

export function documentRoutes() {
  const app = new Hono<AppEnv>();
  const calls = DOCUMENT_CALLS;

  mountCall(app, calls.uploadDocument, (input) =>
    uploadDocument(
      { ...contextOf({ ...input, payload: noLocale }), provider: qualificationProviderOf(input.deps) },
      {
        userId: input.payload.user_id,
        documentTypeId: input.payload.document_type,
        file: input.payload.document,
      },
    ),
  );

  mountCall(app, calls.createDocument, (input) => {
    const { qualificationProviderId, qualificationProviderInput } = input.payload;
    if ((qualificationProviderId === undefined) !== (qualificationProviderInput === undefined)) {
      throw new AppError('INVALID_REQUEST', {
        message: 'qualificationProviderId and qualificationProviderInput go together',
      });
    }
    return uploadDocument(
      { ...contextOf({ ...input, payload: noLocale }), provider: qualificationProviderOf(input.deps) },
      {
        userId: input.payload.userId,
        documentTypeId: input.payload.paperworkTypeId,
        file: input.payload.file,
        qualification:
          qualificationProviderId !== undefined && qualificationProviderInput !== undefined
            ? { providerId: qualificationProviderId, input: qualificationProviderInput }
            : undefined,
      },
    );
  });

  mountCall(app, calls.getDocuments, async (input) => {
    const context = contextOf(input);
    return { documents: await documentAnswers(context, await accountDocuments(context)) };
  });

  mountCall(app, calls.getUserDocuments, async (input) => {
    const context = contextOf(input);
    const travellerId = await travellerOf(context, input.payload.userId);
    return { documents: await documentAnswers(context, await accountDocuments(context, travellerId)) };
  });

  mountCall(app, calls.createDocumentsSubmission, (input) =>
    createSubmission(contextOf(input), {
      userId: input.payload.userId,
      itemId: input.payload.item_id,
      documentIds: input.payload.document_ids,
    }),
  );

  mountCall(app, calls.updateDocumentsSubmission, (input) =>
    updateSubmission(contextOf(input), {
      submissionId: input.payload.submissionId,
      action: input.payload.action,
      documentIds: input.payload.document_ids,
    }),
  );

  mountCall(app, calls.getUserDocumentSubmissions, async (input) => {
    const context = contextOf(input);
    const all = await submissionAnswers(context, await accountSubmissions(context));
    return {
      current: all.filter((submission) => submission.group === 'CURRENT'),
      past: all.filter((submission) => submission.group === 'PAST'),
    };
  });

  mountCall(app, calls.fileDownloadUrl, (input) =>
    createDownloadUrl(contextOf({ ...input, payload: noLocale }), input.payload.documentId),
  );

  mountCall(app, calls.deleteDocument, async (input) => {
    const context = contextOf(input);
    await deleteDocument(context, input.payload.documentId);
    return { documents: await documentAnswers(context, await accountDocuments(context)) };
  });

  app.get(`${DOCUMENT_FILES_PATH}/:token`, async (c) => {
    const deps = c.var.deps;
    const notFound = () => new AppError('NOT_FOUND');
    const network = deps.networks.byId(Number(c.req.header(NETWORK_HEADER)));
    const bearer = /^Bearer (\S{1,512})$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (!network || !bearer) throw notFound();
    const networkId = network.network.config.id;
    const caller = await resolveSession({
      db: deps.db,
      clock: deps.clock,
      policy: deps.sessionPolicy,
      token: bearer,
      networkId,
    }).catch(() => null);
    if (!caller?.user) throw notFound();
    const file = await downloadDocument({
      db: deps.db,
      storage: documentStorageOf(deps),
      token: c.req.param('token'),
      accountId: caller.user.id,
      networkId,
      now: deps.clock.now(),
    });
    if (!file) throw notFound();
    const asciiName = `document.${file.extension}`;
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
    });
  });

  return app;
}
