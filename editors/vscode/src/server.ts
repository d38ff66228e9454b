// Resolving the mdip executable and the commands run with it. This module does not import
// `vscode`, so that its logic is tested with node's test runner (src/test/).

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** The settings of the `mdip.server` section. */
export interface ServerSettings {
  /**
   * `mdip.server.path`: a bare name looked up on PATH, or a path. Empty or unset (the default)
   * means "not set": the bundled server is used, then `mdip` on PATH.
   */
  path?: string | null;
  /** `mdip.server.args`: extra arguments given to `mdip lsp`. */
  args?: unknown;
}

/** What the resolution needs from the environment; tests pass their own. */
export interface Environment {
  /** The `PATH` (or `Path`) variable. */
  pathVariable: string | undefined;
  /** `process.platform`. */
  platform: NodeJS.Platform;
  /** The home directory, for `~`. */
  home: string;
  /** The first workspace folder, for relative paths and `${workspaceFolder}`. */
  workspaceFolder: string | undefined;
  /** The folder the extension is installed in, which may hold the bundled server. */
  extensionPath?: string;
  /** `PATHEXT` on Windows. */
  pathExt?: string;
  /** Whether a file exists and is executable. */
  isExecutable(file: string): boolean;
}

/** A program and its arguments. */
export interface Command {
  command: string;
  args: string[];
}

/** The program looked up on PATH when neither the setting nor a bundled server gives one. */
export const DEFAULT_SERVER_NAME = 'mdip';

/** The folder of the extension that holds the bundled server (see scripts/package.js). */
export const BUNDLED_SERVER_DIR = 'server';

/** The bundled server's file name on a platform: `mdip`, or `mdip.exe` on Windows. */
export function bundledServerName(platform: NodeJS.Platform): string {
  return platform === 'win32' ? 'mdip.exe' : 'mdip';
}

/** The bundled server's path relative to the extension folder, with `/`: `server/mdip`. */
export function bundledServerRelativePath(platform: NodeJS.Platform): string {
  return `${BUNDLED_SERVER_DIR}/${bundledServerName(platform)}`;
}

/** Where the bundled server would be; undefined when the extension folder is unknown. */
export function bundledServerPath(env: Environment): string | undefined {
  if (!env.extensionPath) {
    return undefined;
  }
  const join = env.platform === 'win32' ? path.win32.join : path.join;
  return join(env.extensionPath, BUNDLED_SERVER_DIR, bundledServerName(env.platform));
}

