// One labelled input with its hint and, after a failed submission, its error tied to it for screen readers.
import { type Html, html } from '@transit-shop/service-kit/html';

export type TextFieldOptions = {
  name: string;
  label: string;
  value: string;
  hint?: string;
  error?: string;
  /** Extra attributes: autocomplete, inputmode, dir… */
  attributes?: Html;
};

export function textField(options: TextFieldOptions): Html {
  const { name, label, value, hint, error, attributes } = options;
  const hintId = hint ? `${name}-hint` : null;
  const errorId = error ? `${name}-error` : null;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  return html`<div class="field">
<label for="${name}">${label}</label>
${hint ? html`<span class="hint" id="${hintId}">${hint}</span>` : ''}
<input type="text" id="${name}" name="${name}" value="${value}" required${
    describedBy ? html` aria-describedby="${describedBy}"` : ''
  }${error ? html` aria-invalid="true"` : ''} ${attributes ?? ''}>
${error ? html`<p class="error" id="${errorId}">${error}</p>` : ''}
</div>`;
}

export function checkboxField(options: {
  name: string;
  label: string;
  checked: boolean;
  error?: string;
}): Html {
  const { name, label, checked, error } = options;
  const errorId = error ? `${name}-error` : null;
  return html`<div class="field">
<div class="consent">
<input type="checkbox" id="${name}" name="${name}" value="yes" required${checked ? html` checked` : ''}${
    error ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''
  }>
<label for="${name}">${label}</label>
</div>
${error ? html`<p class="error" id="${errorId}">${error}</p>` : ''}
</div>`;
}

/** The list of problems at the top of a form, each a link to its field; announced as soon as it appears. */
export function errorSummary(title: string, problems: { field: string; message: string }[]): Html {
  if (problems.length === 0) return html``;
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">${title}</h2>
<ul>${problems.map(({ field, message }) => html`<li><a href="#${field}">${message}</a></li>`)}</ul>
</div>`;
}
