import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldIssues, formSummary } from './field-issues.ts';
import { VALIDATION_MESSAGES, VALIDATION_SPEC_TEXTS } from './messages.ts';

describe('field issues', () => {
  const schema = z.strictObject({
    name: z.string(),
    tags: z.array(z.string()).max(1),
    age: z.number().min(18),
    address: z.strictObject({ city: z.string().min(2) }),
  });

  it("VAL-06 gives each field a message key, zod's own sentences replaced", () => {
    const input = { tags: ['a', 'b'], age: 3, address: { city: 'L', floor: 2 }, extra: true };
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldIssues(result.error, input)).toEqual([
      { path: 'name', message: VALIDATION_MESSAGES.required },
      { path: 'tags', message: VALIDATION_MESSAGES.maxLength, params: { maximum: 1 } },
      { path: 'age', message: VALIDATION_MESSAGES.invalid, params: { minimum: 18 } },
      { path: 'address.city', message: VALIDATION_MESSAGES.minLength, params: { minimum: 2 } },
      { path: 'address.floor', message: VALIDATION_MESSAGES.unknownField },
      { path: 'extra', message: VALIDATION_MESSAGES.unknownField },
    ]);
  });

  it("VAL-06 sums a form up with the spec's two generic messages", () => {
    expect(formSummary([])).toBeUndefined();
    const summary = formSummary([
      { path: 'email', message: VALIDATION_MESSAGES.email },
      { path: 'name', message: VALIDATION_MESSAGES.required },
    ]);
    expect(summary).toBe(VALIDATION_MESSAGES.formRequired);
    expect(VALIDATION_SPEC_TEXTS[VALIDATION_MESSAGES.formRequired]).toBe(
      'not all required fields are filled',
    );
    const invalid = formSummary([{ path: 'email', message: VALIDATION_MESSAGES.email }]);
    expect(invalid).toBe(VALIDATION_MESSAGES.formInvalid);
    expect(VALIDATION_SPEC_TEXTS[VALIDATION_MESSAGES.formInvalid]).toBe(
      'not all fields comply with the rules',
    );
  });
});
