// Writes tests/data/CaseFolding-simple.txt: the C and S lines of Unicode's CaseFolding.txt
// (simple case folding, what ECMAScript's Canonicalize uses with the u and v flags), taken from
// the npm package @unicode/unicode-18.0.0 (Case_Folding/C and Case_Folding/S), whose data is
// CaseFolding-18.0.0.txt.
//
//   npm pack @unicode/unicode-18.0.0 && tar xzf unicode-unicode-18.0.0-*.tgz
//   node scripts/extract_case_folding.mjs package > tests/data/CaseFolding-simple.txt
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = path.resolve(process.argv[2] ?? 'package');
const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
const load = async (status) =>
  (await import(pathToFileURL(path.join(dir, 'Case_Folding', status, 'code-points.mjs')))).default;
const lines = [];
for (const status of ['C', 'S']) {
  for (const [from, to] of await load(status)) {
    lines.push([from, status, to]);
  }
}
lines.sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');
const out = [
  '# The simple case folding of Unicode 18.0.0: the lines of CaseFolding-18.0.0.txt whose status',
  '# is C or S, in its format (<code>; <status>; <mapping>;).',
  `# Extracted from the npm package ${pkg.name} ${pkg.version} by scripts/extract_case_folding.mjs.`,
  '',
  ...lines.map(([from, status, to]) => `${hex(from)}; ${status}; ${hex(to)};`),
];
process.stdout.write(out.join('\n') + '\n');
