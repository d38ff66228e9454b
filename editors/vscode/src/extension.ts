// The VS Code extension: starts `mdip lsp` as a language server for `.mdip` files and adds the
// commands `mdip.restartServer` and `mdip.showReport`. The logic that does not need VS Code is in
// server.ts.

import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';
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
    // The server reads the `mdip` section (`mdip.inlayHints.*`) at start and on every change.
    synchronize: { configurationSection: 'mdip' },
    initializationOptions: {
      mdip: { inlayHints: vscode.workspace.getConfiguration('mdip').get('inlayHints') ?? {} },
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

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  extensionPath = context.extensionPath;
  outputChannel = vscode.window.createOutputChannel('mdip');
  reportChannel = vscode.window.createOutputChannel('mdip report');
  ensureBundledExecutable();
  context.subscriptions.push(
    outputChannel,
    reportChannel,
    vscode.commands.registerCommand('mdip.restartServer', () => restartServer()),
    vscode.commands.registerCommand('mdip.showReport', () => showReport()),
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
