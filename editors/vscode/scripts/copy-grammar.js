// Copies the TextMate grammar (grammar/textmate, the single source) into the extension, so that
// the packaged .vsix contains it. Run by `npm run compile`.
'use strict';
const fs = require('fs');
const path = require('path');

const source = path.join(__dirname, '..', '..', '..', 'grammar', 'textmate', 'mdip.tmLanguage.json');
const targetDir = path.join(__dirname, '..', 'syntaxes');
fs.mkdirSync(targetDir, { recursive: true });
const grammar = JSON.parse(fs.readFileSync(source, 'utf8'));
if (grammar.scopeName !== 'source.mdip') {
  throw new Error(`${source}: unexpected scopeName ${grammar.scopeName}`);
}
fs.writeFileSync(path.join(targetDir, 'mdip.tmLanguage.json'), JSON.stringify(grammar, null, 2) + '\n');
console.log(`copied ${path.relative(process.cwd(), source)} -> syntaxes/mdip.tmLanguage.json`);
