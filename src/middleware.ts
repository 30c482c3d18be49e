import { sequence } from 'astro:middleware';
import { apiRoutes } from './server/middleware/api-routes';
import { cachedPages } from './server/middleware/cached-pages';
import { i18n } from './server/middleware/i18n';
import { islandIds } from './server/middleware/island-ids';
import { pageCache } from './server/middleware/page-cache';
import { request } from './server/middleware/request';
import { security, unstorableQuery } from './server/middleware/security';
import { session } from './server/middleware/session';
import { unavailable } from './server/middleware/unavailable';
import { written } from './server/middleware/written';

/** Each concern is one middleware in src/server/middleware; order matters (`unavailable` wraps the rest: a 503 while the database is away; `apiRoutes` answers undeclared API paths and methods in JSON before any page work). */
export const onRequest = sequence(unavailable, request, security, apiRoutes, i18n, unstorableQuery, cachedPages, session, written, pageCache, islandIds);
