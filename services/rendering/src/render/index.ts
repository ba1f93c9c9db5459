// render/: what other folders of the rendering service may use (avpass/folder-boundaries).

export { CardSheetPdf } from './card-pdf';
export { UniqueEntryNames } from './file-names';
export { runPool } from './task-pool';
export { VoucherRenderer, type RenderedBuffer } from './voucher-renderer';
