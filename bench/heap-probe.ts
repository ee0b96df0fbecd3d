import { getHeapSpaceStatistics } from 'node:v8';

// Preloaded into a split-mode child by the bench (`--expose-gc --import ./bench/heap-probe.ts`):
// answers 'heap' on the IPC channel with the heap in use after full collections, so the bench
// can weigh what the process keeps per socket without a debugger attached to it. Code space is
// left out: it grows while the JIT warms up, not with what the process holds.
type Gc = () => void;

process.on('message', (message) => {
  if (message !== 'heap') return;
  const gc = (globalThis as { gc?: Gc }).gc;
  if (!gc) return void process.send?.({ error: 'node was started without --expose-gc' });
  void (async () => {
    // Several passes with turns of the event loop between: weak references and finalizers
    // let go of what the previous pass left.
    for (let pass = 0; pass < 4; pass++) {
      gc();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const heapUsed = getHeapSpaceStatistics()
      .filter((space) => space.space_name !== 'code_space' && space.space_name !== 'code_large_object_space')
      .reduce((sum, space) => sum + space.space_used_size, 0);
    process.send?.({ heapUsed });
  })();
});
// The channel must not keep the process alive, nor change how it stops.
process.channel?.unref();
