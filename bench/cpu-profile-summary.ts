/**
 * Where a V8 CPU profile (node --cpu-prof) spent its time: self time by package (or app folder)
 * and the top functions. Usage: node --import tsx bench/cpu-profile-summary.ts <file.cpuprofile>
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const profile = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
};
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, index) => {
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);

function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const modules = url.split('node_modules/');
  if (modules.length > 1) {
    const parts = modules.at(-1)!.split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.startsWith('node:')) return url;
  const app = /\/(api|worker)\/src\/(.*)$/.exec(url);
  return app ? `${app[1]}/src/${app[2].split('/').slice(0, 2).join('/')}` : url;
}

const byArea = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id) ?? 0;
  if (micros === 0) continue;
  const where = area(node.callFrame.url, node.callFrame.functionName);
  byArea.set(where, (byArea.get(where) ?? 0) + micros);
  const fn = `${node.callFrame.functionName || '(anonymous)'} ${where}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
}
const top = (map: Map<string, number>, count: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([name, micros]) =>
        `| ${name} | ${(micros / 1000).toFixed(0)} | ${((micros / total) * 100).toFixed(1)}% |`,
    )
    .join('\n');
process.stdout.write(
  `Total sampled: ${(total / 1e6).toFixed(1)} s\n\n| self time by area | ms | share |\n| --- | --- | --- |\n${top(byArea, 25)}\n\n` +
    `| top functions (self) | ms | share |\n| --- | --- | --- |\n${top(byFunction, 25)}\n`,
);
