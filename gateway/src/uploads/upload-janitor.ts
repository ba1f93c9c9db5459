import { RPC, UPLOAD_URL_PATTERN, type Vendor } from '@avpass/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';
import { ImageStore } from './image-store';

/** The uploaded files a partner shows: its logo and its gallery. */
export function vendorFiles(vendor: Pick<Vendor, 'logoUrl' | 'galleryPhotos'> | null): string[] {
  if (!vendor) return [];
  return [...(vendor.logoUrl ? [vendor.logoUrl] : []), ...vendor.galleryPhotos];
}

/**
 * Deletes the files a change let go of (a replaced logo, a removed gallery photo, a deleted partner)
 * once no record refers to them: the partners service (another partner may show the same file) and
 * the vouchers service (a voucher keeps the logo it was made with, even after its partner is gone)
 * are asked first. Runs after the change committed; if a service cannot answer, the file is kept
 * (an orphan is better than a voucher without its logo) and the failure logged.
 */
@Injectable()
export class UploadJanitor {
  private readonly logger = new Logger(UploadJanitor.name);

  constructor(
    private readonly images: ImageStore,
    private readonly services: ServiceCaller,
  ) {}

  /** The files `before` showed and `after` no longer does, deleted unless still used elsewhere. */
  async releaseDropped(
    before: Pick<Vendor, 'logoUrl' | 'galleryPhotos'> | null,
    after: Pick<Vendor, 'logoUrl' | 'galleryPhotos'> | null,
    req: AuthenticatedRequest,
  ): Promise<void> {
    const kept = new Set(vendorFiles(after));
    await this.release(
      vendorFiles(before).filter((url) => !kept.has(url)),
      req,
    );
  }

  async release(urls: string[], req: AuthenticatedRequest): Promise<void> {
    const candidates = [...new Set(urls.filter((url) => UPLOAD_URL_PATTERN.test(url)))];
    if (!candidates.length) return;
    try {
      const [partners, vouchers] = await Promise.all([
        this.services.call(RPC.partners.uploadsInUse, { urls: candidates }, req),
        this.services.call(RPC.vouchers.uploadsInUse, { urls: candidates }, req),
      ]);
      const inUse = new Set([...partners.inUse, ...vouchers.inUse]);
      await Promise.all(candidates.filter((url) => !inUse.has(url)).map((url) => this.images.delete(url)));
    } catch (error) {
      this.logger.warn(`kept ${candidates.length} file(s) after a failed check: ${(error as Error).message}`);
    }
  }
}
