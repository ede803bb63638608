import { describe, expect, it } from 'vitest';
import { isOnDomains } from './redirect-hosts.ts';

const DOMAINS = ['lakeside.localhost', 'shop.lakeside-transit.example'];

describe('a redirect URI of a network', () => {
  it.each([
    'http://lakeside.localhost:5173/auth/return',
    'http://lakeside.localhost/en/auth/return?from=cart',
    'https://shop.lakeside-transit.example/auth/return',
    'https://SHOP.lakeside-transit.example:8443/auth/logout',
  ])('accepts %s: any path and port of its domains', (uri) => {
    expect(isOnDomains(uri, DOMAINS)).toBe(true);
  });

  it.each([
    'http://lumiere.localhost:5173/auth/return',
    'http://lakeside.localhost.evil.example/auth/return',
    'http://evil.example/lakeside.localhost',
    'http://lakeside.localhost@evil.example/',
    'http://user:pass@lakeside.localhost/',
    'http://lakeside.localhost/auth/return#fragment',
    'javascript://lakeside.localhost/%0aalert(1)',
    'lakeside.localhost/auth/return',
    '',
  ])('refuses %s', (uri) => {
    expect(isOnDomains(uri, DOMAINS)).toBe(false);
  });
});
