// Loopback benchmark of the HTTP server: requests per second and latency percentiles for
// `/companies/find` and batch reads. Run: npx tsx sandbox/bench.ts [--seconds N] [--concurrency N]
import { Agent, request } from 'node:http';
import { startHttpServer } from './http-server';
import { createLocalService } from './service';

const KEY = 'demo-key-alpha';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

function get(agent: Agent, base: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { agent, headers: { authorization: `Bearer ${KEY}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

function post(base: string, path: string, body: unknown): Promise<any> {
  return fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function scenario(name: string, base: string, seconds: number, concurrency: number, pathFor: (i: number) => string): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      const status = await get(agent, base, pathFor(i++));
      latencies.push(performance.now() - started);
      if (status !== 200) errors++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(2).padStart(7);
  process.stdout.write(
    `${name.padEnd(44)} ${String(Math.round(latencies.length / elapsed)).padStart(6)} req/s   p50 ${f(pct(latencies, 50))} ms   p90 ${f(pct(latencies, 90))} ms   p99 ${f(pct(latencies, 99))} ms   non-200: ${errors}\n`,
  );
}

async function main(): Promise<void> {
  const seconds = arg('seconds', 5);
  const concurrency = arg('concurrency', 16);
  const service = createLocalService({ accounts: [{ key: KEY, name: 'Bench', credits: { email: 1e7, phone: 1e7 } }], processingRate: 100000, queueDelayMs: 0, limits: { requestsPerMinute: 1e9, peopleFindPerMinute: 1e9 } });
  const server = await startHttpServer(service, { port: 0 });
  const emails = await post(server.url, '/email-validations', { emails: Array.from({ length: 1000 }, (_, i) => ({ email: `user${i}@example.com` })) });
  const people = await post(server.url, '/people/enrichment-requests', { leads: Array.from({ length: 1000 }, (_, i) => ({ email: `lead${i}.person@acme${i % 20}.com` })), reveal_email: true });
  await new Promise((r) => setTimeout(r, 200));
  process.stdout.write(`Loopback, ${concurrency} concurrent keep-alive connections, ${seconds} s per scenario, Node ${process.version}\n`);
  await scenario('GET /companies/find (distinct domains)', server.url, seconds, concurrency, (i) => `/companies/find?domain=bench${i}.com`);
  await scenario('GET /companies/find (same domain)', server.url, seconds, concurrency, () => '/companies/find?domain=acme.com');
  await scenario('GET /email-validations/{id} (page of 100)', server.url, seconds, concurrency, () => emails._links.self.href);
  await scenario('GET /people/enrichment-requests/{id} (page of 100)', server.url, seconds, concurrency, () => people._links.self.href);
  await scenario('GET /people/enrichment-requests/{id}?page[size]=10', server.url, seconds, concurrency, () => `${people._links.self.href}?page%5Bsize%5D=10`);
  await server.close();
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});
