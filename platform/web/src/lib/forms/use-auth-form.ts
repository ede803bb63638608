// The state every sign-in form shares: field errors from the sdk's schemas or from the server's
// invalid-request answer (message keys translated), the summary line under the form (VAL-06),
// focus on the first invalid field after a submit, and the error of the last call.

import type { FieldIssue } from '@transit-shop/sdk/errors/app-error';
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import { fieldIssues, formSummary } from '@transit-shop/sdk/validation/field-issues';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';

export type FieldError = { key: string; params?: Readonly<Record<string, string | number>> };

export type FormCheck<T> = { ok: true; data: T } | { ok: false };

/** Maps a server field path to the form's field name (Account/update.json says userName...). */
export type FieldNames = Readonly<Record<string, string>>;

export function useAuthForm<Field extends string>(fieldNames: FieldNames = {}) {
  const [errors, setErrors] = useState<Partial<Record<Field, FieldError>>>({});
  const [summary, setSummary] = useState<string | undefined>();
  const [failure, setFailure] = useState<unknown>(null);
  const [placed, setPlaced] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After a submit with problems, the first field marked invalid takes the focus, so a keyboard
  // or screen-reader user lands on it and hears its message.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  function showIssues(issues: readonly FieldIssue[]): boolean {
    const next: Partial<Record<Field, FieldError>> = {};
    for (const issue of issues) {
      const field = (fieldNames[issue.path] ?? issue.path) as Field;
      if (next[field]) continue;
      next[field] = issue.params ? { key: issue.message, params: issue.params } : { key: issue.message };
    }
    setErrors(next);
    setSummary(formSummary(issues));
    setAttempt((count) => count + 1);
    return Object.keys(next).length > 0;
  }

  return {
    formRef,
    errors,
    summary,
    /** The error of the last call. */
    failure,
    /** The error of the last call unless a field already says it, for the alert above the form. */
    alertFailure: placed ? null : failure,
    /** Checks the values with a schema of the sdk; on problems shows them and focuses the first. */
    check<S extends z.ZodType>(schema: S, values: unknown): FormCheck<z.output<S>> {
      const result = schema.safeParse(values);
      if (result.success) {
        setErrors({});
        setSummary(undefined);
        setFailure(null);
        return { ok: true, data: result.data };
      }
      showIssues(fieldIssues(result.error, values));
      return { ok: false };
    },
    /** Shows what a call failed with: its field problems beside the fields, the rest above the form. */
    fail(error: unknown, fieldOfCode: Readonly<Record<string, Field>> = {}) {
      const issues = isAppError(error) ? (error.details?.issues ?? []) : [];
      const field = isAppError(error) ? fieldOfCode[error.code] : undefined;
      setFailure(error);
      // Said once: beside its field when it has one, otherwise above the form.
      setPlaced(Boolean(field) || issues.length > 0);
      if (field)
        showIssues([{ path: field, message: `apiErrors.${(error as { code: string }).code}` }, ...issues]);
      else if (issues.length > 0) showIssues(issues);
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
