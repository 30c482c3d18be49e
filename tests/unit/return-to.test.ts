import { describe, expect, it } from 'vitest';
import { safeReturnTo, signInHref } from '../../src/shared/return-to';

describe('sign-in return path', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeReturnTo('/dashboard')).toBe('/dashboard');
    expect(safeReturnTo('/prompts?tab=favorites&page=2')).toBe('/prompts?tab=favorites&page=2');
    expect(safeReturnTo('/extension/connect?key=abc#x')).toBe('/extension/connect?key=abc#x');
  });

  it.each([
    '//evil.example',
    '//evil.example/dashboard',
    'https://evil.example/',
    'http:/evil.example',
    'javascript:alert(1)',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/ /evil',
    '/\t/evil.example',
    '/\n/evil.example',
    'dashboard',
    '',
    null,
    undefined,
    '/auth',
    '/auth/reset-password?email=a',
    '/' + 'a'.repeat(1001),
  ])('rejects %j', (raw) => {
    expect(safeReturnTo(raw)).toBeNull();
  });

  it('builds the sign-in link', () => {
    expect(signInHref('/dashboard/collections')).toBe('/auth?next=%2Fdashboard%2Fcollections');
    expect(signInHref('/')).toBe('/auth');
    expect(signInHref('//evil.example')).toBe('/auth');
    expect(signInHref('/prompts/5', 'register')).toBe('/auth?tab=register&next=%2Fprompts%2F5');
  });
});
