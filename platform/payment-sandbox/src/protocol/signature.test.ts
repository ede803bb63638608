import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { notificationSchema } from './schemas.ts';
import {
  parseSignatureHeader,
  signatureHeader,
  signNotification,
  verifySandboxSignature,
} from './signature.ts';
import vectorFile from './signature-vectors.json' with { type: 'json' };

// Written from decision 0018 alone, as a receiver would: it shares no code with signature.ts.
const independentSignature = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(Buffer.concat([Buffer.from(`${timestamp}.`, 'ascii'), Buffer.from(body, 'utf8')]))
    .digest('hex');

describe('the signature vectors', () => {
  it('holds several vectors, among them a non-ASCII body', () => {
    expect(vectorFile.vectors.length).toBeGreaterThanOrEqual(4);
    expect(vectorFile.vectors.some((vector) => Buffer.byteLength(vector.body) !== vector.body.length)).toBe(
      true,
    );
  });

  it.each(vectorFile.vectors)('$name: matches an independent HMAC-SHA256', (vector) => {
    expect(independentSignature(vector.secret, vector.timestamp, vector.body)).toBe(vector.signature);
    expect(signNotification(vector.secret, vector.timestamp, vector.body)).toBe(vector.signature);
    expect(signatureHeader(vector.secret, vector.timestamp, vector.body)).toBe(vector.header);
  });

  it.each(vectorFile.vectors)('$name: is accepted by the verifier within 300 s', (vector) => {
    for (const nowSeconds of [vector.timestamp, vector.timestamp + 300, vector.timestamp - 300]) {
      expect(
        verifySandboxSignature({
          secret: vector.secret,
          header: vector.header,
          rawBody: vector.body,
          nowSeconds,
        }),
      ).toEqual({ ok: true, timestampSeconds: vector.timestamp });
    }
  });

  it('has notification bodies that follow the notification schema', () => {
    const notifications = vectorFile.vectors.filter((vector) => vector.body.includes('"data"'));
    expect(notifications.length).toBeGreaterThanOrEqual(2);
    for (const vector of notifications)
      expect(notificationSchema.safeParse(JSON.parse(vector.body)).success).toBe(true);
  });
});

describe('verifySandboxSignature', () => {
  const [vector] = vectorFile.vectors;
  if (!vector) throw new Error('no vector');
  const check = (overrides: Partial<Parameters<typeof verifySandboxSignature>[0]>) =>
    verifySandboxSignature({
      secret: vector.secret,
      header: vector.header,
      rawBody: vector.body,
      nowSeconds: vector.timestamp,
      ...overrides,
    });

  it('refuses another secret, a changed body or a changed timestamp', () => {
    expect(check({ secret: 'another-secret-entirely' })).toEqual({ ok: false, reason: 'signature_mismatch' });
    expect(check({ rawBody: vector.body.replace('1250', '1251') })).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
    expect(
      check({ header: vector.header.replace(`t=${vector.timestamp}`, `t=${vector.timestamp + 1}`) }),
    ).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
  });

  it('refuses a timestamp more than 300 s from the clock, either way', () => {
    expect(check({ nowSeconds: vector.timestamp + 301 })).toEqual({
      ok: false,
      reason: 'timestamp_out_of_tolerance',
    });
    expect(check({ nowSeconds: vector.timestamp - 301 })).toEqual({
      ok: false,
      reason: 'timestamp_out_of_tolerance',
    });
  });

  it('refuses a missing or malformed header', () => {
    for (const header of [
      undefined,
      null,
      '',
      'v1=abc',
      `t=${vector.timestamp}`,
      `t=x,v1=${vector.signature}`,
      'garbage',
    ]) {
      expect(check({ header })).toEqual({ ok: false, reason: 'malformed_header' });
    }
  });

  it('accepts the header when one of several v1 signatures matches (secret rotation)', () => {
    const header = `t=${vector.timestamp},v1=${'0'.repeat(64)},v1=${vector.signature}`;
    expect(check({ header }).ok).toBe(true);
    expect(parseSignatureHeader(header)?.signatures).toHaveLength(2);
  });
});
