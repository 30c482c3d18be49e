import { describe, expect, it } from 'vitest';
import { maskEmail, maskEmails } from '../../src/server/log';

describe('the server log masks addresses', () => {
  it('keeps a first letter and the last domain label of an address', () => {
    expect(maskEmail('zq-abc@example.com')).toBe('z…@e….com');
    expect(maskEmail('a@localhost')).toBe('a…@l…');
  });

  it('masks every address inside a line or an error, and leaves the rest alone', () => {
    const line = 'SMTP 550 <Zoe.Quill+x@mail.example.co.uk> rejected; retry zq@example.com later (request 42)';
    expect(maskEmails(line)).toBe('SMTP 550 <Z…@m….uk> rejected; retry z…@e….com later (request 42)');
    // A link's address is URL-encoded and stays usable.
    expect(maskEmails('http://localhost:4321/auth?email=admin%40promptory.test&token=abc')).toBe(
      'http://localhost:4321/auth?email=admin%40promptory.test&token=abc',
    );
  });
});
