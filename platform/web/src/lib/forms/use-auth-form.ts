// The state every sign-in form shares: field errors from the sdk's schemas or from the server's
// invalid-request answer (message keys translated), the summary line under the form (VAL-06),
// focus on the first invalid field after a submit, and the error of the last call. Fields are
// checked on submit; after a submit that found problems, each change checks the form again, so an
// error goes as soon as its field is right and comes back if it goes wrong again, until a submit
// passes (decision 0027). What the server said of a field goes when that field changes.

import type { FieldIssue } from '@transit-shop/sdk/errors/app-error';
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import { fieldIssues, formSummary } from '@transit-shop/sdk/validation/field-issues';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';

export type FieldError = { key: string; params?: Readonly<Record<string, string | number>> };

export type FormCheck<T> = { ok: true; data: T } | { ok: false };

/** Maps a server field path to the form's field name (Account/update.json says userName...). */
export type FieldNames = Readonly<Record<string, string>>;

/** The first problem of each field, as the form shows it. */
function errorsOf<Field extends string>(issues: readonly FieldIssue[]): Partial<Record<Field, FieldError>> {
  const errors: Partial<Record<Field, FieldError>> = {};
  for (const issue of issues) {
    const field = issue.path as Field;
    if (errors[field]) continue;
    errors[field] = issue.params ? { key: issue.message, params: issue.params } : { key: issue.message };
  }
  return errors;
}

export function useAuthForm<Field extends string>(fieldNames: FieldNames = {}) {
  /** The problems the form's rules found at the last check (submit or, after a failed one, a change). */
  const [ruleIssues, setRuleIssues] = useState<readonly FieldIssue[]>([]);
  /** The problems the server said about fields, each until its field changes. */
  const [callIssues, setCallIssues] = useState<readonly FieldIssue[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [placed, setPlaced] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  /** The rules of a submit that found problems: the form is checked again at each change. */
  const recheck = useRef<z.ZodType | null>(null);

  // After a submit with problems, the first field marked invalid takes the focus, so a keyboard
  // or screen-reader user lands on it and hears its message.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const named = (issues: readonly FieldIssue[]): FieldIssue[] =>
    issues.map((issue) => ({ ...issue, path: fieldNames[issue.path] ?? issue.path }));

  const issuesOf = (schema: z.ZodType, values: unknown): FieldIssue[] => {
    const result = schema.safeParse(values);
    return result.success ? [] : named(fieldIssues(result.error, values));
  };

  const issues = [...ruleIssues, ...callIssues];

  return {
    formRef,
    errors: errorsOf<Field>(issues),
    summary: formSummary(issues),
    /** The error of the last call. */
    failure,
    /** The error of the last call unless a field already says it, for the alert above the form. */
    alertFailure: placed ? null : failure,
    /** Checks the values with a schema of the sdk; on problems shows them and focuses the first. */
    check<S extends z.ZodType>(schema: S, values: unknown): FormCheck<z.output<S>> {
      const result = schema.safeParse(values);
      setCallIssues([]);
      if (result.success) {
        recheck.current = null;
        setRuleIssues([]);
        setFailure(null);
        setPlaced(false);
        return { ok: true, data: result.data };
      }
      recheck.current = schema;
      setRuleIssues(named(fieldIssues(result.error, values)));
      setAttempt((count) => count + 1);
      return { ok: false };
    },
    /**
     * A field was changed to `values` (what `check` is given): what the server said of it goes,
     * and after a submit that found problems the form is checked again, without moving the focus.
     */
    changed(field: Field, values: unknown) {
      const remaining = callIssues.filter((issue) => issue.path !== field);
      if (remaining.length !== callIssues.length) {
        setCallIssues(remaining);
        // The refusal was said beside this field only: it is answered.
        if (placed && remaining.length === 0) {
          setFailure(null);
          setPlaced(false);
        }
      }
      if (recheck.current) setRuleIssues(issuesOf(recheck.current, values));
    },
    /** Shows what a call failed with: its field problems beside the fields, the rest above the form. */
    fail(error: unknown, fieldOfCode: Readonly<Record<string, Field>> = {}) {
      const issues = isAppError(error) ? (error.details?.issues ?? []) : [];
      const field = isAppError(error) ? fieldOfCode[error.code] : undefined;
      setFailure(error);
      // Said once: beside its field when it has one, otherwise above the form.
      setPlaced(Boolean(field) || issues.length > 0);
      const beside = field
        ? [{ path: field, message: `apiErrors.${(error as { code: string }).code}` }, ...named(issues)]
        : named(issues);
      setCallIssues(beside);
      if (beside.length > 0) setAttempt((count) => count + 1);
    },
    clearFailure() {
      setFailure(null);
    },
  };
}

/** Form submit without the page reload. */
export function onSubmit(handler: () => void | Promise<void>) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void handler();
  };
}
