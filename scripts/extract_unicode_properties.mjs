// Writes tests/data/UnicodeProperties-18.0.0.txt: the code points of the Unicode properties
// ECMAScript's \p{...} names (ECMA-262 §22.2.2.9 UnicodeMatchProperty: General_Category,
// Script, Script_Extensions and the binary properties of its table), taken from the npm
// package @unicode/unicode-18.0.0 (generated from the Unicode Character Database 18.0.0).
//
//   npm pack @unicode/unicode-18.0.0 && tar xzf unicode-unicode-18.0.0-*.tgz
//   node scripts/extract_unicode_properties.mjs package > tests/data/UnicodeProperties-18.0.0.txt
//
// Each property value is a line "Property=Value" followed by lines of ranges "XXXX-YYYY"
// (inclusive; one code point is "XXXX"), eight to a line, each line starting with a space.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = path.resolve(process.argv[2] ?? 'package');
const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
// ECMA-262 table-binary-unicode-properties (canonical names).
const BINARY = [
  'ASCII', 'ASCII_Hex_Digit', 'Alphabetic', 'Any', 'Assigned', 'Bidi_Control', 'Bidi_Mirrored',
  'Case_Ignorable', 'Cased', 'Changes_When_Casefolded', 'Changes_When_Casemapped',
  'Changes_When_Lowercased', 'Changes_When_NFKC_Casefolded', 'Changes_When_Titlecased',
  'Changes_When_Uppercased', 'Dash', 'Default_Ignorable_Code_Point', 'Deprecated', 'Diacritic',
  'Emoji', 'Emoji_Component', 'Emoji_Modifier', 'Emoji_Modifier_Base', 'Emoji_Presentation',
  'Extended_Pictographic', 'Extender', 'Grapheme_Base', 'Grapheme_Extend', 'Hex_Digit',
  'IDS_Binary_Operator', 'IDS_Trinary_Operator', 'ID_Continue', 'ID_Start', 'Ideographic',
  'Join_Control', 'Logical_Order_Exception', 'Lowercase', 'Math', 'Noncharacter_Code_Point',
  'Pattern_Syntax', 'Pattern_White_Space', 'Quotation_Mark', 'Radical', 'Regional_Indicator',
  'Sentence_Terminal', 'Soft_Dotted', 'Terminal_Punctuation', 'Unified_Ideograph', 'Uppercase',
  'Variation_Selector', 'White_Space', 'XID_Continue', 'XID_Start',
];
const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');
const out = [
  `# The code points of Unicode ${pkg.name.replace(/.*unicode-/, '')} properties named by ECMAScript's \\p{...}.`,
  `# Extracted from the npm package ${pkg.name} ${pkg.version} by scripts/extract_unicode_properties.mjs.`,
];
const emit = async (property, value, folder) => {
  const ranges = (await import(pathToFileURL(path.join(dir, folder, value, 'ranges.mjs')))).default;
  out.push(`${property}=${value}`);
  const items = ranges.map((r) => (r.end - 1 === r.begin ? hex(r.begin) : `${hex(r.begin)}-${hex(r.end - 1)}`));
  for (let i = 0; i < items.length; i += 8) {
    out.push(' ' + items.slice(i, i + 8).join(' '));
  }
};
const values = (folder) =>
  readdirSync(path.join(dir, folder)).filter((name) => !name.includes('.')).sort();
for (const value of values('General_Category')) await emit('General_Category', value, 'General_Category');
for (const value of values('Script')) await emit('Script', value, 'Script');
for (const value of values('Script_Extensions')) await emit('Script_Extensions', value, 'Script_Extensions');
for (const value of BINARY) await emit('Binary', value, 'Binary_Property');
process.stdout.write(out.join('\n') + '\n');
