import type { ExportFormat } from '../../../../modules/portability';
import { portabilityRoutes } from '../../../../modules/portability/routes';
import { throttleAccount } from '../../../server/library';
import { csvDownload, jsonDownload, markdownDownload, openMyData } from '../../../server/portability/my-data';
import { serve } from '../../../server/route';

const TYPES: Record<ExportFormat, { type: string; extension: string }> = {
  json: { type: 'application/json; charset=utf-8', extension: 'json' },
  markdown: { type: 'application/zip', extension: 'zip' },
  csv: { type: 'text/csv; charset=utf-8', extension: 'csv' },
};

/** A download written as it is made: the next part is read only when the client has taken the last. */
function streamOf(parts: AsyncGenerator<string | Uint8Array>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await parts.next();
      if (done) controller.close();
      else controller.enqueue(typeof value === 'string' ? encoder.encode(value) : value);
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
}

/** A download, never stored by a cache: it is one person's data. */
function download(body: ReadableStream<Uint8Array>, format: ExportFormat, date: string): Response {
  const { type, extension } = TYPES[format];
  return new Response(body, {
    headers: {
      'content-type': type,
      'content-disposition': `attachment; filename="promptory-export-${date}.${extension}"`,
      'cache-control': 'no-store',
    },
  });
}

/** Every format is written a page of prompts at a time, the zip included (each entry is compressed whole before its header). */
export const GET = serve(portabilityRoutes.exportMyData, async ({ query: { format }, user, app, context }) => {
  await throttleAccount(app, context, 'data', user.id);
  const data = await openMyData(app, user.id);
  const parts = format === 'markdown' ? markdownDownload(data) : format === 'csv' ? csvDownload(data) : jsonDownload(data);
  return download(streamOf(parts), format, data.head.exportedAt.slice(0, 10));
});
