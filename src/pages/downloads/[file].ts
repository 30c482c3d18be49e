import type { APIRoute } from 'astro';
import { extensionZipName } from '../../../modules/devices/contracts';
import { extensionZip } from '../../server/extension/extension-package';
import { conditionalResponse, etagOf } from '../../server/conditional-get';
import { errorJson } from '../../server/http';
import { REQUEST_REFUSALS, SERVER_REFUSALS } from '../../server/refusals';

let cached: { key: string; zip: Buffer; etag: string } | null = null;

/**
 * The extension zip the /extension page links to: the built extension configured for this
 * site's PUBLIC_URL. Any other name (an older version) is 404, so link and zip always agree.
 */
export const GET: APIRoute = async ({ params, request, locals }) => {
  if (params.file !== extensionZipName()) return errorJson(404, REQUEST_REFUSALS.notFound);
  const { config } = locals.app;
  if (cached?.key !== config.publicUrl) {
    try {
      const zip = extensionZip(config.publicUrl, config.extensionDir);
      cached = { key: config.publicUrl, zip, etag: etagOf(zip) };
    } catch {
      return errorJson(503, SERVER_REFUSALS.extensionNotBuilt);
    }
  }
  const { etag } = cached;
  const headers = {
    etag,
    'cache-control': 'public, max-age=0, must-revalidate',
    'content-type': 'application/zip',
    'content-disposition': `attachment; filename="${extensionZipName()}"`,
  };
  return conditionalResponse(request, new Uint8Array(cached.zip), headers);
};
