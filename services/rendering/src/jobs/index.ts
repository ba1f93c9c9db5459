// jobs/: what other folders of the rendering service may use (avpass/folder-boundaries).

export { countVisible } from './code-pages';
export { JobFiles, jobFileKind } from './job-files';
export { claimAbandoned, ZIP_ABANDONED } from './zip-abandon';
export { ZipChunkBuilder } from './zip-chunk-builder';
export { assembleZip, copySingleEntry } from './zip-chunks';
export { ZIP_JOB_INVALID, ZipJobOwners, zipChunkJobData, zipJobData } from './zip-job-owner';
export { chunkData, chunkJobOptions } from './zip-plan';
export { bullConnection, zipProgressKey } from './zip-queue';
