import { RENDER_MIME_TYPES, type QrCode, type RenderFormat, type RenderVariant } from '@avpass/contracts';
import { join } from 'node:path';
import sharp from 'sharp';
import { layoutVoucherCard } from './card-layout';
import { cardTitleSource, voucherCardModel } from './card-model';
import { cardPdf } from './card-pdf';
import { cardSvg } from './card-svg';
import { renderFileName } from './file-names';
import { QR_MARGIN_MODULES, QR_PNG_PX, qrMatrix, qrPng, qrSvgDocument } from './qr-matrix';
import { UploadImages } from './upload-images';

export interface RenderedBuffer {
  fileName: string;
  contentType: string;
  data: Buffer;
}

export interface VoucherRendererOptions {
  /** DATA_DIR: logos and trainer photos are read from its uploads/ folder. */
  dataDir: string;
  timeZone: string;
  /** The clock for the status badge (tests inject one). */
  now?: () => Date;
}

/** The bare QR as PDF: a square page of 300 pt. */
const PDF_QR_PAGE_PT = 300;

/**
 * Renders a code from the server's own record: the bare QR (PNG 600 px, SVG, PDF) or the full
 * voucher card (PNG, SVG, PDF). Pure over its input apart from reading uploaded images.
 */
export class VoucherRenderer {
  private readonly images: UploadImages;
  private readonly now: () => Date;

  constructor(private readonly options: VoucherRendererOptions) {
    this.images = new UploadImages(join(options.dataDir, 'uploads'));
    this.now = options.now ?? (() => new Date());
  }

  async render(code: QrCode, format: RenderFormat, variant: RenderVariant): Promise<RenderedBuffer> {
    const fileName = renderFileName(cardTitleSource(code), code.id, format, variant);
    const data = variant === 'card' ? await this.card(code, format) : await this.bareQr(code.qrUrl, format);
    return { fileName, contentType: RENDER_MIME_TYPES[format], data };
  }

  private async bareQr(url: string, format: RenderFormat): Promise<Buffer> {
    const matrix = qrMatrix(url);
    switch (format) {
      case 'png':
        return qrPng(matrix, QR_PNG_PX);
      case 'svg':
        return Buffer.from(qrSvgDocument(matrix), 'utf8');
      case 'pdf': {
        // The bare QR on a square page, the same image the card embeds.
        const layout = {
          width: PDF_QR_PAGE_PT,
          height: PDF_QR_PAGE_PT,
          ops: [{ kind: 'qr' as const, x: 0, y: 0, size: PDF_QR_PAGE_PT, matrix, margin: QR_MARGIN_MODULES }],
        };
        return cardPdf(layout, url);
      }
    }
  }

  private async card(code: QrCode, format: RenderFormat): Promise<Buffer> {
    const [logo, trainerImage] = await Promise.all([
      code.qrType === 'trainer' ? Promise.resolve(null) : this.images.load(code.logoUrl),
      code.qrType === 'trainer' ? this.images.load(code.trainerImage) : Promise.resolve(null),
    ]);
    const model = voucherCardModel(code, { logo, trainerImage }, this.now(), this.options.timeZone);
    const layout = layoutVoucherCard(model);
    switch (format) {
      case 'pdf':
        return cardPdf(layout, model.title);
      case 'svg':
        return Buffer.from(cardSvg(layout, model.title), 'utf8');
      case 'png':
        return sharp(Buffer.from(cardSvg(layout, model.title), 'utf8'))
          .flatten({ background: '#ffffff' })
          .png({ compressionLevel: 6 })
          .toBuffer();
    }
  }
}
