/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Correlates log lines and event metadata for one request. */
    requestId: string;
    /** The signed-in user, resolved by the session middleware; null for visitors. */
    user: import('./server/session-user').SessionUser | null;
  }
}
