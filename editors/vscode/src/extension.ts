// The templating extension: starts `templating server` for the files the linter reads, with a
// status-bar item, restart / output / preview / fix-all commands and the editor's settings.
import * as os from "node:os";
import * as vscode from "vscode";
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  type LanguageClientOptions,
  type ServerOptions,
  State,
} from "vscode-languageclient/node";
import { type Found, INSTALL_PAGE, findServer, notFoundMessage, type Places } from "./discovery";
import { Preview } from "./preview";
import { SELECTOR } from "./selector";
import { Status } from "./status";

const SECTION = "templating";
/** The settings passed to the server, by the name it reads them under. */
const SERVER_SETTINGS = ["dialect", "targetPorts", "select", "extendSelect", "ignore"];

let client: LanguageClient | undefined;
let found: Found | undefined;
let warnedNotFound = false;
let output: vscode.LogOutputChannel;
let status: Status;
let preview: Preview;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("templating", { log: true });
  status = new Status(SELECTOR);
  preview = new Preview(() => client);
  context.subscriptions.push(
    output,
    status,
    preview,
    vscode.commands.registerCommand("templating.restart", restart),
    vscode.commands.registerCommand("templating.showOutput", () => output.show(true)),
    vscode.commands.registerCommand("templating.preview", () => preview.show()),
    vscode.commands.registerCommand("templating.fixAll", fixAll),
    vscode.workspace.onDidChangeConfiguration(configurationChanged),
    vscode.workspace.onDidChangeWorkspaceFolders(() => (client === undefined ? restart() : undefined)),
  );
  await start();
  void watchInterpreter(context);
}

export async function deactivate(): Promise<void> {
  await stop();
}

async function start(): Promise<void> {
  let places = placesToLook();
  found = findServer(places);
  if (found === undefined || found.source === "PATH") {
    // Only now is the Python extension asked (activating it takes a while): it comes after
    // the setting and the workspace's environments, before PATH.
    places = { ...places, interpreter: await pythonInterpreter() };
    found = findServer(places);
  }
  if (found === undefined) {
    const message = notFoundMessage(places);
    output.warn(message);
    status.notFound(message);
    if (!warnedNotFound) {
      warnedNotFound = true; // once a window: not on every file opened
      void vscode.window.showWarningMessage(message, "How to install", "Show Output").then((choice) => {
        if (choice === "How to install") {
          void vscode.env.openExternal(vscode.Uri.parse(INSTALL_PAGE));
        } else if (choice === "Show Output") {
          output.show(true);
        }
      });
    }
    return;
  }
  output.info(`starting ${found.command} server (found in ${found.source})`);
  status.starting(found);
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const serverOptions: ServerOptions = {
    command: found.command,
    args: ["server"],
    options: folder === undefined ? {} : { cwd: folder },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: SELECTOR,
    outputChannel: output,
    diagnosticCollectionName: "templating",
    initializationOptions: { settings: serverSettings() },
  };
  const started = new LanguageClient("templating", "templating", serverOptions, clientOptions);
  client = started;
  started.onDidChangeState((event) => {
    if (event.newState === State.Stopped && client === started) {
      status.failed("the server stopped (see the output)", found);
    }
  });
  try {
    await started.start();
    const version = started.initializeResult?.serverInfo?.version ?? "unknown version";
    output.info(`templating server ${version} is running`);
    status.running(version, found);
  } catch (error) {
    const message = `templating server did not start: ${describe(error)}`;
    output.error(message);
    status.failed(message, found);
    void vscode.window.showErrorMessage(
      `${message}. If it says the \`server\` extra is missing, install it: pip install "agent-templating[server]".`,
      "Show Output",
    ).then((choice) => (choice === "Show Output" ? output.show(true) : undefined));
  }
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running !== undefined) {
    try {
      await running.dispose(2000);
    } catch (error) {
      output.warn(`stopping the server: ${describe(error)}`);
    }
  }
}

async function restart(): Promise<void> {
  output.info("restarting the server");
  await stop();
  await start();
}

async function fixAll(): Promise<void> {
  await vscode.commands.executeCommand("editor.action.codeAction", {
    kind: "source.fixAll.templating",
    apply: "first",
  });
}

/** The settings of the `templating` section the server reads; an unset one is left out. */
function serverSettings(): Record<string, unknown> {
  const configuration = vscode.workspace.getConfiguration(SECTION);
  const settings: Record<string, unknown> = {};
  for (const name of SERVER_SETTINGS) {
    const value = configuration.get(name);
    if (value !== null && value !== undefined) {
      settings[name] = value;
    }
  }
  return settings;
}

function configurationChanged(event: vscode.ConfigurationChangeEvent): void {
  if (event.affectsConfiguration(`${SECTION}.path`)) {
    void restart();
    return;
  }
  if (client !== undefined && SERVER_SETTINGS.some((name) => event.affectsConfiguration(`${SECTION}.${name}`))) {
    void client.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { templating: serverSettings() },
    });
  }
}

/** Where to look, all but the Python extension's interpreter (asked only when needed). */
function placesToLook(): Places {
  const folders = (vscode.workspace.workspaceFolders ?? [])
    .filter((folder) => folder.uri.scheme === "file")
    .map((folder) => folder.uri.fsPath);
  return {
    setting: vscode.workspace.getConfiguration(SECTION).get<string>("path") ?? "",
    folders,
    pathVariable: process.env.PATH ?? "",
    platform: process.platform,
    home: os.homedir(),
  };
}

/** The Python extension's API, as much of it as is used here (it is optional). */
interface PythonApi {
  environments?: {
    getActiveEnvironmentPath(resource?: vscode.Uri): { path: string };
    onDidChangeActiveEnvironmentPath: vscode.Event<unknown>;
  };
}

async function pythonApi(): Promise<PythonApi | undefined> {
  const extension = vscode.extensions.getExtension<PythonApi>("ms-python.python");
  if (extension === undefined) {
    return undefined;
  }
  try {
    return extension.isActive ? extension.exports : await extension.activate();
  } catch (error) {
    output.warn(`the Python extension did not answer: ${describe(error)}`);
    return undefined;
  }
}

async function pythonInterpreter(): Promise<string | undefined> {
  const api = await pythonApi();
  try {
    return api?.environments?.getActiveEnvironmentPath(vscode.workspace.workspaceFolders?.[0]?.uri).path;
  } catch (error) {
    output.warn(`the Python extension named no interpreter: ${describe(error)}`);
    return undefined;
  }
}

/** Start again with the new interpreter's server when the user selects another one, unless
 * the server in use was not the interpreter's (a setting or `.venv` wins over it). */
async function watchInterpreter(context: vscode.ExtensionContext): Promise<void> {
  const api = await pythonApi();
  const changed = api?.environments?.onDidChangeActiveEnvironmentPath;
  if (changed !== undefined) {
    context.subscriptions.push(
      changed(() => {
        if (found === undefined || found.source === "the Python extension's interpreter") {
          void restart();
        }
      }),
    );
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
