// The VS Code extension: starts `mdip lsp` as a language server for `.mdip` files and adds the
// commands `mdip.restartServer`, `mdip.showReport`, and the board preview: `mdip.showBoard` (a
// side panel with the board of the season under the cursor, following it, drawn by the server's
// `mdip.render` command), `mdip.showMultiverse` (the grid of every season) and a "show board"
// code lens above each season header. The logic that does not need VS Code is in server.ts and
// board.ts.

import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import {
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';
import { boardPage, renderArguments, seasonHeaders } from './board';
import {
  bundledServerPath,
  CheckRun,
  describeResolution,
  Environment,
  formatReport,
  languageServerCommand,
  processEnvironment,
  reportCommand,
  resolveExecutable,
  ServerSettings,
} from './server';

const LANGUAGE_ID = 'mdip';

let client: LanguageClient | undefined;
let outputChannel: vscode.OutputChannel;
let reportChannel: vscode.OutputChannel;
let extensionPath: string | undefined;

function workspaceFolder(): string | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
}

function settings(): ServerSettings {
  const config = vscode.workspace.getConfiguration('mdip.server');
  return { path: config.get<string | null>('path'), args: config.get<unknown>('args') };
}

/** The environment the server is resolved in: this process, the workspace, the extension folder. */
function environment(): Environment {
  return processEnvironment(workspaceFolder(), extensionPath);
}

/**
 * Makes the bundled server executable if unpacking the .vsix lost its mode bits (the package
 * stores them, but not every installer keeps them).
 */
function ensureBundledExecutable(): void {
  const bundled = bundledServerPath(environment());
  if (!bundled || process.platform === 'win32') {
    return;
  }
  try {
    const stat = fs.statSync(bundled);
    if (stat.isFile() && (stat.mode & 0o111) === 0) {
      fs.chmodSync(bundled, stat.mode | 0o755);
      outputChannel.appendLine(`Made the bundled server executable: ${bundled}`);
    }
  } catch {
    // No bundled server (a platform-neutral package, or a development checkout).
  }
}

async function startClient(): Promise<void> {
  const resolution = resolveExecutable(settings(), environment());
  if (!resolution.ok) {
    outputChannel.appendLine(resolution.message);
    const choice = await vscode.window.showErrorMessage(resolution.message, 'Open Settings');
    if (choice === 'Open Settings') {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'mdip.server');
    }
    return;
  }
  const { command, args } = languageServerCommand(resolution.executable, resolution.args);
  outputChannel.appendLine(describeResolution(resolution));
  outputChannel.appendLine(`Starting ${command} ${args.join(' ')}`);
  const serverOptions: ServerOptions = { command, args, transport: TransportKind.stdio };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: LANGUAGE_ID },
      { scheme: 'untitled', language: LANGUAGE_ID },
    ],
    outputChannel,
    // The server reads the `mdip` section (`mdip.inlayHints.*`, `mdip.configuration`,
    // `mdip.lint.*`) at start and on every change, and is told when an `mdip.toml` changes.
    synchronize: {
      configurationSection: 'mdip',
      fileEvents: vscode.workspace.createFileSystemWatcher('**/{mdip.toml,.mdip.toml}'),
    },
    initializationOptions: {
      mdip: {
        inlayHints: vscode.workspace.getConfiguration('mdip').get('inlayHints') ?? {},
        configuration: vscode.workspace.getConfiguration('mdip').get('configuration') ?? '',
        lint: vscode.workspace.getConfiguration('mdip').get('lint') ?? {},
      },
    },
  };
  client = new LanguageClient('mdip', 'mdip language server', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (e) {
    const message = `The mdip language server could not start: ${(e as Error).message}`;
    outputChannel.appendLine(message);
    void vscode.window.showErrorMessage(message);
  }
}

async function stopClient(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) {
    try {
      await running.stop();
    } catch (e) {
      outputChannel.appendLine(`Stopping the server: ${(e as Error).message}`);
    }
  }
}

async function restartServer(): Promise<void> {
  await stopClient();
  await startClient();
}

