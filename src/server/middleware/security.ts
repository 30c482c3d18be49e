import { defineMiddleware } from 'astro:middleware';

/**
 * Security headers and cross-origin write rejection (owned by the accounts work; see issue 4).
 * Placeholder: passes everything through.
 */
export const security = defineMiddleware((_context, next) => next());
