import { z } from 'zod';
import { refusals } from '../../events/refusals';

/**
 * The companion extension and the devices it runs on. Pure: the site's pages, the server and
 * the extension itself import this file.
 */
export const EXTENSION_VERSION = '1.0.2';
export const extensionZipName = (version = EXTENSION_VERSION) => `promptory-extension-${version}.zip`;
export const EXTENSION_DOWNLOAD_PATH = `/downloads/${extensionZipName()}`;
/** The site page a user opens (from the extension) to approve a device. */
export const CONNECT_PAGE_PATH = '/extension/connect';

/**
 * The extension's context menu on selected text, in its order: the service worker creates
 * these items (titled by the extension's `menu.<label>` strings) and the site's /extension page
 * draws the same items in its mock-up, so the picture cannot offer what the menu lacks.
 */
export const EXTENSION_MENU = [
  { id: 'promptory-send', label: 'send' },
  { id: 'promptory-open', label: 'open' },
  { id: 'promptory-save', label: 'save' },
] as const;
export type ExtensionMenuItem = (typeof EXTENSION_MENU)[number];

export const DEVICE_MESSAGES = {
  name: 'Device name must be 1 to 60 characters.',
  tokenHash: 'Invalid device key.',
} as const;

/** What the devices' decisions and routes refuse, by code (texts in `refusals:devices.*`). */
export const DEVICE_REFUSALS = refusals('devices', {
  tokenUsed: { kind: 'conflict', text: 'This device key was already used; start again from the extension.' },
  notFound: { kind: 'not_found', text: 'Device not found' },
  sessionOnly: { kind: 'forbidden', text: 'Approve and manage devices on the Promptory website while signed in.' },
  outOfScope: { kind: 'forbidden', text: 'The extension may not call this endpoint.' },
  requestUnknown: { kind: 'not_found', text: 'This connection request is unknown; start again from the extension.' },
  requestExpired: { kind: 'conflict', text: 'This connection request has expired; start again from the extension.' },
});

/** SHA-256 of the device token, lower-case hex: what the site stores and the approval link carries. */
export const tokenHash = z.string().regex(/^[0-9a-f]{64}$/, DEVICE_MESSAGES.tokenHash);

/** POST /api/extension/devices: the signed-in user approves the device whose token hashes to `tokenHash`. */
export const connectDeviceRequest = z.object({
  name: z.string().trim().min(1, DEVICE_MESSAGES.name).max(60, DEVICE_MESSAGES.name),
  tokenHash,
});
export type ConnectDeviceRequest = z.output<typeof connectDeviceRequest>;

/**
 * POST /api/extension/connection-requests: the extension announces the key it will ask the
 * user to approve, before opening the approval page. The site records when and from where.
 */
export const connectionRequest = connectDeviceRequest;

/**
 * A connection request can be approved for this long after the extension asked:
 * an approval link found later in a chat or a mailbox is dead, and the extension starts again.
 */
export const CONNECT_REQUEST_TTL_MINUTES = 10;
export const CONNECT_REQUEST_TTL_MS = CONNECT_REQUEST_TTL_MINUTES * 60 * 1000;

/** What the approval page shows about a request (never the token or its hash). */
export interface ConnectionRequestView {
  name: string;
  /** Browser and system, from the asking request's User-Agent ("Chrome 131 on Windows"). */
  agent: string;
  /** The Origin of the asking request (the extension's `chrome-extension://<id>`). */
  origin: string;
  requestedAt: string;
  expiresAt: string;
  status: 'pending' | 'expired' | 'approved';
}

/**
 * A device token unused for this long stops working: a forgotten
 * browser does not keep access for ever. Any call with the token counts as a use; the
 * dashboard lists each device's last use. The user reconnects from the extension.
 */
export const DEVICE_IDLE_DAYS = 90;
export const DEVICE_IDLE_MS = DEVICE_IDLE_DAYS * 24 * 60 * 60 * 1000;

export interface DeviceView {
  id: number;
  name: string;
  connectedAt: string;
  lastUsedAt: string | null;
}

/**
 * The code the extension shows and the approval page repeats, so a user approves only the
 * device in front of them (a link from someone else shows a code their extension does not).
 */
export function confirmationCode(hash: string): string {
  const code = hash.slice(0, 8).toUpperCase();
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** GET /api/extension/prompts: the side panel's search, served by the catalog. */
export const extensionPromptsQuery = z.object({
  q: z.string().trim().max(100).optional(),
  categoryId: z.coerce.number().int().nonnegative().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/**
 * The manifest `key` (public half only, base64 DER) that fixes the extension's id on every
 * machine, so the site can name its origin without configuration. The private half was never
 * kept: unpacked installs don't need it (see docs/extension.md, "Extension id").
 */
export const EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAz115eQLtCaw4spuZj+KM8Ko2RQzSUyBOoobuxh008xuEe6nzk8pn8ADx0xa7FgSS9sN9fC2tqaFC5kbk2oKhmtc9A1FCMRTIqafZKVciaKiIsImqTDgnH4SyP3pRDZ1g0fSO8I8ES/PjDjHQn3LacLbr5vjpEWbDcSXrntFFT4lAIo8NMBqKRJDrMec5A9OcDtwXwMCbSbIhNYsCGqRzbnoYv5dJcJgBDenkzPkTP5880sh1CK35604IEUCyzOtdoRX8NVwAP9uErniFiMVwtMdgY+WFc1EfZKAq1CHUUpBc6b8I3/DdULJLdlP0jWgNk2O+DPRlyPkPDPwuJPMtkwIDAQAB';
/** Chrome's id for EXTENSION_PUBLIC_KEY (first 128 bits of its SHA-256, hex digits as a-p; tested). */
export const EXTENSION_ID = 'famaecjhbbmimdchglgpimcngdckobjj';
export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;
