// Test support, loaded into an instance with NODE_OPTIONS=--import: on SIGUSR2 the process holds
// its event loop in slices of STALL_SLICE_MS (busy, as a runaway computation would) for STALL_MS,
// with a moment free between slices, so it can still answer, but late. Never part of the services.
const sliceMs = Number(process.env.STALL_SLICE_MS ?? 400);
const totalMs = Number(process.env.STALL_MS ?? 5000);

process.on('SIGUSR2', () => {
  const until = Date.now() + totalMs;
  const slice = () => {
    const end = Date.now() + sliceMs;
    while (Date.now() < end);
    if (Date.now() < until) setTimeout(slice, 5);
  };
  slice();
});
