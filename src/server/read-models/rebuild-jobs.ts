import type { RebuildJob } from '../../../modules/prompts/contracts';
import type { ProjectionRunner } from '../../../projections';
import { logError } from '../log';

export type { RebuildJob };

/**
 * The admin's "rebuild read models" action, run in the background of this process so the
 * page can poll its progress. One at a time: each rebuild builds fresh tables beside the live
 * ones and swaps them in when caught up (ProjectionRunner.rebuild), so the site keeps serving
 * the old tables meanwhile. Progress lives in this process only (docs/review.md, "Rebuild with progress").
 */
export class RebuildJobs {
  private current: RebuildJob | null = null;

  constructor(private readonly runner: ProjectionRunner) {}

  latest(): RebuildJob | null {
    return this.current && structuredClone(this.current);
  }

  /** Starts a rebuild, or returns null while another one is running. */
  start(names: readonly string[], requestedBy: number): RebuildJob | null {
    if (this.current?.state === 'running') return null;
    const job: RebuildJob = {
      id: `rebuild-${Date.now().toString(36)}`,
      state: 'running',
      requestedBy,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      error: null,
      projections: names.map((name) => ({ name, applied: 0, total: 0, done: false })),
    };
    this.current = job;
    void this.run(job);
    return structuredClone(job);
  }

  /** Resolves when the running job (if any) ends. */
  async idle(): Promise<void> {
    while (this.current?.state === 'running') await new Promise((r) => setTimeout(r, 20));
  }

  private async run(job: RebuildJob) {
    try {
      for (const entry of job.projections) {
        await this.runner.rebuild(entry.name, (p) => {
          entry.applied = p.applied;
          entry.total = p.total;
        });
        entry.done = true;
      }
      job.state = 'done';
    } catch (error) {
      job.state = 'failed';
      job.error = error instanceof Error ? error.message : String(error);
      logError('rebuild failed', error);
    } finally {
      job.finishedAt = new Date().toISOString();
    }
  }
}

const trackers = new WeakMap<ProjectionRunner, RebuildJobs>();

/** The one tracker of `runner`, i.e. of the process's app. */
export function rebuildJobs(runner: ProjectionRunner): RebuildJobs {
  let jobs = trackers.get(runner);
  if (!jobs) trackers.set(runner, (jobs = new RebuildJobs(runner)));
  return jobs;
}
