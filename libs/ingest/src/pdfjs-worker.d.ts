// pdf.js ships no typings for its worker module; step 1 only hands it back to pdf.js
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
