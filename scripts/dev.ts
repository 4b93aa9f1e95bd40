/**
 * `npm run dev`: the server under `tsx watch` (restarts on server changes, port 3000) and the Vite dev server (hot reload,
 * port 5173, proxying /api to 3000) side by side, their output prefixed. Ctrl-C stops both; if either exits, so does the other.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '@/server/config';

const bin = (name: string) => path.join(PROJECT_ROOT, 'node_modules', '.bin', name);

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, {
    cwd: PROJECT_ROOT,
    env: { ...process.env, FORCE_COLOR: '1', ...env },
    stdio: ['inherit', 'pipe', 'pipe'],
  });
  const prefix = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim() !== '') stream.write(`[${label}] ${line}\n`);
  };
  child.stdout?.on('data', prefix(process.stdout));
  child.stderr?.on('data', prefix(process.stderr));
  return child;
}

const children = [
  run('server', bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    NODE_ENV: process.env.NODE_ENV ?? 'development',
  }),
  run('client', bin('vite'), []),
];

let stopping = false;
function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
