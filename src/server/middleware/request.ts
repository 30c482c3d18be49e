import type { MiddlewareHandler } from 'astro';
import { randomUUID } from 'node:crypto';
import { getApp } from '../app';
import { libraryReader } from '../library';
import { communityReader } from '../community';
import { catalogReader } from '../catalog/catalog-lists';
import { deviceReader } from '../extension/devices';
import { discussionReader } from '../discussion';
import { notificationReader } from '../notifications';

/**
 * Gives each request an id and holds it until the app has booted (migrations, seed, worker);
 * then hands out the app's services through `locals`: the app itself for the middlewares
 * after this one and for endpoints, and readers for pages (pages hold no app and no raw
 * database).
 */
export const request: MiddlewareHandler = async (context, next) => {
  context.locals.requestId = context.request.headers.get('x-request-id')?.slice(0, 64) || randomUUID();
  context.locals.user = null;
  const app = await getApp();
  context.locals.app = app;
  context.locals.publicUrl = app.config.publicUrl;
  context.locals.catalog = catalogReader(app.db);
  context.locals.library = libraryReader(app);
  context.locals.community = communityReader(app);
  context.locals.devices = deviceReader(app.db);
  context.locals.discussion = discussionReader(app.db);
  context.locals.fragments = app.fragments;
  context.locals.notifications = notificationReader(app.db);
  return next();
};
