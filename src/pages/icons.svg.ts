import type { APIRoute } from 'astro';
import { iconSprite, ICONS_VERSION } from '../shared/icon-paths';
import { conditionalResponse } from '../server/conditional-get';

const body = iconSprite();
const etag = `"icons-${ICONS_VERSION}"`;

/** The icon sprite; the URL carries the version, so it may be cached for a year. */
export const GET: APIRoute = ({ request }) => {
  const headers = {
    'content-type': 'image/svg+xml; charset=utf-8',
    'cache-control': 'public, max-age=31536000, immutable',
    etag,
  };
  return conditionalResponse(request, body, headers);
};
