import { exportMarkdownFiles, type ExportFormat } from '../../../../modules/portability';
import { portabilityRoutes } from '../../../../modules/portability/routes';
import { throttleAccount } from '../../../server/library';
import { csvDownload, gatherMyData, jsonDownload, openMyData } from '../../../server/portability/my-data';
import { serve } from '../../../server/route';
import { createZip } from '../../../server/zip';

const TYPES: Record<ExportFormat, { type: string; extension: string }> = {
  json: { type: 'application/json; charset=utf-8', extension: 'json' },
  markdown: { type: 'application/zip', extension: 'zip' },
  csv: { type: 'text/csv; charset=utf-8', extension: 'csv' },
};

/** Text written as it is made: the next part is read only when the client has taken the last. */
function streamOf(parts: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await parts.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
}

/** A download, never stored by a cache: it is one person's data. */
function download(body: ReadableStream<Uint8Array> | Buffer, format: ExportFormat, date: string): Response {
  const { type, extension } = TYPES[format];
  return new Response(body instanceof ReadableStream ? body : new Uint8Array(body), {
    headers: {
      'content-type': type,
      'content-disposition': `attachment; filename="promptory-export-${date}.${extension}"`,
      'cache-control': 'no-store',
    },
  });
}

/** JSON and CSV are written a page of prompts at a time; the zip is built whole (a zip names its sizes first). */
export const GET = serve(portabilityRoutes.exportMyData, async ({ query: { format }, user, app, context }) => {
  await throttleAccount(app, context, 'data', user.id);
  if (format === 'markdown') {
    const data = await gatherMyData(app, user.id);
    const files = exportMarkdownFiles(data).map((f) => ({ path: f.path, data: Buffer.from(f.text, 'utf8') }));
    return download(createZip(files), format, data.exportedAt.slice(0, 10));
  }
  const data = await openMyData(app, user.id);
  return download(streamOf(format === 'csv' ? csvDownload(data) : jsonDownload(data)), format, data.head.exportedAt.slice(0, 10));
});
