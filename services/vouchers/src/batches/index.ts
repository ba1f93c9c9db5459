// batches/: what other folders of the vouchers service may use (avpass/folder-boundaries).

export { Batch } from './batch.entity';
export { type BatchWithUsage, BatchesRepository } from './batches.repository';
