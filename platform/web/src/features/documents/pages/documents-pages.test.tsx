import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentSubmission, UserDocument } from '@transit-shop/sdk/contract/documents';
import { describe, expect, it } from 'vitest';
import { openAccountPage, payloadsAt } from '../../../test/account-session.ts';
import { fixtureDocument, fixtureSubmission } from '../../../test/fixtures/documents.ts';
import { fixtureUser, type Handler } from '../../../test/session.ts';

const ines = {
  userId: 31,
  userName: 'Inès',
  userLastname: 'Martin',
  userBirthday: '2004-05-01',
  cardNumber: null,
  active: true,
  signInEmail: null,
};

function openDocuments(documents: UserDocument[], handlers: Record<string, Handler> = {}) {
  return openAccountPage('/documents', {
    signedInAs: fixtureUser({ profiles: [ines] }),
    heading: 'Mes justificatifs',
    handlers: { 'Document/getDocuments.json': () => ({ ok: { documents } }), ...handlers },
  });
}

function openRequests(
  current: DocumentSubmission[],
  past: DocumentSubmission[],
  handlers: Record<string, Handler> = {},
) {
  return openAccountPage('/documents/submissions', {
    signedInAs: fixtureUser({ profiles: [ines] }),
    heading: 'Suivi des demandes',
    handlers: { 'Document/getUserDocumentSubmissions.json': () => ({ ok: { current, past } }), ...handlers },
  });
}

const itemOf = (name: string, index = 0) => screen.getAllByRole('listitem', { name })[index] as HTMLElement;

describe('the documents page', () => {
  it('DOC-02 lists the documents by traveller with their status, validity, refusal reason and the similar valid marker', async () => {
    await openDocuments([
      fixtureDocument({ id: 1, user_id: 7 }),
      fixtureDocument({
        id: 2,
        user_id: 31,
        status: 'REFUSED',
        starting_at: null,
        expires_at: null,
        refusal_reason: 'Document illisible',
        similar_valid: true,
        file_name: 'scan.pdf',
        content_type: 'application/pdf',
      }),
    ]);
    const lea = await screen.findByRole('region', { name: 'Léa Martin' });
    const valid = within(lea).getByRole('listitem', { name: 'Carte étudiante' });
    within(valid).getByText('Valide');
    within(valid).getByText('Valable du 1 septembre 2025 au 31 août 2027');
    const inesDocuments = screen.getByRole('region', { name: 'Inès Martin' });
    const refused = within(inesDocuments).getByRole('listitem', { name: 'Carte étudiante' });
    within(refused).getByText('Refusé');
    within(refused).getByText('Motif : Document illisible');
    within(refused).getByText('Vous avez un autre justificatif valide de ce type.');
  });

  it('deletes a document after a confirmation, and offers no deletion for one backing a request', async () => {
    let documents = [fixtureDocument({ id: 1 }), fixtureDocument({ id: 2, status: 'PENDING', in_use: true })];
    const { calls } = await openDocuments([], {
      'Document/getDocuments.json': () => ({ ok: { documents } }),
      'Document/deleteDocument.json': (payload) => {
        documents = documents.filter((document) => document.id !== payload.documentId);
        return { ok: { documents } };
      },
    });
    const user = userEvent.setup();
    await screen.findAllByRole('listitem', { name: 'Carte étudiante' });
    const inUse = itemOf('Carte étudiante', 1);
    expect(within(inUse).queryByRole('button', { name: 'Supprimer' })).toBeNull();
    within(inUse).getByText(/Il appuie une demande en cours de vérification/);

    await user.click(within(itemOf('Carte étudiante', 0)).getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer ce justificatif ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await screen.findByText('carte-etudiante.png est supprimé.');
    expect(payloadsAt(calls, 'Document/deleteDocument.json')).toEqual([
      expect.objectContaining({ documentId: 1 }),
    ]);
    await waitFor(() => expect(screen.getAllByRole('listitem', { name: 'Carte étudiante' })).toHaveLength(1));
  });
});

describe('the request tracking page', () => {
  it('DOC-03 groups the requests as current and past, with the answer date of the current ones', async () => {
    await openRequests(
      [fixtureSubmission({ id: 1 })],
      [
        fixtureSubmission({
          id: 2,
          status: 'REFUSED',
          group: 'PAST',
          message: 'Carte périmée',
          item_name: 'Abonnement mensuel Senior',
          item_id: 3102,
        }),
      ],
    );
    const current = await screen.findByRole('region', { name: 'Demandes en cours' });
    const pending = within(current).getByRole('listitem', { name: 'Abonnement mensuel Étudiant' });
    within(pending).getByText('Envoyée');
    within(pending).getByText('Réponse attendue d’ici le 22 novembre 2026');
    const past = screen.getByRole('region', { name: 'Demandes passées' });
    const refused = within(past).getByRole('listitem', { name: 'Abonnement mensuel Senior' });
    within(refused).getByText(/Motif : Carte périmée/);
    expect(
      within(refused).getByRole('link', { name: 'Réessayer depuis la page du produit' }).getAttribute('href'),
    ).toBe('/products/3102');
    expect(within(refused).queryByRole('button', { name: 'Annuler la demande' })).toBeNull();
  });

  it('DOC-03 cancels a pending request, and says what a request to complete asks for', async () => {
    let current = [
      fixtureSubmission({ id: 1 }),
      fixtureSubmission({
        id: 2,
        status: 'TO_COMPLETE',
        message: 'Le recto et le verso, svp',
        item_name: 'Abonnement annuel Étudiant',
      }),
    ];
    const { calls } = await openRequests([], [], {
      'Document/getUserDocumentSubmissions.json': () => ({ ok: { current, past: [] } }),
      'Document/updateDocumentsSubmission.json': (payload) => {
        const cancelled = current.find((submission) => submission.id === payload.submissionId);
        current = current.filter((submission) => submission.id !== payload.submissionId);
        return { ok: { submission: { ...cancelled, status: 'CANCELLED', group: 'PAST' } } };
      },
    });
    const toComplete = await screen.findByRole('listitem', { name: 'Abonnement annuel Étudiant' });
    within(toComplete).getByText('Le réseau demande : Le recto et le verso, svp');
    within(toComplete).getByRole('button', { name: 'Ajouter un justificatif : Carte étudiante' });

    const user = userEvent.setup();
    await user.click(
      within(screen.getByRole('listitem', { name: 'Abonnement mensuel Étudiant' })).getByRole('button', {
        name: 'Annuler la demande',
      }),
    );
    await screen.findByText('La demande est annulée.');
    expect(payloadsAt(calls, 'Document/updateDocumentsSubmission.json')).toEqual([
      expect.objectContaining({ submissionId: 1, action: 'CANCEL' }),
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Abonnement mensuel Étudiant' })).toBeNull(),
    );
  });
});
