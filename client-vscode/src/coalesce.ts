// Restarts asked for in a burst (a settings file saved with three changed keys, an interpreter
// switch firing two events) become one restart; one asked for while a restart runs becomes
// exactly one more after it.  Pure: no `vscode` import, unit-tested.

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export class Coalescer {
  private waiting: Deferred | undefined;
  private running: Promise<void> | undefined;

  /** `work` is the restart; `delayMs` how long to wait for more requests before running it. */
  constructor(
    private readonly work: () => Promise<void>,
    private readonly delayMs = 250,
  ) {}

  /** Ask for a run.  Resolves when a run that started after this call has finished (rejects
   * with its error). */
  request(): Promise<void> {
    if (this.waiting === undefined) {
      this.waiting = deferred();
      setTimeout(() => void this.fire(), this.delayMs);
    }
    return this.waiting.promise;
  }

  private async fire(): Promise<void> {
    // requests made while the previous run finishes still join this batch
    while (this.running !== undefined) {
      await this.running.catch(() => undefined);
    }
    const batch = this.waiting;
    this.waiting = undefined;
    if (batch === undefined) {
      return;
    }
    const run = this.work();
    this.running = run;
    try {
      await run;
      batch.resolve();
    } catch (error) {
      batch.reject(error);
    } finally {
      this.running = undefined;
    }
  }
}
