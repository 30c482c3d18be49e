/**
 * Writes docs/promptory-export.schema.json, the JSON Schema of the Promptory export format,
 * from its one declaration (modules/portability/contracts.ts). `npm run generate` runs it;
 * tests/unit/portability.test.ts fails when it is stale.
 */
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { promptoryExport } from '../modules/portability/contracts';

export const EXPORT_SCHEMA_FILE = 'docs/promptory-export.schema.json';

export function exportSchemaText(): string {
  const schema = {
    ...z.toJSONSchema(promptoryExport, { target: 'draft-2020-12', io: 'output' }),
    $id: 'https://promptory.local/schemas/promptory-export-1.json',
    title: 'Promptory export, format version 1',
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}

if (process.argv[1]?.endsWith('generate-export-schema.ts')) writeFileSync(EXPORT_SCHEMA_FILE, exportSchemaText());
