// Where the `templating` executable is: the setting, the workspace's virtual environment, the
// Python extension's interpreter, then PATH. Plain Node (no `vscode` import), so it is tested
// with node's own test runner.
import * as fs from "node:fs";
import * as path from "node:path";

/** What is known of the machine and the workspace when looking for the server. */
export interface Places {
  /** The `templating.path` setting, as written (empty when unset). */
  setting: string;
  /** The workspace folders, as file-system paths. */
  folders: string[];
  /** The Python interpreter the Python extension selected, if that extension is there. */
  interpreter?: string;
  /** The PATH environment variable. */
  pathVariable: string;
  platform: NodeJS.Platform;
  home: string;
}

/** A `templating` executable and where it was found (said in the status bar's tooltip). */
export interface Found {
  command: string;
  source: string;
}

/** Whether a file exists and can be run. */
export type IsExecutable = (file: string) => boolean;

/** The folders searched for virtual environments, in order, inside each workspace folder. */
export const ENVIRONMENTS = [".venv", "venv"];

/** How to install the server, said when none is found (it is not on PyPI before its first release). */
export const INSTALL =
  'pip install "./agent-templating[server]" from a clone of the repository ' +
  '(after its first release: pip install "agent-templating[server]")';

/** Where the install is told step by step. */
export const INSTALL_PAGE = "https://github.com/agent-templating/agent-templating/blob/main/docs/editors.md";

export function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The names the executable has on ``platform``. */
export function executableNames(platform: NodeJS.Platform): string[] {
  return platform === "win32" ? ["templating.exe", "templating.cmd", "templating"] : ["templating"];
}

/** The folder of a virtual environment that holds its executables. */
export function scriptsFolder(platform: NodeJS.Platform): string {
  return platform === "win32" ? "Scripts" : "bin";
}

/** `templating.path` with `${workspaceFolder}` (the first folder), `${userHome}` and `~` expanded. */
export function expand(setting: string, folders: string[], home: string): string {
  let expanded = setting.trim();
  if (folders.length > 0) {
    expanded = expanded.split("${workspaceFolder}").join(folders[0]);
  }
  expanded = expanded.split("${userHome}").join(home);
  if (expanded === "~" || expanded.startsWith("~/")) {
    expanded = home + expanded.slice(1);
  }
  return expanded;
}

/** The executable to run, or `undefined` when none is found anywhere. A `templating.path`
 * setting is used as given (starting it says what is wrong with it). */
export function findServer(places: Places, executable: IsExecutable = isExecutable): Found | undefined {
  if (places.setting.trim() !== "") {
    return { command: expand(places.setting, places.folders, places.home), source: "the templating.path setting" };
  }
  const names = executableNames(places.platform);
  const scripts = scriptsFolder(places.platform);
  const paths = places.platform === "win32" ? path.win32 : path.posix;
  for (const folder of places.folders) {
    for (const environment of ENVIRONMENTS) {
      const found = first(names.map((name) => paths.join(folder, environment, scripts, name)), executable);
      if (found !== undefined) {
        return { command: found, source: `${environment} of ${paths.basename(folder)}` };
      }
    }
  }
  if (places.interpreter !== undefined && places.interpreter !== "") {
    const folder = paths.dirname(places.interpreter);
    const found = first(names.map((name) => paths.join(folder, name)), executable);
    if (found !== undefined) {
      return { command: found, source: "the Python extension's interpreter" };
    }
  }
  const separator = places.platform === "win32" ? ";" : ":";
  for (const folder of places.pathVariable.split(separator)) {
    if (folder === "") {
      continue;
    }
    const found = first(names.map((name) => paths.join(folder, name)), executable);
    if (found !== undefined) {
      return { command: found, source: "PATH" };
    }
  }
  return undefined;
}

/** What to tell the user when no server is found: where it was looked for, and how to install it. */
export function notFoundMessage(places: Places): string {
  const where = [
    "the templating.path setting",
    ENVIRONMENTS.map((name) => `${name}/${scriptsFolder(places.platform)}`).join(" and ") + " of the workspace",
    "the Python extension's interpreter",
    "PATH",
  ];
  return (
    `templating: no \`templating\` executable found (looked in ${where.join(", ")}). ` +
    `Install it into the project's environment: ${INSTALL}, or set templating.path.`
  );
}

function first(candidates: string[], executable: IsExecutable): string | undefined {
  return candidates.find((candidate) => executable(candidate));
}
