// The pages' only stylesheet, served from the sandbox's origin under a content-hashed name (CSP style-src 'self').
import { createHash } from 'node:crypto';

const CSS = `
:root {
  color-scheme: light dark;
  --bg: #f3f4f6;
  --surface: #ffffff;
  --text: #1a1d23;
  --muted: #4a5160;
  --border: #6b7384;
  --primary: #1d4ed8;
  --on-primary: #ffffff;
  --secondary-bg: transparent;
  --error: #b42318;
  --error-bg: #fef3f2;
  --notice-bg: #fff7d6;
  --notice-text: #5c4400;
  --focus: #1d4ed8;
  --radius: 0.5rem;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0f1115;
    --surface: #1a1d24;
    --text: #eceef2;
    --muted: #b7bdc9;
    --border: #8b93a5;
    --primary: #9db7ff;
    --on-primary: #0b1020;
    --error: #ffa198;
    --error-bg: #2d1614;
    --notice-bg: #3a3000;
    --notice-text: #ffe58a;
    --focus: #ffd35c;
  }
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0;
  min-height: 100vh;
  background: var(--bg);
  color: var(--text);
  font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif;
}
main {
  max-width: 32rem;
  margin: 0 auto;
  padding: 1rem;
}
.sheet {
  background: var(--surface);
  border-radius: var(--radius);
  padding: 1.25rem;
  box-shadow: 0 1px 3px rgb(0 0 0 / 0.15);
}
.notice {
  margin: 0 0 1rem;
  padding: 0.5rem 0.75rem;
  border-radius: var(--radius);
  background: var(--notice-bg);
  color: var(--notice-text);
  font-size: 0.875rem;
}
.summary { margin: 0 0 1.25rem; }
.summary .description { margin: 0; color: var(--muted); overflow-wrap: anywhere; }
.summary .amount { margin: 0.25rem 0 0; font-size: 1.75rem; font-weight: 700; }
h1 { font-size: 1.375rem; line-height: 1.3; margin: 0 0 1rem; }
h2 { font-size: 1.0625rem; margin: 0 0 0.5rem; }
p { margin: 0 0 1rem; }
.field { margin: 0 0 1rem; }
.field label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
.hint { display: block; color: var(--muted); font-size: 0.875rem; margin: 0 0 0.25rem; }
.row { display: flex; flex-wrap: wrap; gap: 0 1rem; }
.row > .field { flex: 1 1 8rem; }
input[type="text"] {
  display: block;
  width: 100%;
  min-height: 2.75rem;
  padding: 0.5rem 0.75rem;
  font: inherit;
  color: var(--text);
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: var(--radius);
}
input[dir="ltr"] { text-align: left; }
[dir="rtl"] input[dir="ltr"] { text-align: right; }
input[aria-invalid="true"] { border: 2px solid var(--error); }
.error {
  display: block;
  color: var(--error);
  font-weight: 600;
  font-size: 0.9375rem;
  margin: 0.25rem 0 0;
}
.error-summary {
  border: 2px solid var(--error);
  background: var(--error-bg);
  border-radius: var(--radius);
  padding: 0.75rem 1rem;
  margin: 0 0 1.25rem;
}
.error-summary h2 { color: var(--error); }
.error-summary ul { margin: 0; padding-inline-start: 1.25rem; }
.error-summary a { color: var(--text); }
.mandate {
  font-size: 0.875rem;
  color: var(--muted);
  border-inline-start: 3px solid var(--border);
  padding-inline-start: 0.75rem;
  margin: 0 0 1rem;
}
.mandate p { margin: 0 0 0.5rem; }
.consent { display: flex; gap: 0.75rem; align-items: flex-start; }
.consent input { flex: none; width: 1.5rem; height: 1.5rem; margin: 0; accent-color: var(--primary); }
.consent label { font-weight: 600; margin: 0; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.5rem; }
button, .button {
  flex: 1 1 10rem;
  min-height: 2.75rem;
  padding: 0.625rem 1rem;
  font: inherit;
  font-weight: 600;
  text-align: center;
  text-decoration: none;
  border-radius: var(--radius);
  border: 2px solid var(--primary);
  cursor: pointer;
}
.primary { background: var(--primary); color: var(--on-primary); }
.secondary { background: var(--secondary-bg); color: var(--primary); }
a { color: var(--primary); }
a:focus-visible, button:focus-visible, input:focus-visible, summary:focus-visible, .error-summary:focus-visible {
  outline: 3px solid var(--focus);
  outline-offset: 2px;
}
details { margin-top: 1.5rem; font-size: 0.875rem; color: var(--muted); }
summary { cursor: pointer; font-weight: 600; }
details ul { padding-inline-start: 1.25rem; margin: 0.5rem 0 0; }
.number { unicode-bidi: isolate; direction: ltr; font-variant-numeric: tabular-nums; white-space: nowrap; }
.status-refused, .status-expired { color: var(--error); }
@media (max-width: 360px) {
  main { padding: 0.5rem; }
  .sheet { padding: 1rem; }
}
`;

export const STYLESHEET = CSS.trim();

/** The name changes with the content, so browsers may keep it for a year. */
export const STYLESHEET_PATH = `/assets/sandbox.${createHash('sha256').update(STYLESHEET).digest('hex').slice(0, 12)}.css`;
