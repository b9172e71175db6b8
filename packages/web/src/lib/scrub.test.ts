import { describe, expect, it } from 'vitest';
import { scrubText, scrubUrl } from './scrub';

const ORIGIN = 'https://account.example.com';

describe('scrubUrl', () => {
  it('replaces the invitation code of /onboarding?invitation=… and keeps the path', () => {
    expect(scrubUrl(`${ORIGIN}/onboarding?invitation=AB12-CD34-EF56`, ORIGIN)).toBe(
      `${ORIGIN}/onboarding?invitation=redacted`,
    );
  });

  it('replaces every parameter value (token, code, payload, state) but the campaign ones', () => {
    const scrubbed = scrubUrl(
      `${ORIGIN}/reset-password?token=s3cr3t&code=12345678&payload=eyJh&utm_source=mail&state=x`,
      ORIGIN,
    );
    expect(scrubbed).toBe(
      `${ORIGIN}/reset-password?token=redacted&code=redacted&payload=redacted&utm_source=mail&state=redacted`,
    );
  });

  it('drops the fragment, where the hash login carries its token', () => {
    expect(scrubUrl(`${ORIGIN}/user/dashboard#token=abc.def.ghi:isOriginApp=false`, ORIGIN)).toBe(
      `${ORIGIN}/user/dashboard`,
    );
  });

  it('replaces path segments that look like codes or tokens', () => {
    expect(scrubUrl(`${ORIGIN}/verify/123456/next`, ORIGIN)).toBe(`${ORIGIN}/verify/redacted/next`);
    expect(scrubUrl(`${ORIGIN}/r/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg`, ORIGIN)).toBe(`${ORIGIN}/r/redacted`);
    expect(scrubUrl(`${ORIGIN}/security/edit-password`, ORIGIN)).toBe(`${ORIGIN}/security/edit-password`);
  });

  it("reduces another site's URL to its origin, and refuses non-web URLs", () => {
    expect(scrubUrl('https://mail.example.net/inbox/42?msg=secret', ORIGIN)).toBe(
      'https://mail.example.net/',
    );
    expect(scrubUrl('javascript:alert(1)', ORIGIN)).toBe('');
    expect(scrubUrl('', ORIGIN)).toBe('');
  });
});

describe('scrubText', () => {
  it('replaces e-mail addresses, codes, card and phone numbers, and tokens in a title', () => {
    expect(scrubText('Code 12345678 sent to ann@example.com')).toBe('Code redacted sent to redacted');
    expect(scrubText('Card 4111 1111 1111 1111 · +32 470 12 34 56')).toBe('Card redacted · redacted');
    expect(scrubText('Security · Vestibule')).toBe('Security · Vestibule');
  });
});
