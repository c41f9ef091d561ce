// What the operator's commands (`npm run import`, `npm run export`) and the worker use (package
// export `@blog/api/transfer`).
export { EXPORT_FILE, EXPORT_IMAGES, exportBlog, exportDocument } from './exporter.service.ts';
export type { ImportedAccount, ImportReport, SkippedItem } from './import-report.ts';
export { importDocument, importTargetOf, type ImportTarget } from './importer.service.ts';
export { type ImportOptions, readImportFile, tooLarge } from './read-import-file.ts';
export { transferDocumentSchema } from './transfer-document.ts';
export { runImportJob } from './import-job-runner.ts';
export { IMPORT_IN_PROGRESS, importStagingDir, queueImport } from './import-jobs.service.ts';
export { extractExportZip, isZip, writeExportZip } from './export-zip.ts';
