// Fills in tests/data/ecmascript_regexp_answers.json with the answers of this Node's own RegExp.
//
//   node scripts/record_ecmascript_answers.js [TABLE]
//
// Each case of the table's "cases" gives "regexp" (the source, as URLPattern generates it),
// "flags" ("v" or "vi") and "input"; this script sets "result": RegExp.prototype.exec's
// array (the match, then each group; a group that did not take part is null), null when
// there is no match, or "error" with the message when the RegExp constructor throws. A case
// may carry "note" (what it shows); the script keeps it. The header records the engine.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const file = process.argv[2] ?? path.join(__dirname, '..', 'tests', 'data', 'ecmascript_regexp_answers.json');
const table = JSON.parse(fs.readFileSync(file, 'utf8'));
table.engine = `Node ${process.versions.node} (V8 ${process.versions.v8}, ICU ${process.versions.icu}, Unicode ${process.versions.unicode}), RegExp`;
table.header = 'Answers of an ECMAScript engine\'s own RegExp, recorded by scripts/record_ecmascript_answers.js; the engine is named in "engine".';
for (const entry of table.cases) {
  delete entry.result;
  delete entry.error;
  let regexp;
  try {
    regexp = new RegExp(entry.regexp, entry.flags);
  } catch (error) {
    entry.error = String(error.message);
    continue;
  }
  const match = regexp.exec(entry.input);
  entry.result = match === null ? null : Array.from(match, (value) => (value === undefined ? null : value));
}
const ordered = { header: table.header, engine: table.engine, cases: table.cases };
fs.writeFileSync(file, JSON.stringify(ordered, null, 1) + '\n');
