export { type CheckedDocumentFile, checkDocumentFile } from './check-document-file.ts';
export { displayFileName } from './display-file-name.ts';
