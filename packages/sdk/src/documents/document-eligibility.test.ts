import { describe, expect, it } from 'vitest';
import { documentsCoverage, type EligibilityDocument } from './document-eligibility.ts';

const now = new Date('2026-11-28T10:00:00Z');
const doc = (overrides: Partial<EligibilityDocument> & { id: number }): EligibilityDocument => ({
  document_type_id: 1,
  status: 'VALIDATED',
  starting_at: '2026-09-01T00:00:00Z',
  expires_at: '2027-08-31T22:00:00Z',
  submissionStatus: null,
  ...overrides,
});

describe('documents cover an item (decision 0033)', () => {
  it('covers a type with a validated document in force, and names it for the order line', () => {
    const coverage = documentsCoverage({
      requiredTypeIds: [1],
      documents: [doc({ id: 7 })],
      allowPurchaseWhilePending: false,
      now,
    });
    expect(coverage).toEqual({
      covered: true,
      byType: [{ documentTypeId: 1, state: 'VALID', documentId: 7 }],
      documentIds: [7],
    });
  });

  it('does not cover a type whose document is pending, refused, expired or not yet in force', () => {
    for (const document of [
      doc({ id: 1, status: 'PENDING' }),
      doc({ id: 2, status: 'REFUSED' }),
      doc({ id: 3, status: 'EXPIRED' }),
      doc({ id: 4, expires_at: '2026-11-28T10:00:00Z' }),
      doc({ id: 5, starting_at: '2026-12-01T00:00:00Z' }),
      doc({ id: 6, document_type_id: 2 }),
    ]) {
      const coverage = documentsCoverage({
        requiredTypeIds: [1],
        documents: [document],
        allowPurchaseWhilePending: false,
        now,
      });
      expect(coverage.covered, `document ${document.id}`).toBe(false);
      expect(coverage.documentIds).toEqual([]);
    }
  });

  it('counts a document being checked only where the network allows buying meanwhile', () => {
    const documents = [doc({ id: 9, status: 'PENDING', submissionStatus: 'PENDING' })];
    const strict = documentsCoverage({
      requiredTypeIds: [1],
      documents,
      allowPurchaseWhilePending: false,
      now,
    });
    const lenient = documentsCoverage({
      requiredTypeIds: [1],
      documents,
      allowPurchaseWhilePending: true,
      now,
    });
    expect(strict.byType[0]?.state).toBe('CHECKING');
    expect(strict.covered).toBe(false);
    expect(lenient.covered).toBe(true);
    expect(lenient.documentIds).toEqual([9]);
    const askedForMore = documentsCoverage({
      requiredTypeIds: [1],
      documents: [doc({ id: 9, status: 'PENDING', submissionStatus: 'TO_COMPLETE' })],
      allowPurchaseWhilePending: true,
      now,
    });
    expect(askedForMore.covered).toBe(false);
  });

  it('needs every required type', () => {
    const coverage = documentsCoverage({
      requiredTypeIds: [1, 2],
      documents: [doc({ id: 1 })],
      allowPurchaseWhilePending: false,
      now,
    });
    expect(coverage.covered).toBe(false);
    expect(coverage.byType.map((verdict) => verdict.state)).toEqual(['VALID', 'MISSING']);
  });
});
