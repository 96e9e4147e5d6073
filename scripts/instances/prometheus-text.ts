// Reads the figures the bench needs out of a Prometheus text exposition (what `GET /metrics`
// answers): the sum of a metric's samples whose labels match.

interface Sample {
  readonly name: string;
  readonly labels: ReadonlyMap<string, string>;
  readonly value: number;
}

function samplesOf(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (match === null) continue;
    const [, name = '', labelText = '', value = ''] = match;
    const labels = new Map<string, string>();
    for (const [, key = '', raw = ''] of labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels.set(
        key,
        raw.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c)),
      );
    }
    samples.push({ name, labels, value: Number(value) });
  }
  return samples;
}

/** The sum of `name`'s samples having every label of `where` (a value of `!x` means any but x). */
export function sumOf(text: string, name: string, where: Readonly<Record<string, string>> = {}): number {
  return samplesOf(text)
    .filter(
      (sample) =>
        sample.name === name &&
        Object.entries(where).every(([key, wanted]) => {
          const value = sample.labels.get(key);
          return wanted.startsWith('!') ? value !== wanted.slice(1) : value === wanted;
        }),
    )
    .reduce((total, sample) => total + sample.value, 0);
}
