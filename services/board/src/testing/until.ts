/** Resolves once `condition` holds (checked every few milliseconds); fails after 20 s, naming what it waited for. */
export async function until(condition: () => boolean | Promise<boolean>, what = 'the condition'): Promise<void> {
  for (const deadline = Date.now() + 20_000; !(await condition());) {
    if (Date.now() > deadline) throw new Error(`${what} did not come true`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