/** The environment of this process. */
export function processEnvironment(workspaceFolder: string | undefined, extensionPath?: string): Environment {
  return {
    pathVariable: process.env.PATH ?? process.env.Path,
    platform: process.platform,
    home: os.homedir(),
    workspaceFolder,
    extensionPath,
    pathExt: process.env.PATHEXT,
    isExecutable: (file) => {
      try {
        const stat = fs.statSync(file);
        if (!stat.isFile()) {
          return false;
        }
        if (process.platform === 'win32') {
          return true;
        }
        fs.accessSync(file, fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** `~` and `${workspaceFolder}` expanded; a relative path taken from the workspace folder. */
export function expandPath(value: string, env: Environment): string {
  let result = value.trim();
  if (result === '~' || result.startsWith('~/') || result.startsWith('~\\')) {
    result = path.join(env.home, result.slice(1));
  }
  if (result.includes('${workspaceFolder}')) {
    result = result.split('${workspaceFolder}').join(env.workspaceFolder ?? '.');
  }
  return result;
}

/** Whether a configured path names a file directly (has a directory part) or is a bare name. */
export function isBareName(value: string): boolean {
  return !value.includes('/') && !value.includes('\\');
}

/** Looks a bare program name up on PATH; undefined when it is not found. */
export function findOnPath(name: string, env: Environment): string | undefined {
  const separator = env.platform === 'win32' ? ';' : ':';
  const extensions =
    env.platform === 'win32' ? ['', ...(env.pathExt ?? '.EXE;.CMD;.BAT;.COM').split(';').filter(Boolean)] : [''];
  for (const dir of (env.pathVariable ?? '').split(separator)) {
    if (!dir) {
      continue;
    }
    for (const ext of extensions) {
      const candidate = path.join(dir, name + ext);
      if (env.isExecutable(candidate)) {
        return candidate;
      }
    }
  }
  return undefined;
}

/** Where the server executable came from. */
export type ServerSource = 'setting' | 'bundled' | 'path';

/** The outcome of resolving the server executable. */
export type Resolution =
  | { ok: true; executable: string; args: string[]; source: ServerSource }
  | { ok: false; message: string };

/** The extra arguments of `mdip.server.args`, validated. */
export function serverArgs(settings: ServerSettings): string[] {
  const args = settings.args;
  if (args === undefined || args === null) {
    return [];
  }
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) {
    throw new Error('mdip.server.args must be an array of strings');
  }
  return args;
}

/** The `mdip.server.path` setting when the user set it (not empty), else undefined. */
export function configuredPath(settings: ServerSettings): string | undefined {
  const value = typeof settings.path === 'string' ? settings.path.trim() : '';
  return value === '' ? undefined : value;
}

/** Resolves the `mdip.server.path` setting, which the user set, to an executable file. */
function resolveConfigured(configured: string, args: string[], env: Environment): Resolution {
  const expanded = expandPath(configured, env);
  if (isBareName(expanded)) {
    const found = findOnPath(expanded, env);
    if (!found) {
      return {
        ok: false,
        message: `The mdip executable '${expanded}' (from "mdip.server.path") was not found on PATH. Install it, or change or clear "mdip.server.path".`,
      };
    }
    return { ok: true, executable: found, args, source: 'setting' };
  }
  const absolute = path.isAbsolute(expanded)
    ? expanded
    : path.resolve(env.workspaceFolder ?? process.cwd(), expanded);
  if (!env.isExecutable(absolute)) {
    return {
      ok: false,
      message: `The mdip executable '${absolute}' (from "mdip.server.path") does not exist or is not executable.`,
    };
  }
  return { ok: true, executable: absolute, args, source: 'setting' };
}

/**
 * Finds the server executable, in order:
 * 1. the `mdip.server.path` setting, when the user set it (an error if it names nothing usable:
 *    an explicit setting is never silently replaced);
 * 2. the server bundled with the extension (`server/mdip`, `server/mdip.exe` on Windows);
 * 3. `mdip` on PATH.
 */
export function resolveExecutable(settings: ServerSettings, env: Environment): Resolution {
  let args: string[];
  try {
    args = serverArgs(settings);
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
  const configured = configuredPath(settings);
  if (configured !== undefined) {
    return resolveConfigured(configured, args, env);
  }
  const bundled = bundledServerPath(env);
  if (bundled && env.isExecutable(bundled)) {
    return { ok: true, executable: bundled, args, source: 'bundled' };
  }
  const found = findOnPath(DEFAULT_SERVER_NAME, env);
  if (found) {
    return { ok: true, executable: found, args, source: 'path' };
  }
  const where = bundled
    ? `This installation of the extension has no bundled server for this platform (${bundledServerRelativePath(env.platform)})`
    : 'There is no bundled server';
  return {
    ok: false,
    message: `${where} and '${DEFAULT_SERVER_NAME}' was not found on PATH. Install mdip and put it on PATH, or set "mdip.server.path".`,
  };
}

/** A sentence for the output channel saying which server is started and where it comes from. */
export function describeResolution(resolution: Resolution & { ok: true }): string {
  switch (resolution.source) {
    case 'setting':
      return `Using the mdip server from the "mdip.server.path" setting: ${resolution.executable}`;
    case 'bundled':
      return `Using the mdip server bundled with the extension: ${resolution.executable}`;
    case 'path':
      return `Using the mdip server found on PATH: ${resolution.executable}`;
  }
}

/** The command that starts the language server: `mdip lsp <args>`. */
export function languageServerCommand(executable: string, args: string[]): Command {
  return { command: executable, args: ['lsp', ...args] };
}

/** The command that checks one file for the report: `mdip check <file>`. */
export function reportCommand(executable: string, file: string): Command {
  return { command: executable, args: ['check', file] };
}

/** The result of running `mdip check`. */
export interface CheckRun {
  file: string;
  command: Command;
  exitCode: number | null;
  signal?: string | null;
  stdout: string;
  stderr: string;
  /** Set when the program could not be started. */
  spawnError?: string;
}

/** Quotes an argument for display in a shell-like command line. */
export function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The text shown by `mdip: Show Check Report`. */
export function formatReport(run: CheckRun): string {
  const lines = [`$ ${[run.command.command, ...run.command.args].map(quoteArg).join(' ')}`, ''];
  if (run.spawnError) {
    lines.push(`Could not run mdip: ${run.spawnError}`);
    return lines.join('\n') + '\n';
  }
  const out = run.stdout.replace(/\s+$/, '');
  const err = run.stderr.replace(/\s+$/, '');
  if (out) {
    lines.push(out);
  }
  if (err) {
    if (out) {
      lines.push('');
    }
    lines.push(err);
  }
  if (!out && !err) {
    lines.push('(no output)');
  }
  lines.push('');
  if (run.signal) {
    lines.push(`mdip check was stopped by ${run.signal}.`);
  } else if (run.exitCode === 0) {
    lines.push('mdip check: no errors (exit code 0).');
  } else {
    lines.push(`mdip check: exit code ${run.exitCode}.`);
  }
  return lines.join('\n') + '\n';
}
