import type { APIRoute } from 'astro';
import { json } from './http';

/**
 * Stands in for Astro's image endpoint (`/_image`), which Astro adds to every server build: it
 * transcoded any image on request (CPU for anyone who asks, a 500 for SVG and non-images) though
 * the product uses no image service. astro.config.mjs points `image.endpoint` here, so
 * `/_image` is an unknown path like any other.
 */
export const GET: APIRoute = () => json({ error: 'Not found' }, { status: 404 });
export const ALL: APIRoute = GET;
