import { defineMiddleware } from 'astro:middleware';
import { randomUUID } from 'node:crypto';
import { getApp } from '../app';
import { catalogReader } from '../render/catalog-lists';

/**
 * Gives each request an id and holds it until the app has booted (migrations, seed, worker);
 * then hands pages their services through `locals` (pages hold no raw database).
 */
export const request = defineMiddleware(async (context, next) => {
  context.locals.requestId = context.request.headers.get('x-request-id')?.slice(0, 64) || randomUUID();
  context.locals.user = null;
  const app = await getApp();
  context.locals.catalog = catalogReader(app.db);
  context.locals.publicUrl = app.config.publicUrl;
  return next();
});
