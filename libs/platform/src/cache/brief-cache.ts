/**
 * One answer shared by every caller for `ttlMs`, in this process: the unauthenticated landing-page
 * calls cost one read per interval however many people load the page. A failed read is not kept.
 * ttlMs 0 reads every time.
 */
export class BriefCache<T> {
  private entry: { at: number; value: Promise<T> } | null = null;

  constructor(
    private readonly ttlMs: number,
    private readonly load: () => Promise<T>,
  ) {}

  get(now: number = Date.now()): Promise<T> {
    if (this.ttlMs <= 0) return this.load();
    if (!this.entry || now - this.entry.at >= this.ttlMs) {
      const value = this.load();
      const entry = { at: now, value };
      this.entry = entry;
      value.catch(() => {
        if (this.entry === entry) this.entry = null;
      });
    }
    return this.entry.value;
  }
}
