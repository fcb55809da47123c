/** Summaries of a V8 CPU profile (`node --cpu-prof`): where the time went, by function and by package. */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileShare {
  name: string;
  percent: number;
}

/** The file's package (node_modules/<name>), or its path in the project, or the V8 bucket (idle, GC ...). */
function placeOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'native'})`;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1];
  // A browser's script (a page profile of the click benches): its chunk, named by the build.
  if (/^https?:/.test(url)) return new URL(url).pathname;
  const inProject = /\/(src|scripts|tests)\/(.*)$/.exec(url);
  return inProject ? `${inProject[1]}/${inProject[2]}` : url.replace(/^node:/, 'node:');
}

function shares(profile: CpuProfile, keyOf: (node: ProfileNode) => string, top: number, skipIdle: boolean): ProfileShare[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id)!;
    if (skipIdle && node.callFrame.functionName === '(idle)') return;
    const micros = profile.timeDeltas[index] ?? 0;
    all += micros;
    const key = keyOf(node);
    totals.set(key, (totals.get(key) ?? 0) + micros);
  });
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, micros]) => ({ name, percent: (100 * micros) / all }));
}

/** Self time of the busiest places (packages, project files), as a share of the non-idle time. */
export const byPlace = (profile: CpuProfile, top = 12) =>
  shares(profile, (node) => placeOf(node.callFrame.url, node.callFrame.functionName), top, true);

/** Self time of the busiest functions, as a share of the non-idle time. */
export const byFunction = (profile: CpuProfile, top = 15) =>
  shares(
    profile,
    (node) =>
      `${node.callFrame.functionName || '(anonymous)'} ${placeOf(node.callFrame.url, node.callFrame.functionName)}:${node.callFrame.lineNumber + 1}`,
    top,
    true,
  );

/** The share of the profile's wall time the process spent idle (waiting on I/O or for work). */
export function idlePercent(profile: CpuProfile): number {
  const idleIds = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));
  const total = profile.timeDeltas.reduce((sum, micros) => sum + micros, 0);
  const idle = profile.samples.reduce((sum, id, index) => sum + (idleIds.has(id) ? (profile.timeDeltas[index] ?? 0) : 0), 0);
  return (100 * idle) / total;
}

export function formatShares(title: string, list: ProfileShare[]): string {
  return [title, ...list.map((share) => `  ${share.percent.toFixed(1).padStart(5)}%  ${share.name}`)].join('\n');
}
