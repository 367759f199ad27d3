import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What the load (bench/api-load.mjs) is told to run. */
interface LoadSettings {
  agents: { url: string; headers: Record<string, string> }[];
  apis: { url: string; apiKey: string }[];
  ratePerS: number;
  seconds: number;
  output: unknown;
  waitS: number;
}

/** What it answers once its API calls are done. */
interface LoadResult {
  samples: { create: number[]; status: number[] };
  failures: string[];
  agentErrors: string[];
  created: number;
  delivered: number;
  duplicates: number;
  completed: number;
  dispatch: number[];
  /** The slowest API requests: latency, when sent (seconds into the calls), kind, service. */
  slowest: { ms: number; at_s: number; kind: 'create' | 'status'; url: string }[];
}

/** A load whose agents are claiming: `run()` makes its API calls and answers their figures. */
export interface LoadProcess {
  run(): Promise<LoadResult>;
  kill(): void;
}

/**
 * The load of the API latency bench in a process of its own (bench/api-load.mjs), its descriptor
 * limit raised for one socket per agent and its garbage collected on one thread: it stands for
 * browsers on other machines, and its collections (60-170 ms on the heap of 10,000 sockets) would
 * otherwise take the second core from the service. Resolves once its agents have started.
 */
export async function spawnLoad(settings: LoadSettings): Promise<LoadProcess> {
  const script = fileURLToPath(new URL('./api-load.mjs', import.meta.url));
  const limit = Math.max(4096, settings.agents.length * 2 + 1024);
  const child = spawn(
    'sh',
    [
      '-c',
      `ulimit -n ${limit} 2>/dev/null; exec "${process.execPath}" --single-threaded-gc "${script}"`,
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const messages: unknown[] = [];
  const waiters: ((m: unknown) => void)[] = [];
  child.on('message', (m) => {
    const w = waiters.shift();
    if (w) w(m);
    else messages.push(m);
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the load exited with ${code}`))),
  );
  exited.catch(() => {});
  const nextMessage = <T>() =>
    Promise.race([
      new Promise<T>((resolve) => {
        const m = messages.shift();
        if (m !== undefined) resolve(m as T);
        else waiters.push(resolve as (m: unknown) => void);
      }),
      exited,
    ]);
  child.send(settings);
  await nextMessage();
  return {
    run() {
      child.send({ start: true });
      return nextMessage<LoadResult>();
    },
    kill: () => child.kill(),
  };
}
