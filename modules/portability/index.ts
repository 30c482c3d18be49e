/** The portability capability: a person's data in open formats. */
export {
  CSV_COLUMNS,
  csvRows,
  exportCsv,
  markdownExport,
  promptDownload,
  promptsChatContent,
  slugOf,
  type ExportFile,
  type MarkdownExport,
  type PromptFile,
} from './export';
export { BOM, csvRecords, readCsv, readCsvSteps, writeCsv } from './csv';
export { allSteps, stepsWithTurns } from './steps';
export * from './contracts';
export {
  IMPORT_SOURCES,
  readImportFile,
  readMarkdownFiles,
  readMarkdownCollections,
  readPromptoryCollections,
  UnreadableImport,
  type ImportedCollection,
  type ImportCandidate,
  type ReadCsv,
  type ImportedVersion,
  type ImportFile,
} from './import-formats';
