// A fake XMLHttpRequest for the calls that send a form with its progress (a document's upload):
// the fetch-based fake backend never sees them. Each request waits until the test answers it, so
// the test can see the progress first; its form fields are kept for the test to check. The
// test kit's setup removes the fake after each test.
import { vi } from 'vitest';
import type { Answer } from './session.ts';

export type FakeUpload = {
  method: string;
  path: string;
  fields: Record<string, FormDataEntryValue>;
  /** Reports how much of the body is sent, from 0 to 1. */
  progress(fraction: number): void;
  /** Answers in the backend's envelope. */
  answer(answer: Exclude<Answer, 'unreachable'>): void;
};

/** Installs the fake for the current test and returns the requests as they are sent. */
export function fakeUploads(): FakeUpload[] {
  const sent: FakeUpload[] = [];
  class FakeRequest extends EventTarget {
    status = 0;
    responseText = '';
    timeout = 0;
    readonly upload = new EventTarget();
    #method = 'POST';
    #url = '';
    open(method: string, url: string) {
      this.#method = method;
      this.#url = url;
    }
    setRequestHeader() {}
    abort() {
      this.dispatchEvent(new Event('abort'));
    }
    send(body: FormData) {
      sent.push({
        method: this.#method,
        path: new URL(this.#url, 'http://localhost').pathname.replace(/^\/api\//, ''),
        fields: Object.fromEntries(body.entries()),
        progress: (fraction) => {
          const event = Object.assign(new Event('progress'), {
            lengthComputable: true,
            loaded: Math.round(fraction * 1000),
            total: 1000,
          });
          this.upload.dispatchEvent(event);
        },
        answer: (answer) => {
          const ok = 'ok' in answer;
          this.status = ok ? 200 : (answer.status ?? 400);
          this.responseText = JSON.stringify(
            ok
              ? { status: 'ok', response: answer.ok }
              : { status: 'ko', response: { error: { message: answer.ko.code, ...answer.ko } } },
          );
          this.dispatchEvent(new Event('load'));
        },
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}
