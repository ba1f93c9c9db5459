import {
  ZIP_CHUNK_JOB_RETRY,
  type ZipChunkJobData,
  type ZipChunking,
  type ZipJobData,
} from '@avpass/contracts';

/**
 * How a ZIP is split into chunk jobs: `size` codes each (ZIP_CHUNK_SIZE), at least one chunk. A sheet
 * PDF is one file and so one chunk, whatever its size.
 */
export function chunkingOf(data: Pick<ZipJobData, 'total' | 'sheet'>, chunkSize: number): ZipChunking {
  const total = Math.max(1, data.total);
  if (data.sheet) return { count: 1, size: total };
  return { count: Math.max(1, Math.ceil(total / chunkSize)), size: chunkSize };
}

/** The chunk job rendering codes [index * size, (index + 1) * size) of a chunked job. */
export function chunkData(
  parent: ZipJobData,
  parentId: string,
  index: number,
  size: number,
  after?: string,
  until?: string,
): ZipChunkJobData {
  const offset = index * size;
  const count = Math.max(1, Math.min(size, parent.total - offset));
  const source =
    'ids' in parent.source ? { ids: parent.source.ids.slice(offset, offset + count) } : parent.source;
  return {
    parentId,
    index,
    actor: parent.actor,
    source,
    offset,
    count,
    ...(after ? { after } : {}),
    ...(until ? { until } : {}),
    format: parent.format,
    variant: parent.variant,
    ...(parent.size ? { size: parent.size } : {}),
    requestId: parent.requestId,
  };
}

/**
 * A chunk job's BullMQ options: its id, retries, and its last failure releases the ZIP job at once
 * (continueParentOnFailure), which then fails with the chunk's own reason (not BullMQ's "child …
 * failed") and so stops the other chunks.
 */
export function chunkJobOptions(parentId: string, index: number, ttlSeconds: number) {
  return {
    jobId: `${parentId}-chunk-${index}`,
    ...ZIP_CHUNK_JOB_RETRY,
    continueParentOnFailure: true,
    removeOnComplete: { age: ttlSeconds },
    removeOnFail: { age: ttlSeconds },
  };
}
