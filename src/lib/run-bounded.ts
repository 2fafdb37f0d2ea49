/**
 * Runs tasks with at most `limit` in flight, reporting each settled one; stops starting new
 * ones once the signal is aborted.
 */
export async function runBounded<T, R>(
  inputs: readonly T[],
  limit: number,
  task: (input: T, index: number) => Promise<R>,
  onSettled: (result: R, index: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < inputs.length && !signal?.aborted) {
      const index = next;
      next += 1;
      const result = await task(inputs[index] as T, index);
      if (signal?.aborted) return;
      onSettled(result, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, inputs.length)) }, worker));
}
