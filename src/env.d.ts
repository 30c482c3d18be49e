/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Correlates log lines and event metadata for one request. */
    requestId: string;
    /** The signed-in user, resolved by the session middleware; null for visitors. */
    user: import('./server/session-user').SessionUser | null;
    /** The request's language (src/server/middleware/i18n.ts). */
    /** Set when the request is the extension's, authenticated by a device token (src/server/device-auth.ts). */
    deviceId?: number;
    lng: import('./i18n/languages').Language;
    /** Translation function fixed to `lng`. */
    t: import('i18next').TFunction;
  }
}
