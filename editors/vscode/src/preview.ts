// "templating: Preview Instruction": the instruction of the agent under the cursor as the model
// gets it at the project's sample state, from the server's `templating/preview` request. The
// answer is a list of sections (the instruction, then the rest of the agent's request), each
// drawn the same way.
import * as path from "node:path";
import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import { render, type PreviewResult } from "./render";

const REQUEST = "templating/preview";
/** How long typing or moving pauses before the preview follows. */
const PAUSE_MS = 300;

export class Preview implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private source: { uri: vscode.Uri; position: vscode.Position } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners: vscode.Disposable[];

  constructor(private readonly client: () => LanguageClient | undefined) {
    this.listeners = [
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (this.source !== undefined && event.document.uri.toString() === this.source.uri.toString()) {
          this.later();
        }
      }),
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (this.panel !== undefined && this.panel.visible && this.follows(event.textEditor)) {
          this.source = { uri: event.textEditor.document.uri, position: event.selections[0].active };
          this.later();
        }
      }),
    ];
  }

  /** Open (or bring forward) the preview of the instruction at the active editor's cursor. */
  async show(): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    if (editor === undefined) {
      void vscode.window.showInformationMessage("templating: open a file with an agent's instruction first.");
      return;
    }
    if (this.client() === undefined) {
      void vscode.window.showWarningMessage("templating: the server is not running (see templating: Show Output).");
      return;
    }
    this.source = { uri: editor.document.uri, position: editor.selection.active };
    if (this.panel === undefined) {
      this.panel = vscode.window.createWebviewPanel(
        "templating.preview",
        "Instruction preview",
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: false, enableFindWidget: true },
      );
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.source = undefined;
      });
    } else {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    }
    await this.update(true);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.panel?.dispose();
    for (const listener of this.listeners) {
      listener.dispose();
    }
  }

  private follows(editor: vscode.TextEditor): boolean {
    return editor.document.uri.scheme === "file" && editor.document.uri.toString() === this.source?.uri.toString();
  }

  private later(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(false), PAUSE_MS);
  }

  /** Ask the server again; a place with no instruction keeps the last preview unless asked. */
  private async update(asked: boolean): Promise<void> {
    const client = this.client();
    if (this.panel === undefined || this.source === undefined || client === undefined) {
      return;
    }
    let result: PreviewResult;
    try {
      result = await client.sendRequest<PreviewResult>(REQUEST, {
        textDocument: { uri: client.code2ProtocolConverter.asUri(this.source.uri) },
        position: { line: this.source.position.line, character: this.source.position.character },
      });
    } catch (error) {
      result = { sections: [], note: `the server could not preview it: ${error instanceof Error ? error.message : String(error)}` };
    }
    if (this.panel === undefined || (!asked && (result?.sections ?? []).length === 0)) {
      return;
    }
    const name = path.basename(this.source.uri.fsPath);
    this.panel.title = result?.agent ? `Instruction of ${result.agent}` : `Instruction preview: ${name}`;
    this.panel.webview.html = render(result ?? { sections: [], note: "the server sent nothing" }, name);
  }
}
