// The board panel's script (bundled by `npm run bundle` into dist/board-view.js): the navigable
// picture shared with the playground (web/src/multiverse-view.js) over the server's SVG. A
// click on an order or a board asks the extension to move the cursor (the server's
// `data-line` positions); the extension sends the cursor's line back to highlight.
import { MultiverseView } from '../../../../web/src/multiverse-view.js';

const vscode = acquireVsCodeApi();
const source = document.getElementById('mdip-svg');
const root = document.getElementById('mdip-view');
const view = new MultiverseView(root, { onNavigate: (target) => vscode.postMessage({ type: 'navigate', ...target }) });
window.mdipPicture = view;
const svg = source ? source.innerHTML : '';
source?.remove();
view.setSvg(svg, { fit: true });
const line = Number(root.dataset.line);
if (Number.isInteger(line)) view.highlightLine(line);
window.addEventListener('message', (e) => {
  const m = e.data;
  if (m && m.type === 'highlight') view.highlightLine(m.line);
});
