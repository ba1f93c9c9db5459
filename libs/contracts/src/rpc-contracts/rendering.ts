import {
  bulkDownloadZipRequestSchema,
  downloadQrRequestSchema,
  generateQrImageRequestSchema,
  jobIdRequestSchema,
  renderedFileSchema,
  zipJobFileSchema,
  zipJobSchema,
} from '../rendering';
import { contract, health } from './contract';

/** The rendering subjects of RPC_CONTRACTS (rpc-contracts.ts). */
export const renderingContracts = {
  'rendering.health.v1': health,
  /** POST /api/generate-qr-image: the voucher card of the id in qrUrl or qrData.id. */
  'rendering.files.render-card.v1': contract('renderCard', generateQrImageRequestSchema, renderedFileSchema),
  /** POST /api/download-qr: the bare QR (or, with variant card, the card). */
  'rendering.files.render.v1': contract('render', downloadQrRequestSchema, renderedFileSchema),
  /** POST /api/bulk-download-zip: enqueues a ZIP job. */
  'rendering.jobs.create-zip.v1': contract('createZipJob', bulkDownloadZipRequestSchema, zipJobSchema),
  'rendering.jobs.get.v1': contract('getJob', jobIdRequestSchema, zipJobSchema),
  /** The finished file's name and where it is (relative to the shared DATA_DIR), for the job's owner. */
  'rendering.jobs.file.v1': contract('jobFile', jobIdRequestSchema, zipJobFileSchema),
} as const;
