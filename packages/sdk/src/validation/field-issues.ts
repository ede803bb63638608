// Turns a zod failure into field issues with message keys (VAL-06): the list an invalid-request
// answer carries and the web app shows beside each field.
import type { z } from 'zod';
import type { FieldIssue } from '../errors/app-error.ts';
import { VALIDATION_MESSAGES } from './messages.ts';

const OUR_KEY = /^validation\./;

function pathText(path: readonly PropertyKey[]): string {
  return path.map((part) => String(part)).join('.');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

function boundParams(issue: z.core.$ZodIssue): Record<string, number> | undefined {
  if (issue.code === 'too_small') return { minimum: Number(issue.minimum) };
  if (issue.code === 'too_big') return { maximum: Number(issue.maximum) };
  return undefined;
}

// zod's own messages are English sentences: each gets the key of its kind instead.
function keyOf(issue: z.core.$ZodIssue, input: unknown): string {
  if (OUR_KEY.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(input, issue.path) === undefined
        ? VALIDATION_MESSAGES.required
        : VALIDATION_MESSAGES.invalid;
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array'
        ? VALIDATION_MESSAGES.minLength
        : VALIDATION_MESSAGES.invalid;
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array'
        ? VALIDATION_MESSAGES.maxLength
        : VALIDATION_MESSAGES.invalid;
    case 'invalid_format':
      return issue.format === 'email' ? VALIDATION_MESSAGES.email : VALIDATION_MESSAGES.invalid;
    default:
      return VALIDATION_MESSAGES.invalid;
  }
}

/** One issue per field problem; an unknown field is named in the path. */
export function fieldIssues(error: z.ZodError, input?: unknown): FieldIssue[] {
  return error.issues.flatMap((issue): FieldIssue[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: pathText([...issue.path, key]),
        message: VALIDATION_MESSAGES.unknownField,
      }));
    }
    const params = boundParams(issue);
    const path = pathText(issue.path);
    const message = keyOf(issue, input);
    return [params ? { path, message, params } : { path, message }];
  });
}

/** The line under a form (VAL-06): a required field is empty, or some field breaks a rule. */
export function formSummary(issues: readonly FieldIssue[]): string | undefined {
  if (issues.length === 0) return undefined;
  return issues.some((issue) => issue.message === VALIDATION_MESSAGES.required)
    ? VALIDATION_MESSAGES.formRequired
    : VALIDATION_MESSAGES.formInvalid;
}
