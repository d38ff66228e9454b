// Copies the files that live once in the repository into the extension, so that the packaged
// .vsix contains them (run by `npm run bundle`, which `npm run compile` and packaging run):
//   - the TextMate grammar grammar/textmate/mdip.tmLanguage.json -> syntaxes/.
// The copy is not checked in (.gitignore). The licences LICENSE-MIT and LICENSE-APACHE are
// links to the repository root's, checked in (vsce packages the files they lead to).
'use strict';
const fs = require('fs');
const path = require('path');

const repo = path.join(__dirname, '..', '..', '..');
const extension = path.join(__dirname, '..');
const shown = (file) => path.relative(process.cwd(), file);

const source = path.join(repo, 'grammar', 'textmate', 'mdip.tmLanguage.json');
const targetDir = path.join(extension, 'syntaxes');
fs.mkdirSync(targetDir, { recursive: true });
const grammar = JSON.parse(fs.readFileSync(source, 'utf8'));
if (grammar.scopeName !== 'source.mdip') {
  throw new Error(`${source}: unexpected scopeName ${grammar.scopeName}`);
}
fs.writeFileSync(path.join(targetDir, 'mdip.tmLanguage.json'), JSON.stringify(grammar, null, 2) + '\n');
console.log(`copied ${shown(source)} -> syntaxes/mdip.tmLanguage.json`);
