import { deviceMayCall } from '../../src/shared/api-routes';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../events';
import { deviceDecider } from '../../modules/devices/domain/device';
import {
  confirmationCode,
  connectDeviceRequest,
  EXTENSION_ID,
  EXTENSION_PUBLIC_KEY,
  EXTENSION_VERSION,
  extensionZipName,
  DEVICE_REFUSALS,
} from '../../modules/devices/contracts';
import { composeText, createPageUrl, DEFAULT_SERVICES, deliveryFor, validServiceUrl } from '../../extension/src/lib/services';
import { CHAT_SITES } from '../../extension/src/lib/chat-sites';
import { configureExtension } from '../../src/server/extension/extension-package';
import { given } from '../support/given';
import { expectAnswers } from '../support/answers';

const connected: NewEvent = { type: 'DeviceConnected', data: { deviceId: 4, userId: 2, name: 'Chrome on Linux' } };

describe('device decisions', () => {
  it('given no device, when a user connects one, then it is connected to that user', () => {
    given(deviceDecider).when({ kind: 'connect', deviceId: 4, userId: 2, name: 'Chrome on Linux' }).then(connected);
  });

  it('given a connected device, when its owner revokes it, then it is revoked; a second revoke changes nothing', () => {
    given(deviceDecider, connected)
      .when({ kind: 'revoke', deviceId: 4, userId: 2, by: 'user' })
      .then({
        type: 'DeviceRevoked',
        data: { deviceId: 4, userId: 2, by: 'user' },
      });
    const revoked: NewEvent = { type: 'DeviceRevoked', data: { deviceId: 4, userId: 2, by: 'user' } };
    given(deviceDecider, connected, revoked).when({ kind: 'revoke', deviceId: 4, userId: 2, by: 'device' }).then();
  });

  it("given someone else's device, when a user revokes it, then it is not found (as if missing)", () => {
    given(deviceDecider, connected).when({ kind: 'revoke', deviceId: 4, userId: 3, by: 'user' }).thenRefuses(DEVICE_REFUSALS.notFound);
    given(deviceDecider).when({ kind: 'revoke', deviceId: 4, userId: 2, by: 'user' }).thenRefuses(DEVICE_REFUSALS.notFound);
  });
});

describe('device contracts', () => {
  it('derives the fixed extension id from the manifest key, as Chrome does', () => {
    const hex = createHash('sha256').update(Buffer.from(EXTENSION_PUBLIC_KEY, 'base64')).digest('hex').slice(0, 32);
    expect([...hex].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('')).toBe(EXTENSION_ID);
  });

  it('names the zip after the version the site shows', () => {
    expect(EXTENSION_VERSION).toBe('1.0.2');
    expect(extensionZipName()).toBe('promptory-extension-1.0.2.zip');
  });

  it('accepts only a SHA-256 hex key and a short device name', () => {
    const key = 'a'.repeat(64);
    expect(connectDeviceRequest.safeParse({ name: 'Chrome', tokenHash: key }).success).toBe(true);
    expect(connectDeviceRequest.safeParse({ name: 'Chrome', tokenHash: 'A'.repeat(64) }).success).toBe(false);
    expect(connectDeviceRequest.safeParse({ name: ' ', tokenHash: key }).success).toBe(false);
    expect(connectDeviceRequest.safeParse({ name: 'x'.repeat(61), tokenHash: key }).success).toBe(false);
  });

  it('shows the same short code for a key on both sides', () => {
    expect(confirmationCode('0a1b2c3d' + 'f'.repeat(56))).toBe('0A1B-2C3D');
  });

  it("lets a device token reach only the library, favourites, its user's own prompts, submissions and its own sign-out", () => {
    for (const [method, path] of [
      ['GET', '/api/prompts'],
      ['GET', '/api/prompts/12'],
      ['GET', '/api/extension/prompts'],
      ['GET', '/api/favorites/my'],
      ['GET', '/api/prompts/my'],
      ['POST', '/api/prompts'],
      ['PUT', '/api/prompts/12/use'],
      ['DELETE', '/api/extension/devices/current'],
      ['GET', '/api/auth/me'],
    ])
      expect(deviceMayCall(method, path), `${method} ${path}`).toBe(true);
    for (const [method, path] of [
      ['POST', '/api/extension/devices'],
      ['GET', '/api/extension/devices'],
      ['DELETE', '/api/extension/devices/3'],
      ['GET', '/api/admin/prompts/pending'],
      ['POST', '/api/prompts/12/submit'],
      ['DELETE', '/api/prompts/12'],
      ['POST', '/api/ratings'],
      ['PUT', '/api/admin/prompts/1/review'],
      ['POST', '/api/collections'],
      ['DELETE', '/api/favorites/3'],
      ['POST', '/api/auth/logout'],
      ['GET', '/dashboard'],
    ])
      expect(deviceMayCall(method, path), `${method} ${path}`).toBe(false);
  });
});

describe('sending text to a chat service', () => {
  it('offers every chat site of the site table, at its own page, never with the text in the address', () => {
    expect(DEFAULT_SERVICES.map((s) => s.id)).toEqual(CHAT_SITES.map((s) => s.id));
    for (const service of DEFAULT_SERVICES) {
      expect(service.url, service.id).not.toMatch(/[?&]q=|\{text\}/);
      expect(deliveryFor(service), service.id).toBe('handoff');
    }
    expect(DEFAULT_SERVICES.find((s) => s.id === 'copilot')?.url).toBe('https://copilot.microsoft.com/');
  });

  it('adds the page address only when asked', () => {
    expect(composeText(' hello ', 'https://example.com/a', true)).toBe('hello\n\nSource: https://example.com/a');
    expect(composeText(' hello ', 'https://example.com/a', false)).toBe('hello');
  });

  it('hands a custom service, which has no content script, the text on the clipboard', () => {
    expect(deliveryFor({ id: 'custom', name: 'Custom', url: 'https://chat.example/' })).toBe('clipboard');
    expect(deliveryFor({ id: 'custom', name: 'Custom', url: 'not an address' })).toBe('clipboard');
  });

  it('accepts a custom service only at an http(s) address', () => {
    expectAnswers(validServiceUrl, [
      ['https://chat.example/', true],
      ['http://chat.example/new', true],
      ['javascript:alert(1)', false],
      ['chat.example', false],
    ]);
  });

  it("opens the site's create page with the text prefilled", () => {
    const url = new URL(createPageUrl('https://promptory.example', 'Write a haiku', 'https://news.example/x'));
    expect(url.origin + url.pathname).toBe('https://promptory.example/prompts/create');
    expect(url.searchParams.get('content')).toBe('Write a haiku');
    expect(url.searchParams.get('source')).toBe('https://news.example/x');
  });
});

describe('the zip a site serves', () => {
  it("names the site's origin in config.json and asks for host access to that origin only", () => {
    const files = [
      { path: 'manifest.json', data: Buffer.from(JSON.stringify({ version: '1.0.2', host_permissions: ['http://localhost:4321/*'] })) },
      { path: 'config.json', data: Buffer.from('{"siteUrl":"http://localhost:4321"}') },
      { path: 'background.js', data: Buffer.from('x') },
    ];
    const out = configureExtension(files, 'https://prompts.example.org/some/path');
    const manifest = JSON.parse(out[0].data.toString());
    expect(manifest.host_permissions).toEqual(['https://prompts.example.org/*']);
    expect(manifest.version).toBe('1.0.2');
    expect(JSON.parse(out[1].data.toString())).toEqual({ siteUrl: 'https://prompts.example.org' });
    expect(out[2]).toBe(files[2]);
  });
});