/** The file that `mdip check` should read: the saved document, or a temporary copy. */
async function fileToCheck(document: vscode.TextDocument): Promise<{ file: string; cleanup?: () => void }> {
  if (document.uri.scheme === 'file') {
    if (document.isDirty) {
      await document.save();
    }
    return { file: document.uri.fsPath };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mdip-report-'));
  const file = path.join(dir, 'untitled.mdip');
  fs.writeFileSync(file, document.getText());
  return { file, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function showReport(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== LANGUAGE_ID) {
    void vscode.window.showWarningMessage('mdip: open an .mdip file to check it.');
    return;
  }
  const resolution = resolveExecutable(settings(), environment());
  if (!resolution.ok) {
    void vscode.window.showErrorMessage(resolution.message);
    return;
  }
  const { file, cleanup } = await fileToCheck(editor.document);
  const command = reportCommand(resolution.executable, file);
  const run = await new Promise<CheckRun>((resolve) => {
    execFile(
      command.command,
      command.args,
      { cwd: path.dirname(file), maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        const errno = error as (NodeJS.ErrnoException & { code?: unknown; signal?: string | null }) | null;
        const spawnError = errno && typeof errno.code === 'string' ? errno.message : undefined;
        resolve({
          file,
          command,
          exitCode: errno ? (typeof errno.code === 'number' ? errno.code : null) : 0,
          signal: errno?.signal ?? null,
          stdout,
          stderr,
          spawnError,
        });
      },
    );
  });
  cleanup?.();
  reportChannel.clear();
  reportChannel.append(formatReport(run));
  reportChannel.show(true);
}

// The board preview: one panel, showing the season under the cursor or the whole multiverse.
let boardPanel: vscode.WebviewPanel | undefined;
let boardMode: 'cursor' | 'multiverse' = 'cursor';
let boardTimer: NodeJS.Timeout | undefined;
let boardTicket = 0;
let boardDocument: vscode.TextDocument | undefined;
let boardShown: string | undefined; // document, version and subject of the picture shown
let extensionUri: vscode.Uri | undefined;

/** The SVG the server draws for a document (the server's `mdip.render` command). */
async function renderSvg(
  document: vscode.TextDocument,
  what: { line: number; character: number } | 'multiverse',
): Promise<string> {
  if (!client) {
    throw new Error('the mdip language server is not running');
  }
  const result: unknown = await client.sendRequest(ExecuteCommandRequest.type, {
    command: 'mdip.render',
    arguments: renderArguments(document.uri.toString(), what),
  });
  if (typeof result !== 'string') {
    throw new Error('the server returned no picture');
  }
  return result;
}

/** Draws the panel again for the active .mdip editor (or the document last shown). */
async function updateBoard(): Promise<void> {
  const panel = boardPanel;
  if (!panel) {
    return;
  }
  const editor = vscode.window.activeTextEditor;
  const document = editor?.document.languageId === LANGUAGE_ID ? editor.document : boardDocument;
  if (!document || document.isClosed) {
    return;
  }
  boardDocument = document;
  const cursor = editor?.document === document ? editor.selection.active : new vscode.Position(0, 0);
  const what = boardMode === 'multiverse' ? 'multiverse' : { line: cursor.line, character: cursor.character };
  // The same picture: only the order under the cursor changes (the zoom and pan are kept).
  const key = `${document.uri.toString()}@${document.version}@${boardMode === 'multiverse' ? 'multiverse' : 'cursor'}`;
  if (boardMode === 'multiverse' && key === boardShown) {
    void panel.webview.postMessage({ type: 'highlight', line: cursor.line });
    return;
  }
  const ticket = ++boardTicket;
  let svg: string | undefined;
  let message: string | undefined;
  try {
    svg = await renderSvg(document, what);
  } catch (e) {
    message = `No picture: ${(e as Error).message}`;
  }
  // A later update (the cursor moved on) wins.
  if (ticket !== boardTicket || boardPanel !== panel) {
    return;
  }
  const name = path.basename(document.uri.path);
  const caption = boardMode === 'multiverse' ? `${name}: the multiverse` : `${name}: the season under the cursor (line ${cursor.line + 1})`;
  panel.title = boardMode === 'multiverse' ? `Multiverse: ${name}` : `Board: ${name}`;
  const script = extensionUri && {
    src: panel.webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'board-view.js')).toString(),
    nonce: Math.random().toString(36).slice(2) + Date.now().toString(36),
    cspSource: panel.webview.cspSource,
    line: cursor.line,
  };
  boardShown = key;
  panel.webview.html = boardPage(caption, svg, message, script);
}

/** Updates the panel shortly after the cursor or the text stops moving. */
function scheduleBoard(): void {
  if (!boardPanel) {
    return;
  }
  if (boardTimer) {
    clearTimeout(boardTimer);
  }
  boardTimer = setTimeout(() => void updateBoard(), 250);
}

