export interface RenderGateOptions {
  /** Renders running at once; more only add memory and garbage collection, not pages a second. */
  concurrency: number;
  /** Requests that may wait for a turn; one more is refused at once. */
  queue: number;
  /** How long a request may wait for its turn before it is refused. */
  maxWaitMs: number;
}

/** What a refused request is told: the gate is full. */
export const BUSY = Symbol('busy');

interface Waiter {
  /** Gives the turn: at once neither the wait's limit nor a departure may refuse it; the render starts next turn. */
  start: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Bounds the page renders of a process: a render holds its loaders' answers, its element tree and its HTML until
 * it is sent, so fifty at once hold fifty times that and spend the cores collecting garbage. A few run at once,
 * a short queue waits in arrival order, and beyond it (or past the wait) a request is refused at once, so memory
 * stays flat however long the load lasts.
 */
export class RenderGate {
  private readonly opts: RenderGateOptions;
  private running = 0;
  private readonly waiting: Waiter[] = [];
  constructor(opts: RenderGateOptions) {
    this.opts = opts;
  }

  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `render` when its turn comes; BUSY when the queue is full, the wait too long or `gone` fired first. */
  async run<T>(render: () => Promise<T>, gone?: AbortSignal): Promise<T | typeof BUSY> {
    if (this.running >= this.opts.concurrency) {
      if (this.waiting.length >= this.opts.queue || gone?.aborted) return BUSY;
      const turn = await new Promise<boolean>((resolve) => {
        const leave = () => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          clearTimeout(waiter.timer);
          gone?.removeEventListener('abort', leave);
          resolve(false);
        };
        const waiter: Waiter = {
          start: () => {
            clearTimeout(waiter.timer);
            gone?.removeEventListener('abort', leave);
            setImmediate(resolve, true);
          },
          timer: setTimeout(leave, this.opts.maxWaitMs),
        };
        gone?.addEventListener('abort', leave, { once: true });
        this.waiting.push(waiter);
      });
      // a turn handed over by a finishing render comes with its slot already counted
      if (!turn) return BUSY;
    } else {
      this.running++;
    }
    try {
      return await render();
    } finally {
      this.handOver();
    }
  }

  /**
   * Gives a finished render's slot to the first waiting request, in a later turn of the event loop. Handed over at
   * once, a render whose data is all in memory would finish and hand over within the same turn, and so would the
   * next: the whole queue rendered back to back while no connection is accepted (libuv accepts one a turn) and no
   * reply is read, so a new visitor waited seconds for a page the queue served others in a tenth of that.
   */
  private handOver(): void {
    const next = this.waiting.shift();
    if (!next) {
      this.running--;
      return;
    }
    next.start();
  }
}
