import { sequence } from 'astro:middleware';
import { request } from './server/middleware/request';

/** Each concern is one middleware in src/server/middleware; order matters. */
export const onRequest = sequence(request);
