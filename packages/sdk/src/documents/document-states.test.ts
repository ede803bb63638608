import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_EVENTS,
  DOCUMENT_STATUSES,
  DOCUMENT_TRANSITIONS,
  SUBMISSION_EVENTS,
  SUBMISSION_STATUSES,
  SUBMISSION_TRANSITIONS,
  submissionGroup,
  TransitionNotAllowed,
  transitionDocument,
  transitionSubmission,
} from './document-states.ts';

describe('document state chart (decision 0033)', () => {
  it('a pending document is validated or refused; a validated one expires or is replaced', () => {
    expect(transitionDocument('PENDING', 'ACCEPT')).toBe('VALIDATED');
    expect(transitionDocument('PENDING', 'REFUSE')).toBe('REFUSED');
    expect(transitionDocument('VALIDATED', 'EXPIRE')).toBe('EXPIRED');
    expect(transitionDocument('VALIDATED', 'REPLACE')).toBe('MODIFIED');
    expect(transitionDocument('REFUSED', 'DELETE')).toBe('DELETED');
  });

  it('refuses every change the chart does not draw, with its own code', () => {
    for (const status of DOCUMENT_STATUSES) {
      for (const event of DOCUMENT_EVENTS) {
        if (DOCUMENT_TRANSITIONS[status][event]) continue;
        const attempt = () => transitionDocument(status, event);
        expect(attempt).toThrow(TransitionNotAllowed);
        expect(attempt).toThrow(expect.objectContaining({ code: 'DOCUMENT_TRANSITION_NOT_ALLOWED' }));
      }
    }
    expect(() => transitionDocument('EXPIRED', 'ACCEPT')).toThrow(TransitionNotAllowed);
    expect(() => transitionDocument('REFUSED', 'ACCEPT')).toThrow(TransitionNotAllowed);
  });
});

describe('validation request state chart (decision 0033)', () => {
  it('goes pending, processing, then accepted, refused or to complete, and back to pending', () => {
    expect(transitionSubmission('PENDING', 'OPEN')).toBe('PROCESSING');
    expect(transitionSubmission('PROCESSING', 'ACCEPT')).toBe('ACCEPTED');
    expect(transitionSubmission('PROCESSING', 'REFUSE')).toBe('REFUSED');
    expect(transitionSubmission('PROCESSING', 'ASK_MORE')).toBe('TO_COMPLETE');
    expect(transitionSubmission('TO_COMPLETE', 'COMPLETE')).toBe('PENDING');
    expect(transitionSubmission('TO_COMPLETE', 'CANCEL')).toBe('CANCELLED');
  });

  it('refuses every change the chart does not draw, with its own code', () => {
    for (const status of SUBMISSION_STATUSES) {
      for (const event of SUBMISSION_EVENTS) {
        if (SUBMISSION_TRANSITIONS[status][event]) continue;
        expect(() => transitionSubmission(status, event)).toThrow(
          expect.objectContaining({ code: 'SUBMISSION_TRANSITION_NOT_ALLOWED' }),
        );
      }
    }
    expect(() => transitionSubmission('PROCESSING', 'CANCEL')).toThrow(TransitionNotAllowed);
    expect(() => transitionSubmission('ACCEPTED', 'REFUSE')).toThrow(TransitionNotAllowed);
  });

  it('groups requests as current until decided or cancelled, then past', () => {
    expect(SUBMISSION_STATUSES.filter((status) => submissionGroup(status) === 'CURRENT')).toEqual([
      'PENDING',
      'PROCESSING',
      'TO_COMPLETE',
    ]);
    expect(SUBMISSION_STATUSES.filter((status) => submissionGroup(status) === 'PAST')).toEqual([
      'ACCEPTED',
      'REFUSED',
      'CANCELLED',
    ]);
  });
});
