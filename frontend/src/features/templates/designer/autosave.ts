export type SaveStatus = { state: 'saved' } | { state: 'dirty' } | { state: 'saving' } | { state: 'failed'; message: string };

interface AutosaverOptions {
  save: () => Promise<void>;
  onStatus: (status: SaveStatus) => void;
  /** Quiet time after the last change before saving. */
  delayMs: number;
  /** False while a save would interrupt the user (text being typed): it waits another delay. */
  canSave: () => boolean;
}

/**
 * Saves a few seconds after the last change, one save at a time: a change made while a save
 * runs is saved by the next one, and `flush` (the Save button, leaving) saves at once.
 */
export class Autosaver {
  private changes = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<boolean> | null = null;

  constructor(private readonly options: AutosaverOptions) {}

  get pending(): boolean {
    return this.changes > 0 || this.running !== null;
  }

  change(): void {
    this.changes += 1;
    this.options.onStatus({ state: 'dirty' });
    this.schedule();
  }

  /** Saves now whatever is unsaved; true when everything is saved. */
  async flush(): Promise<boolean> {
    clearTimeout(this.timer);
    while (this.running) await this.running;
    if (this.changes === 0) return true;
    const taken = this.changes;
    this.options.onStatus({ state: 'saving' });
    this.running = this.options
      .save()
      .then(() => {
        this.changes -= taken;
        this.options.onStatus(this.changes ? { state: 'dirty' } : { state: 'saved' });
        if (this.changes) this.schedule();
        return true;
      })
      .catch((caught: unknown) => {
        this.options.onStatus({ state: 'failed', message: caught instanceof Error ? caught.message : String(caught) });
        return false;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.options.canSave()) void this.flush();
      else this.schedule();
    }, this.options.delayMs);
  }
}
