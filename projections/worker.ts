import type { PgBoss } from 'pg-boss';
import { compareCheckpoints, type Appended, type Checkpoint, type EventStore } from '../events';
import type { ProjectionRunner } from './runner';

export const queueName = (projection: string) => `project-${projection}`;
const SWEEP_QUEUE = 'project-sweep';
/**
 * A wake-up waits this long first: an endpoint that settles its own write (read-your-writes)
 * has usually caught the projection up by then, and then no job is sent at all.
 */
const WAKE_DELAY_MS = 20;

export interface WorkerOptions {
  /** Work the queues here (false: only send wake-ups; separate worker processes work them). */
  work: boolean;
  /**
   * Wake projections by running them here, not through pg-boss: for a database no other process
   * opens (PGlite), where nobody else could take the job and each job is three more statements
   * (send, fetch, complete) queued on the one connection every visitor waits for.
   */
  wakeHere?: boolean;
  /** In-process safety-net sweep interval; pg-boss also sweeps once a minute across processes. */
  sweepMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/**
 * pg-boss wakes projections; it never carries events. After each commit the store tells
 * us which event types were appended; we send at most one wake-up per projection at a
 * time (the `stately` queue holds at most one queued and one active job), and a worker
 * runs the projection's catch-up, which reads the log itself. On PGlite (`wakeHere`) the
 * process that appended runs the catch-up itself: nobody else could.
 */
export class ProjectionWorker {
  private sending = new Map<string, boolean>(); // name -> another wake requested while sending
  private due = new Map<string, Checkpoint>(); // name -> the furthest append waiting for a wake-up
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private stopped = false;

  constructor(
    private readonly boss: PgBoss,
    private readonly runner: ProjectionRunner,
    private readonly store: EventStore,
    private readonly options: WorkerOptions,
  ) {}

  private log(message: string, error?: unknown) {
    (this.options.log ?? ((m: string, e?: unknown) => console.error(m, e ?? '')))(message, error);
  }

  async start(): Promise<void> {
    for (const p of this.runner.projections) {
      await this.boss.createQueue(queueName(p.name), { policy: 'stately', notify: true, retryLimit: 3 });
    }
    await this.boss.createQueue(SWEEP_QUEUE, { policy: 'stately' });
    this.unsubscribe = this.store.onAppended((appended) => this.wakeFor(appended));
    if (!this.options.work) return;
    for (const p of this.runner.projections) {
      await this.boss.work(queueName(p.name), { batchSize: 1, pollingIntervalSeconds: 2 }, async () => {
        await this.runner.catchUp(p.name);
      });
    }
    await this.boss.work(SWEEP_QUEUE, { batchSize: 1 }, async () => this.runner.catchUpAll());
    await this.boss.schedule(SWEEP_QUEUE, '* * * * *');
    // Jobs queued before this worker started wait for a poll: drain once now.
    await this.runner.catchUpAll();
    const sweepMs = this.options.sweepMs ?? 5000;
    this.timer = setInterval(() => {
      this.runner.catchUpAll().catch((error) => this.log('projection sweep failed', error));
    }, sweepMs);
    this.timer.unref();
  }

  wakeFor(appended: Appended): void {
    if (this.stopped) return;
    const last = appended.last;
    if (!last) return;
    const names = this.runner.affectedBy(appended.events.map((e) => e.type));
    // Inline projections already hold the write; the sweeps move their checkpoints along.
    for (const name of names) {
      if (this.runner.byName.get(name)?.inline) continue;
      const due = this.due.get(name);
      if (due) {
        if (compareCheckpoints(last, due) > 0) this.due.set(name, last);
        continue;
      }
      this.due.set(name, last);
      setTimeout(() => {
        const target = this.due.get(name)!;
        this.due.delete(name);
        if (!this.stopped && !this.runner.hasReached(name, target)) this.wake(name);
      }, WAKE_DELAY_MS).unref();
    }
  }

  wake(name: string): void {
    if (this.options.wakeHere) {
      // catchUp shares a round with whoever already runs this projection here.
      this.runner.catchUp(name).catch((error) => this.log(`could not run projection ${name}`, error));
      return;
    }
    if (this.sending.has(name)) {
      this.sending.set(name, true);
      return;
    }
    this.sending.set(name, false);
    this.boss
      .send(queueName(name), {}, { retryLimit: 3 })
      .catch((error) => this.log(`could not wake projection ${name}`, error))
      .finally(() => {
        const again = this.sending.get(name);
        this.sending.delete(name);
        if (again && !this.stopped) this.wake(name);
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
  }
}