/**
 * Opens (or reveals) the board panel. From a code lens: `uri` and `line` of a season header,
 * where the cursor is moved first.
 */
async function showBoard(mode: 'cursor' | 'multiverse', uri?: vscode.Uri, line?: number): Promise<void> {
  if (uri && typeof line === 'number') {
    const editor = await vscode.window.showTextDocument(uri, { preserveFocus: false });
    const at = new vscode.Position(line, 0);
    editor.selection = new vscode.Selection(at, at);
  }
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== LANGUAGE_ID) {
    void vscode.window.showWarningMessage('mdip: open an .mdip file to see its board.');
    return;
  }
  boardMode = mode;
  boardDocument = editor.document;
  if (boardPanel) {
    boardPanel.reveal(vscode.ViewColumn.Beside, true);
  } else {
    boardPanel = vscode.window.createWebviewPanel(
      'mdip.board',
      'Board',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      {
        enableScripts: true,
        retainContextWhenHidden: false,
        localResourceRoots: extensionUri ? [vscode.Uri.joinPath(extensionUri, 'dist')] : [],
      },
    );
    boardPanel.webview.onDidReceiveMessage((m) => void navigateFromPicture(m));
    boardPanel.onDidDispose(() => {
      boardPanel = undefined;
      boardDocument = undefined;
      boardShown = undefined;
    });
  }
  await updateBoard();
}

/**
 * A click in the picture: the order's line (the server's `data-line`, 0-based), or the header
 * of a board's season; the cursor moves there in the document shown.
 */
async function navigateFromPicture(m: { type?: string; line?: number; season?: string }): Promise<void> {
  const document = boardDocument;
  if (m?.type !== 'navigate' || !document || document.isClosed) {
    return;
  }
  let line = typeof m.line === 'number' && m.line >= 0 && m.line < document.lineCount ? m.line : undefined;
  if (line === undefined && typeof m.season === 'string') {
    line = seasonHeaders(document.getText()).find((h) => h.season === m.season)?.line;
  }
  if (line === undefined) {
    return;
  }
  const text = document.lineAt(line);
  const at = new vscode.Position(line, text.firstNonWhitespaceCharacterIndex);
  const editor = await vscode.window.showTextDocument(document, { viewColumn: vscode.window.visibleTextEditors.find((e) => e.document === document)?.viewColumn ?? vscode.ViewColumn.One, preserveFocus: false });
  editor.selection = new vscode.Selection(at, at);
  editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

/** "show board" above each season header. */
class BoardLenses implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!vscode.workspace.getConfiguration('mdip').get<boolean>('codeLens.showBoard', true)) {
      return [];
    }
    return seasonHeaders(document.getText()).map(
      (h) =>
        new vscode.CodeLens(new vscode.Range(h.line, 0, h.line, 0), {
          title: `show board (${h.season})`,
          command: 'mdip.showBoard',
          arguments: [document.uri, h.line],
        }),
    );
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  extensionUri = context.extensionUri;
  extensionPath = context.extensionPath;
  outputChannel = vscode.window.createOutputChannel('mdip');
  reportChannel = vscode.window.createOutputChannel('mdip report');
  ensureBundledExecutable();
  context.subscriptions.push(
    outputChannel,
    reportChannel,
    vscode.commands.registerCommand('mdip.restartServer', () => restartServer()),
    vscode.commands.registerCommand('mdip.showReport', () => showReport()),
    vscode.commands.registerCommand('mdip.showBoard', (uri?: vscode.Uri, line?: number) =>
      showBoard('cursor', uri instanceof vscode.Uri ? uri : undefined, line),
    ),
    vscode.commands.registerCommand('mdip.showMultiverse', () => showBoard('multiverse')),
    vscode.languages.registerCodeLensProvider({ language: LANGUAGE_ID }, new BoardLenses()),
    vscode.window.onDidChangeTextEditorSelection((event) => {
      if (event.textEditor.document.languageId === LANGUAGE_ID && boardMode === 'cursor') {
        scheduleBoard();
      }
    }),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document === boardDocument) {
        scheduleBoard();
      }
    }),
    vscode.window.onDidChangeActiveTextEditor((editor) => {
      if (editor?.document.languageId === LANGUAGE_ID) {
        scheduleBoard();
      }
    }),
    { dispose: () => boardPanel?.dispose() },
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('mdip.server')) {
        void restartServer();
      }
    }),
    { dispose: () => void stopClient() },
  );
  await startClient();
}

export async function deactivate(): Promise<void> {
  await stopClient();
}
