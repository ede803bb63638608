// The staff review's actions and their answers (decision 0041): one schema that
// `npm run documents:review` checks before sending and the running ticket API's staff listener
// checks on receipt, and the desk that sends an action to that listener.
import { readAnswer } from '@transit-shop/sdk/client/read-answer';
import { toTransportError } from '@transit-shop/sdk/client/transport-error';
import { documentMessageSchema } from '@transit-shop/sdk/contract/documents';
import { DOCUMENT_STATUSES, SUBMISSION_STATUSES } from '@transit-shop/sdk/documents/document-states';
import { networkSchema } from '@transit-shop/tenancy';
import { z } from 'zod';

/** Where the staff listener takes review actions. */
export const STAFF_REVIEW_PATH = '/documents/review';

export const reviewRowIdSchema = z.number().int().positive().max(2_147_483_647);

export const reviewActionSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('list') }),
  z.strictObject({ action: z.literal('show'), request: reviewRowIdSchema }),
  /** One of the request's files, by the document's id. */
  z.strictObject({ action: z.literal('file'), request: reviewRowIdSchema, document: reviewRowIdSchema }),
  /** `expires`: the last day the documents are valid, on the network's calendar; null for no end. */
  z.strictObject({
    action: z.literal('accept'),
    request: reviewRowIdSchema,
    expires: z.iso.date().nullable(),
  }),
  z.strictObject({ action: z.literal('refuse'), request: reviewRowIdSchema, reason: documentMessageSchema }),
  z.strictObject({
    action: z.literal('ask-more'),
    request: reviewRowIdSchema,
    message: documentMessageSchema,
  }),
]);
export type ReviewAction = z.infer<typeof reviewActionSchema>;
export type ReviewActionName = ReviewAction['action'];

/** Who decides, as the audit trail records it (`staff:<name>`). */
export const reviewerSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\p{Cc}]+$/u, 'no control characters');

/** What the staff listener takes: an action on one network's requests, by a named reviewer. */
export const staffReviewRequestSchema = z.strictObject({
  network: networkSchema.shape.slug,
  reviewer: reviewerSchema,
  action: reviewActionSchema,
});
export type StaffReviewRequest = z.infer<typeof staffReviewRequestSchema>;

/** A validation request as the reviewer sees it. */
export const reviewedRequestSchema = z.strictObject({
  id: reviewRowIdSchema,
  status: z.enum(SUBMISSION_STATUSES),
  itemName: z.string(),
  sentAt: z.iso.datetime(),
  message: z.string().nullable(),
  traveller: z.strictObject({
    id: reviewRowIdSchema,
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
  documents: z.array(
    z.strictObject({
      id: reviewRowIdSchema,
      typeName: z.string(),
      fileName: z.string(),
      contentType: z.string(),
      size: z.number().int().nonnegative(),
      status: z.enum(DOCUMENT_STATUSES),
    }),
  ),
});
export type ReviewedRequest = z.infer<typeof reviewedRequestSchema>;

const requestAnswerSchema = z.strictObject({ request: reviewedRequestSchema });

/** Each action's answer. */
export const REVIEW_ANSWERS = {
  list: z.strictObject({ requests: z.array(reviewedRequestSchema) }),
  show: requestAnswerSchema,
  // A name of ours only: the reviewer's machine writes the file under it.
  file: z.strictObject({ fileName: z.string().regex(/^document-\d+\.[a-z0-9]{1,8}$/), content: z.base64() }),
  accept: requestAnswerSchema,
  refuse: requestAnswerSchema,
  'ask-more': requestAnswerSchema,
} as const satisfies Record<ReviewActionName, z.ZodType>;
export type ReviewAnswer<Name extends ReviewActionName> = z.infer<(typeof REVIEW_ANSWERS)[Name]>;

/**
 * Carries out review actions, here or in the running ticket API. Failures are AppErrors:
 * SUBMISSION_NOT_FOUND, SUBMISSION_TRANSITION_NOT_ALLOWED, DOCUMENT_NOT_FOUND and, from the
 * listener, TOKEN_INVALID, NETWORK_NOT_FOUND, INVALID_REQUEST; a listener that does not answer is
 * a ConnectionError.
 */
export type ReviewDesk = <A extends ReviewAction>(
  reviewer: string,
  action: A,
) => Promise<ReviewAnswer<A['action']>>;

/** The desk of a running ticket API: each action posted to its staff listener with the token. */
export function staffReviewDesk(options: { url: string; token: string; network: string }): ReviewDesk {
  return async <A extends ReviewAction>(reviewer: string, action: A) => {
    const request: StaffReviewRequest = { network: options.network, reviewer, action };
    let response: Response;
    let text: string;
    try {
      response = await fetch(new URL(STAFF_REVIEW_PATH, options.url), {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
      text = await response.text();
    } catch (error) {
      throw toTransportError(error);
    }
    const answerSchema = REVIEW_ANSWERS[action.action as A['action']];
    return readAnswer({ response: answerSchema }, response.status, text) as ReviewAnswer<A['action']>;
  };
}
