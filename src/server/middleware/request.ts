import { defineMiddleware } from 'astro:middleware';
import { randomUUID } from 'node:crypto';
import { getApp } from '../app';

/** Gives each request an id and holds it until the app has booted (migrations, seed, worker). */
export const request = defineMiddleware(async (context, next) => {
  context.locals.requestId = context.request.headers.get('x-request-id')?.slice(0, 64) || randomUUID();
  context.locals.user = null;
  await getApp();
  return next();
});
