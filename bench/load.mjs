import { Agent, request } from 'node:http';

/**
 * Sends `total` GET requests (after `warmup` unmeasured ones) with `concurrency` requests in flight over
 * keep-alive connections, and answers throughput and latency percentiles. `path` may be a function of the
 * request number (e.g. a random document). `sample` (optional) is called right before and right after the
 * measured requests (e.g. CPU times of the processes involved); both answers come back as `samples`.
 */
export async function load({
  port,
  path,
  headers = {},
  concurrency = 16,
  total = 4000,
  warmup = 400,
  sample = async () => undefined,
}) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const pathOf = typeof path === 'function' ? path : () => path;
  const one = (n) =>
    new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = request({ host: '127.0.0.1', port, path: pathOf(n), headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${pathOf(n)} -> ${res.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - started) / 1e6);
        });
      });
      req.on('error', reject);
      req.end();
    });
  const run = async (count) => {
    let next = 0;
    const latencies = [];
    const worker = async () => {
      while (next < count) {
        next += 1;
        latencies.push(await one(next));
      }
    };
    const started = process.hrtime.bigint();
    await Promise.all(Array.from({ length: concurrency }, worker));
    return { latencies, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  };
  await run(warmup);
  const before = await sample();
  const { latencies, seconds } = await run(total);
  const after = await sample();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    requests: total,
    seconds,
    rps: total / seconds,
    p50: at(0.5),
    p99: at(0.99),
    samples: [before, after],
  };
}
