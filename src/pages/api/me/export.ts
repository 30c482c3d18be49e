import { exportCsv, exportMarkdownFiles, type ExportFormat } from '../../../../modules/portability';
import { portabilityRoutes } from '../../../../modules/portability/routes';
import { throttleAccount } from '../../../server/library';
import { gatherMyData } from '../../../server/my-data';
import { serve } from '../../../server/route';
import { createZip } from '../../../server/zip';

const TYPES: Record<ExportFormat, { type: string; extension: string }> = {
  json: { type: 'application/json; charset=utf-8', extension: 'json' },
  markdown: { type: 'application/zip', extension: 'zip' },
  csv: { type: 'text/csv; charset=utf-8', extension: 'csv' },
};

/** A download, never stored by a cache: it is one person's data. */
function download(body: string | Buffer, format: ExportFormat, date: string): Response {
  const { type, extension } = TYPES[format];
  return new Response(typeof body === 'string' ? body : new Uint8Array(body), {
    headers: {
      'content-type': type,
      'content-disposition': `attachment; filename="promptory-export-${date}.${extension}"`,
      'cache-control': 'no-store',
    },
  });
}

export const GET = serve(portabilityRoutes.exportMyData, async ({ query: { format }, user, app, context }) => {
  await throttleAccount(app, context, 'data', user.id);
  const data = await gatherMyData(app, user.id);
  const date = data.exportedAt.slice(0, 10);
  if (format === 'csv') return download(exportCsv(data), format, date);
  if (format === 'markdown') {
    const files = exportMarkdownFiles(data).map((f) => ({ path: f.path, data: Buffer.from(f.text, 'utf8') }));
    return download(createZip(files), format, date);
  }
  return download(JSON.stringify(data, null, 2), format, date);
});
