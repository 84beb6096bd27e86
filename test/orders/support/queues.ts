import type { JobSystem } from '../../../src/jobs/jobs.ts';
import { FOLLOW_UP_QUEUE, type FollowUpJob } from '../../../src/orders/follow-ups.ts';

/** The follow-up reads of one order as BullMQ jobs of a replica's job system: those waiting or running. */
export function followUpReads(jobs: JobSystem) {
  const queue = jobs.queue<FollowUpJob>(FOLLOW_UP_QUEUE);
  const pending = async (ext: string) =>
    (await queue.getJobs(['active', 'delayed', 'wait', 'prioritized'])).filter(
      (job) => job?.data.ext === ext,
    );
  return {
    /** Reads of the order waiting (delayed or due) or running. */
    pending,
    /** Removes the order's waiting reads, as a bug or a manual cleanup could. */
    async lose(ext: string): Promise<number> {
      let removed = 0;
      for (const job of await pending(ext)) {
        if (job.id !== undefined && (await queue.remove(job.id)) === 1) removed++;
      }
      return removed;
    },
  };
}
