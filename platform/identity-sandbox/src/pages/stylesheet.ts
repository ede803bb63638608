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
main { max-width: 28rem; margin: 0 auto; padding: 1rem; }
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
h1 { font-size: 1.375rem; line-height: 1.3; margin: 0 0 0.75rem; overflow-wrap: anywhere; }
p { margin: 0 0 1rem; }
.intro { color: var(--muted); }
.field { margin: 0 0 1rem; }
.field label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
input[type="text"], input[type="password"] {
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
[dir="rtl"] input[dir="ltr"] { text-align: right; }
input[aria-invalid="true"] { border: 2px solid var(--error); }
.error-summary {
  border: 2px solid var(--error);
  background: var(--error-bg);
  color: var(--text);
  border-radius: var(--radius);
  padding: 0.75rem 1rem;
  margin: 0 0 1.25rem;
  font-weight: 600;
}
.error-summary p { margin: 0; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.5rem; }
button {
  flex: 1 1 9rem;
  min-height: 2.75rem;
  padding: 0.625rem 1rem;
  font: inherit;
  font-weight: 600;
  text-align: center;
  border-radius: var(--radius);
  border: 2px solid var(--primary);
  cursor: pointer;
}
.primary { background: var(--primary); color: var(--on-primary); }
.secondary { background: transparent; color: var(--primary); }
code { font-size: 0.9375rem; overflow-wrap: anywhere; }
a { color: var(--primary); }
a:focus-visible, button:focus-visible, input:focus-visible {
  outline: 3px solid var(--focus);
  outline-offset: 2px;
}
@media (max-width: 360px) {
  main { padding: 0.5rem; }
  .sheet { padding: 1rem; }
}
`;

export const STYLESHEET = CSS.trim();

/** The name changes with the content, so browsers may keep it for a year. */
export const STYLESHEET_PATH = `/assets/identity-sandbox.${createHash('sha256').update(STYLESHEET).digest('hex').slice(0, 12)}.css`;
