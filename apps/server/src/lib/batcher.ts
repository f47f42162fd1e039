/**
 * Group commit. Each caller hands in one item and waits for its own outcome; items that arrive while
 * batches are being written wait, and go together in the next batch (up to `maxBatch`), with at most
 * `concurrency` batches being written at once. There is no timer: an item that finds a writer free is
 * written at once, alone, so batches only grow when items arrive faster than they can be written.
 *
 * `write` settles every item of its batch, each with its own result or error (an item refused for a
 * reason of its own must not stop the others). When `write` itself throws, the batch is written again
 * one item at a time, so whatever broke it is the failure of the item that causes it, not of the rest.
 */
export function createBatcher<Item, Result>(options: {
  write: (items: Item[]) => Promise<PromiseSettledResult<Result>[]>;
  maxBatch: number;
  concurrency: number;
}) {
  type Waiting = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void };
  const queue: Waiting[] = [];
  let writing = 0;

  async function write(batch: Waiting[]) {
    let outcomes: PromiseSettledResult<Result>[];
    try {
      outcomes = await options.write(batch.map((waiting) => waiting.item));
      if (outcomes.length !== batch.length) throw new Error(`a batch of ${batch.length} was settled with ${outcomes.length} outcomes`);
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      else for (const waiting of batch) await write([waiting]);
      return;
    }
    outcomes.forEach((outcome, index) => {
      const waiting = batch[index];
      if (outcome.status === 'fulfilled') waiting?.resolve(outcome.value);
      else waiting?.reject(outcome.reason);
    });
  }

  function pump() {
    while (writing < options.concurrency && queue.length > 0) {
      writing += 1;
      void write(queue.splice(0, options.maxBatch)).finally(() => {
        writing -= 1;
        pump();
      });
    }
  }

  return {
    submit(item: Item): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      });
    },
  };
}

export type Batcher<Item, Result> = ReturnType<typeof createBatcher<Item, Result>>;
