/**
 * An answer checked against what the database holds while other test files write the same tables
 * (they share one database per run): `expected` is read before and after the request, and the answer
 * is trusted once both reads agree.
 */
export async function whileQuiet<T, E>(expected: () => Promise<E>, request: () => Promise<T>) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const before = await expected();
    const answer = await request();
    if (JSON.stringify(await expected()) === JSON.stringify(before)) return { answer, expected: before };
  }
  throw new Error('the rows never stayed still for one request');
}
