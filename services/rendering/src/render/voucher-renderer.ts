import {
  DEFAULT_CARD_LANGUAGE,
  DEFAULT_CARD_SIZE,
  type CardLanguage,
  RENDER_MIME_TYPES,
  type CardSize,
  type QrCode,
  type RenderFormat,
  type RenderLink,
  type RenderVariant,
  voucherTitleSource,
} from '@avpass/contracts';
import { join } from 'node:path';
import sharp from 'sharp';
import { cardWords } from '../i18n';
import { layoutVoucherCard, type CardLayout } from './card-layout';
import { voucherCardModel } from './card-model';
import { CARD_PAGE_PT, cardAspect, cardPdf } from './card-pdf';
import { cardSvg } from './card-svg';
import { renderFileName } from './file-names';
import { inRenderSlot } from './render-slots';
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
}

/** The bare QR as PDF: a square page of 300 pt. */
const PDF_QR_PAGE_PT = 300;

/**
 * Renders a code from the server's own record: the bare QR (PNG 600 px, SVG, PDF) or the full
 * voucher card (PNG, SVG, PDF). Pure over its input apart from reading uploaded images.
 */
export class VoucherRenderer {
  private readonly images: UploadImages;

  constructor(options: VoucherRendererOptions) {
    this.images = new UploadImages(join(options.dataDir, 'uploads'));
  }

  async render(
    code: QrCode,
    format: RenderFormat,
    variant: RenderVariant,
    size: CardSize = DEFAULT_CARD_SIZE,
    language?: CardLanguage,
  ): Promise<RenderedBuffer> {
    if (variant === 'qr')
      return this.renderLink({ id: code.id, qrUrl: code.qrUrl, title: voucherTitleSource(code) }, format);
    const fileName = renderFileName(voucherTitleSource(code), code.id, format, variant);
    const data = await this.card(code, format, size, language);
    return { fileName, contentType: RENDER_MIME_TYPES[format], data };
  }

  /** The bare QR of a link (all it needs of a code: see vouchers.render.resolve-links). */
  async renderLink(link: RenderLink, format: RenderFormat): Promise<RenderedBuffer> {
    return {
      fileName: renderFileName(link.title, link.id, format, 'qr'),
      contentType: RENDER_MIME_TYPES[format],
      data: await this.bareQr(link.qrUrl, format),
    };
  }

  /** The card laid out for print (no frame: the page edge is the cut), e.g. for a sheet of cards. */
  async printLayout(code: QrCode, size: CardSize): Promise<{ layout: CardLayout; title: string }> {
    return this.layout(code, size, false);
  }

  private async bareQr(url: string, format: RenderFormat): Promise<Buffer> {
    const matrix = qrMatrix(url);
    switch (format) {
      case 'png':
        return qrPng(matrix, QR_PNG_PX);
      case 'svg':
        return Buffer.from(qrSvgDocument(matrix), 'utf8');
      case 'pdf': {
        // The bare QR on a square page, drawn as vectors.
        const layout = {
          width: PDF_QR_PAGE_PT,
          height: PDF_QR_PAGE_PT,
          ops: [{ kind: 'qr' as const, x: 0, y: 0, size: PDF_QR_PAGE_PT, matrix, margin: QR_MARGIN_MODULES }],
        };
        return cardPdf(layout, url);
      }
    }
  }

  /**
   * The card in `language` when a single download asks for one (checked by its contract), else in the
   * code's batch's (the vouchers service's answer, decision 359), else English.
   */
  private async layout(
    code: QrCode,
    size: CardSize,
    frame: boolean,
    language?: CardLanguage,
  ): Promise<{ layout: CardLayout; title: string }> {
    const [logo, trainerImage, words] = await Promise.all([
      code.qrType === 'trainer' ? Promise.resolve(null) : this.images.load(code.logoUrl),
      code.qrType === 'trainer' ? this.images.load(code.trainerImage) : Promise.resolve(null),
      cardWords(code, language ?? code.cardLanguage ?? DEFAULT_CARD_LANGUAGE),
    ]);
    const model = voucherCardModel(code, { logo, trainerImage }, words);
    return { layout: layoutVoucherCard(model, { aspect: cardAspect(size), frame }), title: model.title };
  }

  private async card(
    code: QrCode,
    format: RenderFormat,
    size: CardSize,
    language: CardLanguage | undefined,
  ): Promise<Buffer> {
    // On paper the page is the card; on screen it gets a rounded frame. Same proportions either way.
    const { layout, title } = await this.layout(code, size, format !== 'pdf', language);
    switch (format) {
      case 'pdf':
        return cardPdf(layout, title, CARD_PAGE_PT[size]);
      case 'svg':
        return Buffer.from(cardSvg(layout, title), 'utf8');
      case 'png':
        return inRenderSlot(() =>
          sharp(Buffer.from(cardSvg(layout, title), 'utf8'))
            .flatten({ background: '#ffffff' })
            .png({ compressionLevel: 6 })
            .toBuffer(),
        );
    }
  }
}
