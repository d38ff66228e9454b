// Resolving the mdip executable and the commands run with it. This module does not import
// `vscode`, so that its logic is tested with node's test runner (src/test/).

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** The settings of the `mdip.server` section. */
export interface ServerSettings {
  /** `mdip.server.path`: a bare name looked up on PATH, or a path. */
  path?: string;
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

export const DEFAULT_SERVER_PATH = 'mdip';

/** The environment of this process. */
export function processEnvironment(workspaceFolder: string | undefined): Environment {
  return {
    pathVariable: process.env.PATH ?? process.env.Path,
    platform: process.platform,
    home: os.homedir(),
    workspaceFolder,
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

/** The outcome of resolving the server executable. */
export type Resolution =
  | { ok: true; executable: string; args: string[] }
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

/** Resolves `mdip.server.path` to an executable file. */
export function resolveExecutable(settings: ServerSettings, env: Environment): Resolution {
  let args: string[];
  try {
    args = serverArgs(settings);
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
  const configured = (settings.path ?? '').trim() || DEFAULT_SERVER_PATH;
  const expanded = expandPath(configured, env);
  if (isBareName(expanded)) {
    const found = findOnPath(expanded, env);
    if (!found) {
      return {
        ok: false,
        message: `The mdip executable '${expanded}' was not found on PATH. Install mdip or set "mdip.server.path".`,
      };
    }
    return { ok: true, executable: found, args };
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
  return { ok: true, executable: absolute, args };
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
