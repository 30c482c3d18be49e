import { sequence } from 'astro:middleware';
import { cachedPages } from './server/middleware/cached-pages';
import { i18n } from './server/middleware/i18n';
import { pageCache } from './server/middleware/page-cache';
import { request } from './server/middleware/request';
import { security, unstorableQuery } from './server/middleware/security';
import { session } from './server/middleware/session';
import { unavailable } from './server/middleware/unavailable';

/** Each concern is one middleware in src/server/middleware; order matters (`unavailable` wraps the rest: a 503 while the database is away). */
export const onRequest = sequence(unavailable, request, security, i18n, unstorableQuery, cachedPages, session, pageCache);
