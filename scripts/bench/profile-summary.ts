/**
 * Summarises V8 CPU profiles (`node --cpu-prof` files, `*.cpuprofile`) in a folder: the share of sampled time spent in
 * each package (self time, by the file each function lives in) and the functions with the most self time.
 * Usage: `tsx scripts/bench/profile-summary.ts <dir> [top=25]`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a script lives: its package under node_modules, 'node:' internals, our own source, or V8's own entries. */
function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] as string);
  }
  return url.includes('/dist/server/') ? 'barback (dist/server)' : 'barback';
}

/** Self time per node id in µs, from the samples and their time deltas. */
function selfTimes(profile: Profile): Map<number, number> {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  return self;
}

function main(): void {
  const [dir, topArg] = process.argv.slice(2);
  if (!dir) throw new Error('usage: profile-summary.ts <dir> [top]');
  const top = Number(topArg ?? 25);
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    for (const [id, micros] of selfTimes(profile)) {
      const frame = (nodes.get(id) as ProfileNode).callFrame;
      if (frame.functionName === '(idle)') continue;
      total += micros;
      const owner = ownerOf(frame.url, frame.functionName);
      byOwner.set(owner, (byOwner.get(owner) ?? 0) + micros);
      const where = frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : '';
      const key = `${frame.functionName || '(anonymous)'} ${where} [${owner}]`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    }
  }
  const share = (micros: number) => `${((100 * micros) / total).toFixed(1)} %`;
  console.log(`busy time sampled: ${(total / 1e6).toFixed(1)} s (idle left out)\n\nself time by package:`);
  for (const [owner, micros] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${share(micros).padStart(7)}  ${owner}`);
  }
  console.log('\nself time by function:');
  for (const [key, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${share(micros).padStart(7)}  ${key}`);
  }
}

main();
